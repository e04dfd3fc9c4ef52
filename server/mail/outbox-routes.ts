/**
 * The outbox as the console's admin pages see it: messages waiting or failed, newest first with
 * the inbox's keyset cursor, and a failed message put back in the queue. Never a message's body:
 * a sign-in e-mail's body holds a working link.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/database";
import type { Database, OutboxKind } from "../db/schema";
import { KINDS_WITH_SECRETS } from "./outbox";
import { CAMPAIGN_KIND } from "../newsletter/campaigns/campaigns";
import {
  type AlertKind,
  type OutboxItem,
  type OutboxPage,
  type OutboxState,
  isAlertKind,
} from "../../staff-api/admin";
import {
  type Cursor,
  type PageRequest,
  createdKey,
  olderThan,
  readPage,
} from "../http/page-cursor";

/** What the list shows unless asked for one state: what still needs someone's attention. */
const UNFINISHED: OutboxState[] = ["pending", "failed"];

type Executor = DB | Transaction<Database>;

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
  kind: OutboxKind;
  payload: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
}

/** Where an alert goes, in words; its "subject" is the event or the Slack line. */
const ALERT_RECIPIENTS: Record<AlertKind, string> = { slack: "Slack", webhook: "CRM webhook" };

/** The recipient and subject of a stored message, without the rest of it. */
function envelope(
  kind: OutboxKind,
  payload: string,
): { to: string | null; subject: string | null } {
  try {
    if (isAlertKind(kind)) {
      const body = JSON.parse(payload) as { type?: unknown; text?: unknown };
      const subject = kind === "webhook" ? body.type : body.text;
      return { to: ALERT_RECIPIENTS[kind], subject: typeof subject === "string" ? subject : null };
    }
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
    ...envelope(row.kind, row.payload),
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    state: row.status as OutboxState,
  };
}

/**
 * One page of waiting and failed messages (or those of one state), newest first; not campaign
 * copies.
 */
export async function listOutbox(
  db: Executor,
  { state }: { state?: OutboxState },
  page: PageRequest = {},
): Promise<OutboxPage> {
  const query = db
    .selectFrom("outbox")
    .select(COLUMNS)
    .where("status", "in", state ? [state] : UNFINISHED)
    // A campaign's copies are counted in its report; thousands of them would bury the rest.
    .where("kind", "!=", CAMPAIGN_KIND);
  const read = (cursor: Cursor | null, limit: number) =>
    (cursor ? query.where(olderThan(cursor)) : query)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  return readPage(read, page, toItem, createdKey);
}

export type RetryResult =
  | { ok: true; item: OutboxItem; attemptsBefore: number }
  | { ok: false; reason: "not-found" | "not-failed" | "dropped" | "body-removed" };

/** A failed delivery may be queued again; a sent alert may be re-sent (a webhook keeps its id). */
const mayQueueAgain = (status: string, kind: OutboxKind) =>
  status === "failed" || (status === "sent" && isAlertKind(kind));

/**
 * Puts a failed message back in the queue: pending, attempts from zero, due at once. One
 * conditional UPDATE (`status = 'failed'`), so two admins retrying at once queue it once. A
 * failed sign-in e-mail cannot be retried: its stored copy was dropped with the link in it, and
 * its link would have expired anyway; the member of staff asks for a new one. A Slack message or
 * webhook that was sent can be sent again the same way (the receiver lost it, or was set up after).
 * Nor can a message whose body retention removed (server/people/retention/): there is nothing to send.
 */
export async function retryOutbox(trx: Executor, id: string, now: Date): Promise<RetryResult> {
  const row = await trx
    .selectFrom("outbox")
    .select([...COLUMNS, "body_removed_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "not-found" };
  if (!mayQueueAgain(row.status, row.kind)) return { ok: false, reason: "not-failed" };
  if (KINDS_WITH_SECRETS.has(row.kind)) return { ok: false, reason: "dropped" };
  if (row.body_removed_at) return { ok: false, reason: "body-removed" };
  const at = now.toISOString();
  const result = await trx
    .updateTable("outbox")
    .set({
      status: "pending",
      attempts: 0,
      next_attempt_at: at,
      sent_at: null,
      claimed_by: null,
      claimed_until: null,
    })
    .where("id", "=", id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: "not-failed" };
  return {
    ok: true,
    item: toItem({ ...row, status: "pending", attempts: 0, next_attempt_at: at }),
    attemptsBefore: Number(row.attempts),
  };
}
