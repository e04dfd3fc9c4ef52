/**
 * The newsletter's subscribers (server/newsletter/subscribers/subscriber-routes.ts): a list with filters
 * and a cursor, a CSV export, how many there are, and for one subscriber sending the
 * confirmation e-mail again or unsubscribing them. For marketing and admins.
 */
import * as z from "zod/mini";
import { email } from "../leads/email";
import { filterText } from "../leads/fields";
import { Failed, RECORD_REFUSALS, Said } from "./answers";
import { endpoint } from "./endpoint";
import { Attribution } from "./leads";
import { filteredRead, keysetPage, listAndExport, recordId } from "./query";
import { MARKETING_ROLES } from "./roles";

/** A subscription's state; the database stores it as this text (server/db/schema.ts). */
export const SUBSCRIPTION_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The filters of the list and the export, as the console's address names them too. */
export const SubscriberFilterShape = {
  status: z.optional(z.enum(SUBSCRIPTION_STATUSES)),
  /** A substring of the address, any case. */
  q: filterText(200),
};

// Strict, like every answer of the contract: the API tests parse each answer with these.
export const Subscriber = z.strictObject({
  id: z.string(),
  email: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  createdAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  unsubscribedAt: z.nullable(z.string()),
  /** The page of the site the sign-up came from (its Referer path); null when unknown. */
  page: z.nullable(z.string()),
  /** Where the visit of the first sign-up came from, where it said (leads/source.ts). */
  source: Attribution,
  /** When the last confirmation e-mail to them was queued; null when none was. */
  confirmationSentAt: z.nullable(z.string()),
  /** From when another may go ("Send the confirmation again" waits an hour); null when none went. */
  confirmationAgainAt: z.nullable(z.string()),
  /**
   * What a new address for them names (If-Match): their address, state and its dates
   * (decision 0068).
   */
  version: z.string(),
});
export type Subscriber = z.output<typeof Subscriber>;

export const SubscriberPage = keysetPage(Subscriber);
export type SubscriberPage = z.output<typeof SubscriberPage>;

/** A number for each state of a subscription, under the state's name. */
const COUNT_BY_STATUS = Object.fromEntries(
  SUBSCRIPTION_STATUSES.map((status) => [status, z.number()]),
) as Record<SubscriptionStatus, z.ZodMiniNumber>;

/**
 * How many subscribers match the filters, and how many of those the search matches are in each
 * state (the status filter aside: the console shows the states side by side).
 */
export const SubscriberCounts = z.strictObject({ matching: z.number(), ...COUNT_BY_STATUS });
export type SubscriberCounts = z.output<typeof SubscriberCounts>;

export const NO_SUCH_SUBSCRIBER = "No such subscriber";

/**
 * How a subscriber left: their unsubscribe link (or their mail client's one-click), a complaint
 * about our mail, staff unsubscribing them, or a corrected address replacing the subscription.
 * The database stores it as this text (server/db/schema.ts).
 */
export const LEFT_HOWS = ["unsubscribe-link", "complaint", "staff", "address-changed"] as const;
export type LeftHow = (typeof LEFT_HOWS)[number];

/**
 * On which form and page a newsletter sign-up was made, when it was made and confirmed, and when
 * and how it was left: the same fields in a subscriber's consent record and in a person's export.
 */
export const signUpDates = {
  form: z.literal("newsletter"),
  /** The page of the sign-up form (its Referer path), or "unknown". */
  page: z.string(),
  signedUpAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  leftAt: z.nullable(z.string()),
  /** How they left; null if they have not. */
  leftHow: z.nullable(z.enum(LEFT_HOWS)),
};

/**
 * A subscriber's consent record (docs/personal-data.md, "Consent on record"): the exact words
 * they agreed to, on which form and page, when they signed up and confirmed, and when and how
 * they left.
 */
export const SubscriberConsent = z.strictObject({
  email: z.string(),
  /** Null for a sign-up made before consent wordings were recorded. */
  wording: z.nullable(z.strictObject({ text: z.string(), version: z.string() })),
  ...signUpDates,
});
export type SubscriberConsent = z.output<typeof SubscriberConsent>;

export const subscribersApi = {
  /** A page of subscribers, newest first; and every matching one as a CSV file. */
  ...listAndExport(
    "/api/staff/subscribers",
    MARKETING_ROLES,
    SubscriberFilterShape,
    SubscriberPage,
  ),
  counts: filteredRead(
    "/api/staff/subscribers/counts",
    MARKETING_ROLES,
    z.object(SubscriberFilterShape),
    SubscriberCounts,
  ),
  /**
   * The confirmation e-mail again, to a subscriber who has not confirmed yet: 409 once they have,
   * when one went in the last hour, the mailbox's daily cap is reached, or the address is on the
   * suppression list (the message says which).
   */
  resendConfirmation: endpoint({
    method: "POST",
    path: "/api/staff/subscribers/:id/confirmation",
    roles: MARKETING_ROLES,
    params: recordId(NO_SUCH_SUBSCRIBER),
    notFound: NO_SUCH_SUBSCRIBER,
    answers: { 202: Said, ...RECORD_REFUSALS, 409: Failed },
  }),
  /** Their consent record; each read is in the audit log. */
  consent: endpoint({
    method: "GET",
    path: "/api/staff/subscribers/:id/consent",
    roles: MARKETING_ROLES,
    params: recordId(NO_SUCH_SUBSCRIBER),
    notFound: NO_SUCH_SUBSCRIBER,
    answers: { 200: SubscriberConsent, ...RECORD_REFUSALS },
  }),
  /** Unsubscribes them, as their own link would; one who has left already stays so. */
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/staff/subscribers/:id/unsubscribe",
    roles: MARKETING_ROLES,
    params: recordId(NO_SUCH_SUBSCRIBER),
    notFound: NO_SUCH_SUBSCRIBER,
    answers: { 200: Said, ...RECORD_REFUSALS },
  }),
  /**
   * A new address for them (docs/decisions/0035-erasure-and-address-changes.md): the confirmation
   * e-mail goes to it (202), and it replaces the old address once confirmed there. 409 when they
   * have unsubscribed, it is their address already, it has a confirmed subscription, is on the
   * suppression list, or may get no confirmation e-mail now (the message says which). Of the
   * `version` listed (If-Match): 412 with the subscriber as they now are when they changed since
   * (confirmed, left), 428 without a version.
   */
  changeAddress: endpoint({
    method: "POST",
    path: "/api/staff/subscribers/:id/address",
    roles: MARKETING_ROLES,
    params: recordId(NO_SUCH_SUBSCRIBER),
    versioned: true,
    body: z.object({ email: email() }),
    notFound: NO_SUCH_SUBSCRIBER,
    answers: { 202: Said, ...RECORD_REFUSALS, 409: Failed, 412: Subscriber, 428: Failed },
  }),
};
