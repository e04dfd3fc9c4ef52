/**
 * The admin pages' API (server/staff/accounts/admin-routes.ts): the team, which sales and admins pick a
 * lead's owner from, and for admins only the staff accounts, erasure of a person and the outbox.
 * The audit log is audit.ts.
 */
import * as z from "zod/mini";
import { email } from "../leads/email";
import { optionalText } from "../leads/fields";
import { Failed, RECORD_REFUSALS, REFUSALS } from "./answers";
import { endpoint } from "./endpoint";
import { MAIL_TEMPLATE_KINDS } from "./mail";
import { keysetPage, pagedList, recordId, sessionRead } from "./query";
import { ADMIN_ROLES, SALES_ROLES, STAFF_ROLES } from "./roles";

export const NO_ACCOUNT = "No such account";

/** How long an invitation's sign-in link works (a sign-in link asked for works 15 minutes). */
export const INVITATION_DAYS = 7;
export const NO_MESSAGE = "No such message";

const Role = z.enum(STAFF_ROLES);

// Strict, like every answer of the contract: the API tests parse each answer with these.
export const TeamMember = z.strictObject({
  email: z.string(),
  name: z.string(),
  role: Role,
  /** A disabled account owns no new lead, but still owns its leads: the inbox filters by it. */
  disabled: z.boolean(),
});
export type TeamMember = z.output<typeof TeamMember>;

/**
 * How staff are named wherever they are read (the console, the e-mails to staff): by name, by
 * address when the account has none.
 */
export const staffName = (member: { name: string; email: string }) => member.name || member.email;
export const Team = z.strictObject({ items: z.array(TeamMember) });

/** An account as the admin pages show it. */
export const StaffAccount = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: Role,
  disabled: z.boolean(),
  createdAt: z.string(),
  /** When it last opened a session; null if never (or not since its sessions were cleared). */
  lastSignInAt: z.nullable(z.string()),
  /** When its latest invitation was sent; null if none was (added from the command line). */
  invitedAt: z.nullable(z.string()),
  /** Who sent that invitation: the admin's name, else address; null if unknown. */
  invitedBy: z.nullable(z.string()),
  /** What a change names (If-Match, decision 0068): address, name, role, disabled, invitation. */
  version: z.string(),
});
export type StaffAccount = z.output<typeof StaffAccount>;
export const StaffAccounts = z.strictObject({ items: z.array(StaffAccount) });

/** What an erasure removed: rows per table (server/people/forget-person.ts). */
export const Erased = z.strictObject({ erased: z.record(z.string(), z.number()) });

