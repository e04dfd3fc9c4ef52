/**
 * Signing in by e-mailed link, who is signed in, and signing out (server/staff/sign-in/session-routes.ts). The
 * two sign-in steps need no session; `me` and signing out are for any signed-in member of staff.
 */
import * as z from "zod/mini";
import { email } from "../leads/email";
import { Failed, REFUSALS, SESSION_REFUSALS, SIGN_IN_REFUSALS, Said } from "./answers";
import { endpoint } from "./endpoint";
import { sessionRead } from "./query";
import { STAFF_ROLES } from "./roles";

/** Who is signed in: the answer of `me` and of every sign-in, by link or passkey. */
export const Me = z.strictObject({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type Me = z.output<typeof Me>;

/** Who brought a member of staff in, for the welcome of their first sign-in. */
export const Invitation = z.strictObject({
  /** The inviting admin's name (or address); null for an account made from the command line. */
  invitedBy: z.nullable(z.string()),
  invitedAt: z.nullable(z.string()),
});
export type Invitation = z.output<typeof Invitation>;
/**
 * The signed-in member of staff as `me` answers it: who, and whether they marked themselves away
 * (an away member of a lead rotation is skipped: server/leads/routing/).
 */
export const MyAccount = z.strictObject({ ...Me.shape, away: z.boolean() });
export type MyAccount = z.output<typeof MyAccount>;

/** A sign-in link's token, as sign-in.ts's tokens are written. */
const Token = z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+$/));

export const sessionApi = {
  /**
   * E-mails a sign-in link if the address is an enabled account's. The answer is the same
   * whatever the address, and comes no sooner for one that has an account. `next`, the console
   * page the person was going to (a path under /staff/, common/paths.ts consoleNext), rides in
   * the link, and the console opens it after the sign-in; any other value is ignored, not refused.
   */
  requestLink: endpoint({
    method: "POST",
    path: "/api/staff/sign-in/email",
    signedIn: false,
    body: z.object({ email: email(), next: z.optional(z.nullable(z.string())) }),
    answers: { 202: Said, ...SIGN_IN_REFUSALS },
  }),
  /** Signs in with a link's token: sets the session cookie, answers who signed in. */
  verify: endpoint({
    method: "POST",
    path: "/api/staff/sign-in/email/verify",
    signedIn: false,
    body: z.object({ token: Token }),
    answers: { 200: Me, 401: Failed, ...SIGN_IN_REFUSALS },
  }),
  /** Who is signed in, and whether they are away. */
  me: sessionRead("/api/staff/me", [], MyAccount),
  /** Who invited the person signed in, and when: the console's welcome says it. */
  invitation: sessionRead("/api/staff/me/invitation", [], Invitation),
  /** Away (no new leads from a rotation) or back; answers the account as `me` does. */
  updateMe: endpoint({
    method: "PATCH",
    path: "/api/staff/me",
    roles: [],
    body: z.object({ away: z.boolean() }),
    answers: { 200: MyAccount, ...REFUSALS },
  }),
  /**
   * Ends this browser's session and clears its cookie: 204, no body. It reads no body; whatever
   * comes is ignored.
   */
  signOut: endpoint({
    method: "POST",
    path: "/api/staff/sign-out",
    roles: [],
    answers: SESSION_REFUSALS,
  }),
  /** Ends every session of the account, this one too: 204, no body. */
  signOutEverywhere: endpoint({
    method: "POST",
    path: "/api/staff/sign-out-everywhere",
    roles: [],
    answers: SESSION_REFUSALS,
  }),
};
