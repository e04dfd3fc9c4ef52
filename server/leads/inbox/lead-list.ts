/**
 * The lead inbox's answers over many leads (lead-query.ts): a page of the list with the next
 * page's cursor, every matching lead for the CSV export, how many match (the export's count), and
 * the stats with the average time to first response.
 */
import { type Transaction, sql } from "kysely";
import { leadKey } from "../../../leads/workflow";
import { type DB, isPostgres } from "../../db/database";
import type { LeadPage, LeadStats, LeadSummary } from "../../../staff-api/leads";
import type { Database } from "../../db/schema";
import {
  type Lead,
  type LeadFilters,
  type LeadRow,
  findLeadRow,
  leadCountsUnion,
  leadsUnion,
  selectLeads,
  targetOf,
  toLead,
} from "./lead-query";
import { type TargetClock, leadTarget, targetClock } from "../service-hours/lead-target";
import { readServiceHours } from "../service-hours/service-hours-store";
import { duplicatesOf } from "../duplicates/links";
import {
  type Cursor,
  type PageRequest,
  createdKey,
  readAll,
  readBatches,
  readPage,
} from "../../http/page-cursor";

type Executor = DB | Transaction<Database>;

/** How many characters of a message's first line the list shows. */
const PREVIEW_LENGTH = 120;
const characters = new Intl.Segmenter("en", { granularity: "grapheme" });

/** The first line of a message that has any text, cut to PREVIEW_LENGTH characters ("…"). */
export function firstLine(message: string): string {
  const line = message.split("\n").find((text) => text.trim()) ?? "";
  const shown = [...characters.segment(line.trim())].map((part) => part.segment);
  return shown.length > PREVIEW_LENGTH
    ? `${shown
        .slice(0, PREVIEW_LENGTH - 1)
        .join("")
        .trimEnd()}…`
    : shown.join("");
}

/**
 * A lead as the list shows it: its message's first line in place of the message, and where it
 * stands against its target at `clock`.
 */
function toLeadSummary(row: LeadRow, clock: TargetClock, duplicates: string[]): LeadSummary {
  const { message, ...lead } = toLead(row);
  return {
    ...lead,
    duplicates,
    ...(message === undefined ? {} : { messagePreview: firstLine(message) }),
    firstResponseAt: row.first_response_at,
    ...leadTarget(targetOf(row), clock),
    lastActivityAt: row.last_event_at ?? row.created_at,
    version: String(row.version),
  };
}

/** One lead as the list shows it, its target reckoned at `now`; null when there is no such lead. */
export async function leadSummary(
  db: Executor,
  key: string,
  now: Date,
): Promise<LeadSummary | null> {
  const row = await findLeadRow(db, key);
  if (!row) return null;
  const duplicates = await duplicatesOf(db, [row]);
  const clock = targetClock((await readServiceHours(db)).hours, now);
  return toLeadSummary(row, clock, duplicates.get(leadKey(row.type, row.id)) ?? []);
}

/** The matching leads' rows from a cursor on, newest first, in the keyset's order. */
const leadReader = (db: Executor, filters: LeadFilters) => (cursor: Cursor | null, limit: number) =>
  selectLeads(db, filters, { cursor, limit });

/**
 * One page of leads, newest first, and the cursor of the next page (null on the last); each
 * lead's target reckoned at `now` from the service hours, read once for the page.
 */
export async function listLeads(
  db: Executor,
  filters: LeadFilters,
  page: PageRequest,
  now: Date,
): Promise<LeadPage> {
  const clock = targetClock((await readServiceHours(db)).hours, now);
  // The page's duplicates in one query (../duplicates/links.ts), once its rows are read.
  const listed = await readPage(leadReader(db, filters), page, (row) => row, createdKey);
  const duplicates = await duplicatesOf(db, listed.items);
  const summary = (row: LeadRow) =>
    toLeadSummary(row, clock, duplicates.get(leadKey(row.type, row.id)) ?? []);
  return { ...listed, items: listed.items.map(summary) };
}

/** Every matching lead, newest first, read a batch at a time (for the CSV export). */
export async function* allLeads(db: DB, filters: LeadFilters): AsyncGenerator<Lead> {
  for await (const row of readAll(leadReader(db, filters), createdKey)) yield toLead(row);
}

/**
 * Every matching lead's row, newest first, a batch at a time: the Excel export looks up each
 * batch's notes and owners' names in one query each (inbox-xlsx.ts).
 */
export const leadRowBatches = (db: DB, filters: LeadFilters): AsyncGenerator<LeadRow[]> =>
  readBatches(leadReader(db, filters), createdKey);

/**
 * How many leads match, and nothing else: the CSV export's count, taken before it streams. It
 * reads no lead's columns (leadCountsUnion): 4 ms for 100,000 leads on SQLite, where leadStats,
 * reading every lead's first response, held the event loop for 120 ms. A status or owner filter
 * still joins lead_states, which costs about what leadStats does.
 */
export async function countLeads(db: Executor, filters: LeadFilters): Promise<number> {
  const counts = leadCountsUnion(db, filters);
  if (!counts) return 0;
  const { rows } = await sql<{ count: number | string }>`${counts}`.execute(db);
  return rows.reduce((sum, row) => sum + Number(row.count), 0);
}

/** How many leads match, and how many of them have a first response and how soon on average. */
export async function leadStats(db: Executor, filters: LeadFilters): Promise<LeadStats> {
  const union = leadsUnion(db, filters);
  if (!union) return { count: 0, responded: 0, averageFirstResponseMs: null };
  // Timestamps are ISO text: each database turns them into milliseconds its own way.
  const ms = isPostgres(db)
    ? sql`extract(epoch from (cast(l.first_response_at as timestamptz) - cast(l.created_at as timestamptz))) * 1000`
    : sql`(julianday(l.first_response_at) - julianday(l.created_at)) * 86400000.0`;
  const { rows } = await sql<{
    count: number | string;
    responded: number | string;
    average: number | string | null;
  }>`
    select count(*) as count, count(l.first_response_at) as responded,
      avg(case when l.first_response_at is null then null else ${ms} end) as average
    from (${union}) l`.execute(db);
  const row = rows[0];
  const average = row?.average;
  return {
    count: Number(row?.count ?? 0),
    responded: Number(row?.responded ?? 0),
    averageFirstResponseMs:
      average === null || average === undefined ? null : Math.round(Number(average)),
  };
}
