/**
 * What the staff console's list, export and change routes share: reading the date and page
 * parameters of their query strings (the contract, staff-api/, declares them), the first refusal
 * as a message, the audit actor and what it keeps of filters, the 503 they answer when the
 * database is away, and the streamed CSV or Excel file of an export.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Transaction } from "kysely";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import { type AuditAction, recordAudit } from "../audit/audit";
import { UNAVAILABLE } from "../../staff-api/answers";
import { Refused } from "./contract-routes";
import type { Readable } from "node:stream";
import { csvStream } from "./csv-stream";
import { type Sheet, XLSX_TYPE, workbookStream } from "./xlsx-stream";
import type * as z from "zod/mini";
import { safeError } from "../privacy/log-safety";
import {
  type Cursor,
  type PageRequest,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  decodeCursor,
} from "./page-cursor";
import type { StaffIdentity } from "../staff/sign-in/sessions";

const DAY_MS = 24 * 60 * 60_000;

/** An ISO date or instant as an instant; a date alone is midnight UTC (`endOfDay`: the next). */
export function instant(text: string, endOfDay: boolean): string | null {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  if (text.length === 10) {
    // Date.parse rolls 2026-02-30 over to March: refuse a day the month does not have.
    if (new Date(ms).toISOString().slice(0, 10) !== text) return null;
    return new Date(endOfDay ? ms + DAY_MS : ms).toISOString();
  }
  return new Date(ms).toISOString();
}

/** `since` (inclusive) and `until` (exclusive, a date alone includes that day) as instants. */
export function dateRange(query: {
  since?: string | undefined;
  until?: string | undefined;
}): { since?: string; until?: string } | string {
  const range: { since?: string; until?: string } = {};
  if (query.since !== undefined) {
    const since = instant(query.since, false);
    if (!since) return "since is not a valid date";
    range.since = since;
  }
  if (query.until !== undefined) {
    const until = instant(query.until, true);
    if (!until) return "until is not a valid date";
    range.until = until;
  }
  return range;
}

/**
 * The cursor and size of the page asked for, for a handler of contractRoute: a cursor we did not
 * give out, or a size out of range, is refused with a 400.
 */
export function pageOf(query: { cursor?: string; limit?: string }): PageRequest {
  let cursor: Cursor | null = null;
  if (query.cursor !== undefined) {
    cursor = decodeCursor(query.cursor);
    if (!cursor) throw new Refused(400, "cursor is not valid");
  }
  const limit = query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit);
  if (!(limit >= 1 && limit <= MAX_PAGE_SIZE)) {
    throw new Refused(400, `limit must be 1 to ${MAX_PAGE_SIZE}`);
  }
  return { cursor, limit };
}

/** The first thing zod refused (in a request: `refusal(request)`), as "field: message", or null. */
export function firstIssue(refused: z.core.$ZodError | null): string | null {
  const issue = refused?.issues[0];
  if (!issue) return null;
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** The signed-in member of staff as the audit log names an actor. */
export function auditActorOf(request: FastifyRequest) {
  const staff = request.staff as StaffIdentity;
  return { id: staff.accountId, email: staff.email };
}

/** 503 with Retry-After, the failure logged without personal data. */
export function unavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  what: string,
) {
  request.log.error({ err: safeError(error) }, `${what} failed`);
  reply.header("retry-after", "60");
  return reply.code(503).send(UNAVAILABLE);
}

/**
 * How the audit log keeps one filter: "asked" for values from a closed set (a status, a type, a
 * date), "length" for free text (the search `q`), a test for a name picked from a list (a product,
 * an action: kept as asked when it passes, else as its length), or the id of the account an
 * address names (`{account}`, resolved by the route: an id, "none", or "no such account").
 */
export type KeptAs = "asked" | "length" | ((value: string) => boolean) | { account: string };

/**
 * What the audit log keeps of a request's filters (those `how` names; page and cursor are not
 * filters). The log can never be erased, so it keeps no address nor anything else typed in: a
 * search is often a visitor's name or address, and an owner's address would outlive their
 * erasure. It keeps that there was one, and its length.
 */
export function auditFilters(query: Record<string, unknown>, how: Record<string, KeptAs>) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    const rule = how[name];
    if (typeof value !== "string" || rule === undefined) continue;
    if (typeof rule === "object") kept[name] = rule.account;
    else if (rule === "asked" || (typeof rule === "function" && rule(value))) kept[name] = value;
    else kept[name] = `(${[...value].length} characters)`;
  }
  return kept;
}

/** What an export's answer says of its file: its type, its name, and how many rows it holds. */
export interface FileAnswer {
  fileName: string;
  /** The rows counted and audited before the first left. */
  count: number;
  countHeader: string;
}

/** Sends `stream` as the file an export downloads, logging a failure once it has started. */
function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  stream: Readable,
  contentType: string,
  { fileName, count, countHeader }: FileAnswer,
) {
  stream.on("error", (error) => {
    request.log.error({ err: safeError(error) }, "export failed while streaming");
  });
  return reply
    .header("content-type", contentType)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header(countHeader, String(count))
    .send(stream);
}

/**
 * Sends rows as a formula-safe CSV file (common/csv.ts), streamed as the client reads it, a chunk
 * per turn of the event loop so that other requests are answered meanwhile; `count` (the rows
 * counted and audited before the first left) goes in the header `countHeader`.
 */
export function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    columns,
    rows,
    ...file
  }: FileAnswer & { columns: readonly string[]; rows: AsyncIterable<Record<string, unknown>> },
) {
  return sendFile(request, reply, csvStream(columns, rows), "text/csv; charset=utf-8", file);
}

/**
 * Sends items as an Excel file of one worksheet (xlsx-stream.ts), streamed as the client reads
 * it, as sendCsv does.
 */
export function sendWorkbook<Item>(
  request: FastifyRequest,
  reply: FastifyReply,
  { sheet, items, ...file }: FileAnswer & { sheet: Sheet<Item>; items: AsyncIterable<Item> },
) {
  return sendFile(request, reply, workbookStream(sheet, items), XLSX_TYPE, file);
}

/**
 * Reads personal data and records that read in one transaction, so the entry is stored exactly
 * when the answer is: by whom (the request's member of staff), what and when, and `detail` of
 * what was read (how many rows, which filters).
 */
export function auditedRead<T>(
  db: DB,
  { request, action, at }: { request: FastifyRequest; action: AuditAction; at: Date },
  read: (trx: Transaction<Database>) => Promise<T>,
  detail: (result: T) => Record<string, unknown>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await read(trx);
    await recordAudit(trx, {
      action,
      at: at.toISOString(),
      actor: auditActorOf(request),
      detail: detail(result),
    });
    return result;
  });
}

/**
 * Records that `request`'s member of staff was shown `record` (a read of personal data): how a
 * change refused as stale (412), which answers the record as it now is, is in the audit log.
 */
export function recordShown(
  db: DB,
  {
    request,
    action,
    at,
    record,
  }: {
    request: FastifyRequest;
    action: AuditAction;
    at: Date;
    record: { type: string; id: string };
  },
): Promise<void> {
  return recordAudit(db, { action, at: at.toISOString(), actor: auditActorOf(request), record });
}

/** What the audit log keeps of a page: whether it was the first. */
export const pageKept = (page: PageRequest) => (page.cursor ? "next" : "first");
