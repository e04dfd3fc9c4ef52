/**
 * The outbox as the console's admin pages see it: messages waiting or failed, newest first with
 * the inbox's keyset cursor, and a failed message put back in the queue. Never a message's body:
 * a sign-in e-mail's body holds a working link.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import { KINDS_WITH_SECRETS } from "../mail/outbox";
import { type Cursor, DEFAULT_PAGE_SIZE, encodeCursor } from "./inbox";

export const OUTBOX_STATES = ["pending", "failed"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

type Executor = DB | Transaction<Database>;

export interface OutboxItem {
  id: string;
  kind: string;
  /** The recipient; null when the stored message was dropped (a sign-in link after its end). */
  to: string | null;
  subject: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  state: OutboxState;
}

const COLUMNS = [
  "id",
  "kind",
  "payload",
  "status",
  "attempts",
  "last_error",
  "created_at",
  "next_attempt_at",
] as const;

interface Row {
  id: string;
  kind: string;
  payload: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
}

/** The recipient and subject of a stored message, without the rest of it. */
function envelope(payload: string): { to: string | null; subject: string | null } {
  try {
    const message = JSON.parse(payload) as { to?: unknown; subject?: unknown };
    return {
      to: typeof message.to === "string" ? message.to : null,
      subject: typeof message.subject === "string" ? message.subject : null,
    };
  } catch {
    return { to: null, subject: null };
  }
}

function toItem(row: Row): OutboxItem {
  return {
    id: row.id,
    kind: row.kind,
    ...envelope(row.payload),
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    state: row.status as OutboxState,
  };
}

/** One page of waiting and failed messages (or those of one state), newest first. */
export async function listOutbox(
  db: Executor,
  { state }: { state?: OutboxState },
  { cursor = null, limit = DEFAULT_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
): Promise<{ items: OutboxItem[]; nextCursor: string | null }> {
  let query = db
    .selectFrom("outbox")
    .select(COLUMNS)
    .where("status", "in", state ? [state] : [...OUTBOX_STATES]);
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", cursor.createdAt),
        eb.and([eb("created_at", "=", cursor.createdAt), eb("id", "<", cursor.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
  };
}

export type RetryResult =
  | { ok: true; item: OutboxItem; attemptsBefore: number }
  | { ok: false; reason: "not-found" | "not-failed" | "dropped" };

/**
 * Puts a failed message back in the queue: pending, attempts from zero, due at once. One
 * conditional UPDATE (`status = 'failed'`), so two admins retrying at once queue it once. A
 * failed sign-in e-mail cannot be retried: its stored copy was dropped with the link in it, and
 * its link would have expired anyway; the member of staff asks for a new one.
 */
export async function retryOutbox(trx: Executor, id: string, now: Date): Promise<RetryResult> {
  const row = await trx
    .selectFrom("outbox")
    .select(COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "not-found" };
  if (row.status !== "failed") return { ok: false, reason: "not-failed" };
  if (KINDS_WITH_SECRETS.has(row.kind)) return { ok: false, reason: "dropped" };
  const at = now.toISOString();
  const result = await trx
    .updateTable("outbox")
    .set({
      status: "pending",
      attempts: 0,
      next_attempt_at: at,
      claimed_by: null,
      claimed_until: null,
    })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: "not-failed" };
  return {
    ok: true,
    item: toItem({ ...row, status: "pending", attempts: 0, next_attempt_at: at }),
    attemptsBefore: Number(row.attempts),
  };
}
