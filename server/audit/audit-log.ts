/**
 * Reading the audit log for the console's admin pages: newest first by (at, id) with the inbox's
 * keyset cursor, filtered by actor, action, kind and time. A page also says who each actor is now
 * and whether the records it names are still stored, and a lead correction's old and new values
 * as its lead's history still holds them (the CSV keeps the log as it is). The log
 * itself is written by audit.ts only.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/database";
import { idByEmail } from "../db/id-by-email";
import type { Database } from "../db/schema";
import {
  type AuditItem,
  type AuditPage,
  type AuditShown,
  actionsOfKind,
} from "../../staff-api/audit";
import { type LeadType, parseLeadKey } from "../../leads/workflow";
import { correctionsByEvent } from "./corrections";
import { type Cursor, type PageRequest, olderThan, readAll, readPage } from "../http/page-cursor";

type Executor = DB | Transaction<Database>;

export interface AuditFilters {
  /** The acting account's id; "nobody" when the actor e-mail is no account's (matches nothing). */
  actorId?: string;
  action?: string;
  /** Changes, reads of personal data, or all (AUDIT_ACTION_KINDS). */
  kind?: AuditShown;
  /** At or after, and before (ISO instants). */
  since?: string;
  until?: string;
}

/** The account id an `actor` filter (an e-mail) names, or a value that matches no entry. */
export async function actorFilter(db: Executor, address: string): Promise<string> {
  // Accounts are disabled, never deleted: an address without one has no entries.
  return (await idByEmail(db, "staff_accounts", address)) ?? "no such account";
}

function select(db: Executor, filters: AuditFilters, cursor: Cursor | null) {
  let query = db
    .selectFrom("audit_log")
    .select([
      "id",
      "at",
      "actor_id",
      "actor_email",
      "action",
      "record_type",
      "record_id",
      "detail",
    ]);
  if (filters.actorId !== undefined) query = query.where("actor_id", "=", filters.actorId);
  if (filters.action !== undefined) query = query.where("action", "=", filters.action);
  // Changes are everything but reads and counts: an action the table does not know still shows.
  if (filters.kind === "change") {
    query = query.where("action", "not in", [...actionsOfKind("read"), ...actionsOfKind("count")]);
  }
  if (filters.kind === "read") query = query.where("action", "in", actionsOfKind("read"));
  if (filters.since) query = query.where("at", ">=", filters.since);
  if (filters.until) query = query.where("at", "<", filters.until);
  if (cursor) query = query.where(olderThan(cursor, "at"));
  return query;
}

type Row = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];

function parseDetail(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    return Object.keys(value).length ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An entry as the log holds it, before anything is looked up. */
function toItem(row: Row): AuditItem {
  return {
    id: row.id,
    at: row.at,
    actor: row.actor_email,
    actorName: null,
    action: row.action,
    subject:
      row.record_type !== null && row.record_id !== null
        ? { type: row.record_type, id: row.record_id, stored: null, email: null }
        : null,
    detail: parseDetail(row.detail),
  };
}

/** The subscription a confirmed address change replaced (server/newsletter/subscribers/replacement.ts). */
function replacedOf(row: Row): string | undefined {
  if (row.action !== "subscriber.address-changed") return undefined;
  const replaced = parseDetail(row.detail)?.replaced;
  return typeof replaced === "string" ? replaced : undefined;
}

/** The ids of one type of record a page's entries name. */
function idsOf(rows: Row[], type: string): string[] {
  return [
    ...new Set(
      rows.flatMap((row) => (row.record_type === type && row.record_id ? [row.record_id] : [])),
    ),
  ];
}

/** Of these ids, those a table still holds, each with the value of one of its columns. */
async function stored(
  db: Executor,
  table:
    | "staff_accounts"
    | "newsletter_subscriptions"
    | "newsletter_campaigns"
    | "contact_messages"
    | "demo_requests",
  column: "id" | "name" | "email",
  ids: string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  // Every one of these tables has the column asked for; the cast keeps the union out of the query.
  const rows = await db
    .selectFrom(table as "staff_accounts")
    .select((eb) => ["id", eb.ref(column as "name").as("value")])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.value]));
}

/**
 * What a page needs besides the log: the actors' names, and which of the leads, subscribers and
 * campaigns it names are still stored (with a subscriber's address, which the console's link
 * searches by). A query per table, each for at most a page of ids.
 */
