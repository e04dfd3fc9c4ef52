/**
 * Newsletter subscribers for the console's marketing pages: newest first by (created_at, id)
 * with the inbox's keyset cursor, filtered by status and a substring of the address.
 */
import { type Transaction, sql } from "kysely";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";
import type {
  Subscriber,
  SubscriberCounts,
  SubscriberPage,
  SubscriptionStatus,
} from "../../../staff-api/subscribers";
import { attributionColumns, sourceOf } from "../../leads/attribution";
import { ATTRIBUTION_COLUMNS } from "../../db/migrations/0008-lead-attribution";
import { likePattern } from "../../leads/inbox/lead-query";
import { CONFIRMATION_RESEND_MS } from "./lifecycle";
import { versionOfValues } from "../../http/contract-routes";
import {
  type Cursor,
  type PageRequest,
  createdKey,
  olderThan,
  readAll,
  readPage,
} from "../../http/page-cursor";

type Executor = DB | Transaction<Database>;

export interface SubscriberFilters {
  status?: SubscriptionStatus;
  /** A substring of the address, any case. */
  q?: string;
  /** Signed up before (ISO instant): the export's snapshot. */
  until?: string;
}

/** A subscription's own columns, as the list reads them and the export names them. */
const SUBSCRIPTION_COLUMNS = [
  "id",
  "email",
  "status",
  "created_at",
  "confirmed_at",
  "unsubscribed_at",
] as const;

function select(db: Executor, filters: SubscriberFilters, cursor: Cursor | null) {
  let query = db
    .selectFrom("newsletter_subscriptions")
    .select([...SUBSCRIPTION_COLUMNS, "source", ...ATTRIBUTION_COLUMNS])
    // The last confirmation e-mail, for "Send the confirmation again" (outbox_lead index).
    .select((eb) =>
      eb
        .selectFrom("outbox")
        .whereRef("outbox.lead_id", "=", "newsletter_subscriptions.id")
        .where("outbox.kind", "=", "newsletter-confirmation")
        .select((inner) => inner.fn.max("outbox.created_at").as("at"))
        .as("confirmation_sent_at"),
    );
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.q) {
    query = query.where(sql<boolean>`lower(email) like ${likePattern(filters.q)} escape '\\'`);
  }
  if (filters.until) query = query.where("created_at", "<", filters.until);
  if (cursor) query = query.where(olderThan(cursor));
  return query;
}

type Row = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];

function toSubscriber(row: Row): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
    // The sign-up route stores the Referer's path, or "unknown" without one.
    page: row.source.startsWith("/") ? row.source : null,
    source: sourceOf(row),
    confirmationSentAt: row.confirmation_sent_at ?? null,
    confirmationAgainAt: row.confirmation_sent_at
      ? new Date(Date.parse(row.confirmation_sent_at) + CONFIRMATION_RESEND_MS).toISOString()
      : null,
    version: versionOfValues([row.email, row.status, row.confirmed_at, row.unsubscribed_at]),
  };
}

/** One subscriber as the list shows them (with their version), or null. */
export async function findSubscriber(db: Executor, id: string): Promise<Subscriber | null> {
  const row = await select(db, {}, null).where("id", "=", id).executeTakeFirst();
  return row ? toSubscriber(row) : null;
}

/** Reads the matching subscribers newest first from a cursor on. */
const pageReader =
  (db: Executor, filters: SubscriberFilters) => (cursor: Cursor | null, limit: number) =>
    select(db, filters, cursor)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();

/** One page of subscribers, newest first, and the cursor of the next (null on the last). */
export function listSubscribers(
  db: Executor,
  filters: SubscriberFilters,
  page: PageRequest = {},
): Promise<SubscriberPage> {
  return readPage(pageReader(db, filters), page, toSubscriber, createdKey);
}

export async function countSubscribers(db: Executor, filters: SubscriberFilters) {
  const row = await select(db, filters, null)
    .clearSelect()
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * How many subscribers match the filters, and in each state how many the search matches: one
 * count grouped by state.
 */
export async function subscriberCounts(
  db: Executor,
  filters: SubscriberFilters,
): Promise<SubscriberCounts> {
  const rows = await select(db, { ...filters, status: undefined }, null)
    .clearSelect()
    .select((eb) => ["status", eb.fn.countAll().as("count")])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  const matching = filters.status
    ? counts[filters.status]
    : counts.pending + counts.confirmed + counts.unsubscribed;
  return { matching, ...counts };
}

/** Every matching subscriber, newest first, read a batch at a time (for the CSV export). */
export async function* allSubscribers(
  db: DB,
  filters: SubscriberFilters,
): AsyncGenerator<Subscriber> {
  for await (const row of readAll(pageReader(db, filters), createdKey)) yield toSubscriber(row);
}

/** The CSV export's columns, in order: named as in the leads' export. */
export const SUBSCRIBER_CSV_COLUMNS = [
  ...SUBSCRIPTION_COLUMNS,
  "form_page",
  ...ATTRIBUTION_COLUMNS,
] as const;

export function subscriberCsvRow(
  subscriber: Subscriber,
): Record<(typeof SUBSCRIBER_CSV_COLUMNS)[number], unknown> {
  return {
    id: subscriber.id,
    email: subscriber.email,
    status: subscriber.status,
    created_at: subscriber.createdAt,
    confirmed_at: subscriber.confirmedAt,
    unsubscribed_at: subscriber.unsubscribedAt,
    form_page: subscriber.page,
    ...attributionColumns(subscriber.source),
  };
}
