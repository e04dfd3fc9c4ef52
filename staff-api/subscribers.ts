/**
 * The newsletter's subscribers (server/staff/subscribers/subscriber-routes.ts): a list with filters and a
 * cursor, and a CSV export. For marketing and admins.
 */
import * as z from "zod/mini";
import { apiPaths } from "../common/paths";
import { filterText } from "../leads/fields";
import { REFUSALS } from "./answers";
import { endpoint } from "./endpoint";
import { Attribution } from "./leads";
import { PageShape, keysetPage } from "./query";

/** Who may see the newsletter's subscribers. */
export const SUBSCRIBER_ROLES = ["marketing", "admin"] as const;

/** A subscription's state; the database stores it as this text (server/db/schema.ts). */
export const SUBSCRIPTION_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The filters of the list and the export, as the console's address names them too. */
export const SubscriberFilterShape = {
  status: z.optional(z.enum(SUBSCRIPTION_STATUSES)),
  /** A substring of the address, any case. */
  q: filterText(200),
};
const FilterQuery = z.object(SubscriberFilterShape);
const ListQuery = z.object({ ...SubscriberFilterShape, ...PageShape });

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
});
export type Subscriber = z.output<typeof Subscriber>;

export const SubscriberPage = keysetPage(Subscriber);
export type SubscriberPage = z.output<typeof SubscriberPage>;

export const subscribersApi = {
  /** A page of subscribers, newest first. */
  list: endpoint({
    method: "GET",
    path: apiPaths.staffSubscribers,
    roles: SUBSCRIBER_ROLES,
    query: ListQuery,
    answers: { 200: SubscriberPage, ...REFUSALS },
  }),
  /** Every matching subscriber as a CSV file (a download, not JSON). */
  exportCsv: endpoint({
    method: "GET",
    path: apiPaths.staffSubscribersCsv,
    roles: SUBSCRIBER_ROLES,
    query: FilterQuery,
    answers: REFUSALS,
  }),
};