async function lookUp(db: Executor, rows: Row[]) {
  const actorIds = [...new Set(rows.flatMap((row) => (row.actor_id ? [row.actor_id] : [])))];
  const leads = idsOf(rows, "lead").flatMap((key) => {
    const parsed = parseLeadKey(key);
    return parsed ? [{ key, ...parsed }] : [];
  });
  const leadIds = (type: LeadType) =>
    leads.filter((lead) => lead.type === type).map((lead) => lead.id);
  const names = await stored(db, "staff_accounts", "name", actorIds);
  const emails = await stored(db, "newsletter_subscriptions", "email", [
    ...idsOf(rows, "subscriber"),
    ...rows.flatMap((row) => replacedOf(row) ?? []),
  ]);
  const campaigns = await stored(db, "newsletter_campaigns", "id", idsOf(rows, "campaign"));
  const contacts = await stored(db, "contact_messages", "id", leadIds("contact"));
  const demos = await stored(db, "demo_requests", "id", leadIds("demo"));
  // A correction's old and new values are in its lead's history, not in the log: erasure takes them.
  const corrections = await correctionsByEvent(
    db,
    rows.flatMap((row) => {
      const event = row.action === "lead.corrected" ? parseDetail(row.detail)?.event : undefined;
      return typeof event === "string" ? [event] : [];
    }),
  );
  const leadsStored = new Set(
    leads
      .filter((lead) => (lead.type === "contact" ? contacts : demos).has(lead.id))
      .map((lead) => lead.key),
  );
  return {
    names,
    corrections,
    /**
     * A confirmed address change's old and new address, from the two subscriptions: none once
     * either was erased, as the log keeps neither address.
     */
    addressChange(row: Row) {
      const from = emails.get(replacedOf(row) ?? "");
      const to = emails.get(row.record_id ?? "");
      return from !== undefined && to !== undefined ? { email: { from, to } } : undefined;
    },
    subject(type: string, id: string) {
      if (type === "subscriber") return { stored: emails.has(id), email: emails.get(id) ?? null };
      if (type === "lead") return { stored: leadsStored.has(id), email: null };
      if (type === "campaign") return { stored: campaigns.has(id), email: null };
      return { stored: null, email: null };
    },
  };
}

/** A page's rows as items, with what lookUp found. */
async function toItems(db: Executor, rows: Row[]): Promise<AuditItem[]> {
  const found = await lookUp(db, rows);
  return rows.map((row) => {
    const item = toItem(row);
    const subject = item.subject && {
      ...item.subject,
      ...found.subject(item.subject.type, item.subject.id),
    };
    const correction =
      found.corrections.get(String(item.detail?.event)) ?? found.addressChange(row);
    const actorName = found.names.get(row.actor_id ?? "") ?? null;
    return { ...item, actorName, subject, ...(correction ? { correction } : {}) };
  });
}

/** Reads the matching entries newest first from a cursor on. */
const reader = (db: Executor, filters: AuditFilters) => (cursor: Cursor | null, limit: number) =>
  select(db, filters, cursor).orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();

/** An entry's place in the log's order. */
const keyOf = (row: Row): Cursor => ({ createdAt: row.at, id: row.id });

/** One page of entries, newest first, and the cursor of the next (null on the last). */
export async function listAudit(
  db: Executor,
  filters: AuditFilters,
  page: PageRequest = {},
): Promise<AuditPage> {
  const { items, nextCursor } = await readPage(reader(db, filters), page, (row) => row, keyOf);
  return { items: await toItems(db, items), nextCursor };
}

export async function countAudit(db: Executor, filters: AuditFilters): Promise<number> {
  const row = await select(db, filters, null)
    .clearSelect()
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Every matching entry, newest first, read a batch at a time (for the CSV export). */
export async function* allAudit(db: DB, filters: AuditFilters): AsyncGenerator<AuditItem> {
  for await (const row of readAll(reader(db, filters), keyOf)) yield toItem(row);
}

/** The actions the log holds, for the console's filter. */
export async function auditActions(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select("action")
    .distinct()
    .orderBy("action")
    .execute();
  return rows.map((row) => row.action);
}

/** The CSV export's columns, in order; `detail` is the entry's JSON. */
export const AUDIT_CSV_COLUMNS = [
  "id",
  "at",
  "actor",
  "action",
  "subjectType",
  "subjectId",
  "detail",
] as const;

export function auditCsvRow(item: AuditItem): Record<string, unknown> {
  return {
    ...item,
    subjectType: item.subject?.type ?? "",
    subjectId: item.subject?.id ?? "",
    detail: item.detail ? JSON.stringify(item.detail) : "",
  };
}
