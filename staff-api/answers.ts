/** The answers every staff endpoint shares: the refusals, and the sets of them routes list. */
import * as z from "zod/mini";

/** Every refusal: a message a person can read. */
export const Failed = z.strictObject({ error: z.string() });

/** The refusals every guarded endpoint can answer, and those of an endpoint about one record. */
export const REFUSALS = { 400: Failed, 401: Failed, 403: Failed, 503: Failed };
export const RECORD_REFUSALS = { ...REFUSALS, 404: Failed };

/** What a 503 says; the server adds Retry-After. */
export const UNAVAILABLE = { error: "Please try again in a few minutes." };
