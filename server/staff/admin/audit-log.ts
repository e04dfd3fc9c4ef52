/**
 * Reading the audit log for the console's admin pages: newest first by (at, id) with the inbox's
 * keyset cursor, filtered by actor, action and time. The log itself is written by audit.ts only.
 */
import type { Transaction } from "kysely";
import { emailKey } from "../../../leads/email";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";
import type { AuditItem, AuditPage } from "../../../staff-api/audit";
import { type Cursor, type PageRequest, olderThan, readAll, readPage } from "../page-cursor";

type Executor = DB | Transaction<Database>;

export interface AuditFilters {
  /** The acting account's id; "nobody" when the actor e-mail is no account's (matches nothing). */
  actorId?: string;
  action?: string;
  /** At or after, and before (ISO instants). */
  since?: string;
  until?: string;
}

/** The account id an `actor` filter (an e-mail) names, or a value that matches no entry. */
export async function actorFilter(db: Executor, address: string): Promise<string> {
  const row = await db
    .selectFrom("staff_accounts")
    .select("id")
    .where("email_key", "=", emailKey(address))
    .executeTakeFirst();
  // Accounts are disabled, never deleted: an address without one has no entries.
  return row?.id ?? "no such account";
}

function select(db: Executor, filters: AuditFilters, cursor: Cursor | null) {
  let query = db
    .selectFrom("audit_log")
    .select(["id", "at", "actor_email", "action", "record_type", "record_id", "detail"]);
  if (filters.actorId !== undefined) query = query.where("actor_id", "=", filters.actorId);
  if (filters.action !== undefined) query = query.where("action", "=", filters.action);
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

function toItem(row: Row): AuditItem {
  return {
    id: row.id,
    at: row.at,
    actor: row.actor_email,
    action: row.action,
    subject:
      row.record_type !== null && row.record_id !== null
        ? { type: row.record_type, id: row.record_id }
        : null,
    detail: parseDetail(row.detail),
  };
}

/** Reads the matching entries newest first from a cursor on. */
const reader = (db: Executor, filters: AuditFilters) => (cursor: Cursor | null, limit: number) =>
  select(db, filters, cursor).orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();

/** An entry's place in the log's order. */
const keyOf = (row: Row): Cursor => ({ createdAt: row.at, id: row.id });

/** One page of entries, newest first, and the cursor of the next (null on the last). */
export function listAudit(
  db: Executor,
  filters: AuditFilters,
  page: PageRequest = {},
): Promise<AuditPage> {
  return readPage(reader(db, filters), page, toItem, keyOf);
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
