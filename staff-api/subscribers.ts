/**
 * The newsletter's subscribers (server/staff/subscribers/subscriber-routes.ts): a list with filters and a
 * cursor, and a CSV export. For marketing and admins.
 */
import * as z from "zod/mini";
import { apiPaths } from "../common/paths";
import { filterText } from "../leads/fields";
import { Attribution } from "./leads";
import { keysetPage, listAndExport } from "./query";

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

/** A page of subscribers, newest first; and every matching one as a CSV file. */
export const subscribersApi = listAndExport({
  path: apiPaths.staffSubscribers,
  csvPath: apiPaths.staffSubscribersCsv,
  roles: SUBSCRIBER_ROLES,
  filters: SubscriberFilterShape,
  page: SubscriberPage,
});