/** The alerts (server/alerts/): the kinds that may be sent again once sent. */
export const ALERT_KINDS = ["slack", "webhook"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * What an outbox message is, one kind for each thing the server sends; the database stores it as
 * this text (server/db/schema.ts) and every enqueue names one:
 * - `contact`, `demo`: the sales e-mail about a new lead;
 * - `newsletter-confirmation`, `newsletter-welcome`: a subscriber's confirmation and welcome;
 * - `campaign`: a campaign's copy for one subscriber, sent at the campaign's rate (the outbox
 *   page leaves these out: a campaign's report shows them); `campaign-test`: a draft sent to
 *   staff to check it;
 * - `staff-sign-in`, `staff-invitation`: a sign-in link, an invitation (both carry a secret);
 * - `brake-alert`: the team's e-mail about a campaign the brake paused;
 * - `lead-escalated`: a lead past its due time without a first response, to its owner (or the
 *   sales address) and the admins;
 * - `lead-assigned`: a lead's new owner told it is theirs (routing, or a hand in the console);
 * - `lead-reply`: a reply to a lead written in the console, sent in the member of staff's name;
 * - `slack`, `webhook`: the alerts to Slack and a CRM (server/alerts/), which may be sent again.
 *
 * The e-mails are those the admins' preview lists (mail.ts, MAIL_TEMPLATES), so a new one is
 * named once, there; the alerts follow.
 */
export const OUTBOX_KINDS = [...MAIL_TEMPLATE_KINDS, ...ALERT_KINDS];
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export function isAlertKind(kind: OutboxKind): kind is AlertKind {
  return (ALERT_KINDS as readonly OutboxKind[]).includes(kind);
}

/**
 * An outbox message's status as stored: "held", a copy of a paused campaign; "cancelled", a copy
 * of a cancelled campaign or one whose subscriber left before it went out. Neither is sent.
 */
export const OUTBOX_STATUSES = ["pending", "sent", "failed", "held", "cancelled"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** An outbox message's state as the admin pages list it. */
export const OUTBOX_STATES = ["pending", "failed", "sent"] as const satisfies OutboxStatus[];
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** A message of the outbox, never its body: a sign-in e-mail's holds a working link. */
export const OutboxItem = z.strictObject({
  id: z.string(),
  kind: z.enum(OUTBOX_KINDS),
  /** The recipient; null when the stored message was dropped (a sign-in link after its end). */
  to: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  state: z.enum(OUTBOX_STATES),
});
export type OutboxItem = z.output<typeof OutboxItem>;

export const OutboxPage = keysetPage(OutboxItem);
export type OutboxPage = z.output<typeof OutboxPage>;

/** A retry or a resend takes no input; an empty JSON object or no body at all is fine. */
const NoBody = z.optional(z.object({}));

export const teamApi = {
  /**
   * Every account, by address, the disabled ones too (said so): for whoever may own a lead, and
   * marketing's pick of an article's author.
   */
  list: sessionRead("/api/staff/team", [...SALES_ROLES, "marketing"], Team),
};

export const accountsApi = {
  /** Every account with its last sign-in, by address. */
  list: sessionRead("/api/staff/accounts", ADMIN_ROLES, StaffAccounts),
  /** A new account, sent its invitation; 409 when the address has one already. */
  invite: endpoint({
    method: "POST",
    path: "/api/staff/accounts",
    roles: ADMIN_ROLES,
    body: z.object({ email: email(), role: Role, name: optionalText({ max: 100 }) }),
    answers: { 201: StaffAccount, ...REFUSALS, 409: Failed },
  }),
  /**
   * A new role, or disabled or enabled, of the account's `version` as listed (If-Match); answers
   * the account as it now is: 412 with it when another admin changed it since, 428 without.
   */
  change: endpoint({
    method: "PATCH",
    path: "/api/staff/accounts/:id",
    roles: ADMIN_ROLES,
    params: recordId(NO_ACCOUNT),
    notFound: NO_ACCOUNT,
    versioned: true,
    body: z.object({ role: z.optional(Role), disabled: z.optional(z.boolean()) }),
    answers: { 200: StaffAccount, ...RECORD_REFUSALS, 412: StaffAccount, 428: Failed },
  }),
  /**
   * The invitation sent again, its earlier link void; answers the account. 409 when it has
   * signed in already or is disabled. Of the version listed, as `change`: an invitation another
   * admin has just sent again is not voided by a page that had not seen it (412).
   */
  resendInvitation: endpoint({
    method: "POST",
    path: "/api/staff/accounts/:id/invitation",
    roles: ADMIN_ROLES,
    params: recordId(NO_ACCOUNT),
    notFound: NO_ACCOUNT,
    versioned: true,
    body: NoBody,
    answers: { 200: StaffAccount, ...RECORD_REFUSALS, 409: Failed, 412: StaffAccount, 428: Failed },
  }),
};

export const erasureApi = {
  /** Erases everything stored under a person's address (`npm run leads -- forget`). */
  forget: endpoint({
    method: "POST",
    path: "/api/staff/forget",
    roles: ADMIN_ROLES,
    body: z.object({ email: email() }),
    answers: { 200: Erased, ...REFUSALS },
  }),
};

export const outboxApi = {
  /** A page of messages, newest first: waiting and failed ones unless a state is asked for. */
  list: pagedList({
    path: "/api/staff/outbox",
    roles: ADMIN_ROLES,
    filters: { state: z.optional(z.enum(OUTBOX_STATES)) },
    page: OutboxPage,
  }),
  /** Queues a failed message (or a sent alert) again; 409 for any other. */
  retry: endpoint({
    method: "POST",
    path: "/api/staff/outbox/:id/retry",
    roles: ADMIN_ROLES,
    params: recordId(NO_MESSAGE),
    notFound: NO_MESSAGE,
    body: NoBody,
    answers: { 200: OutboxItem, ...RECORD_REFUSALS, 409: Failed },
  }),
};
