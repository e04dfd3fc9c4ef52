/** The answers every staff endpoint shares: the refusals, and the sets of them routes list. */
import * as z from "zod/mini";

/** Every refusal: a message a person can read. */
export const Failed = z.strictObject({ error: z.string() });

/** A change or request done, in a sentence the console shows ("The invitation is on its way."). */
export const Said = z.strictObject({ message: z.string() });

/** The refusals every guarded endpoint can answer, and those of an endpoint about one record. */
export const REFUSALS = { 400: Failed, 401: Failed, 403: Failed, 503: Failed };
export const RECORD_REFUSALS = { ...REFUSALS, 404: Failed };

/**
 * The refusals of a step of signing in: a malformed request, a cross-site one (the server's
 * Origin check refuses it before anything runs), too many attempts from this client or for this
 * address, the database away.
 */
export const SIGN_IN_REFUSALS = { 400: Failed, 403: Failed, 429: Failed, 503: Failed } as const;

/**
 * The refusals of a route that reads nothing but the session (so no 400: the team, the accounts,
 * the audit log's actions): signed out, a cross-site request, the database away. (`as const`, so that spread into an endpoint's answers its statuses stay
 * numbers, which a handler can answer with: a sign-in step answers its 429 itself.)
 */
export const SESSION_REFUSALS = { 401: Failed, 403: Failed, 503: Failed } as const;

/** What a 503 says; the server adds Retry-After. */
export const UNAVAILABLE = { error: "Please try again in a few minutes." };

/** What a 429 says; the server adds Retry-After. */
export const TOO_MANY = { error: "Too many attempts. Please wait and try again." };
