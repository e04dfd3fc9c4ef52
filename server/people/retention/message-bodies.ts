/**
 * Removing a stored message's body (docs/personal-data.md#retention): the outbox row stays, with
 * its kind, dates and delivery state, for the reports; its payload becomes one that every reader
 * of outbox.payload still reads (the outbox page's recipient and subject, mail/message.ts's
 * shape) with no text, HTML or template values left in it.
 */
import type { Transaction } from "kysely";
import type { Database, OutboxKind } from "../../db/schema";
import { isAlertKind } from "../../../staff-api/admin";
import { CAMPAIGN_KIND } from "../../newsletter/campaigns/campaigns";

type Trx = Transaction<Database>;

/**
 * The payload without its body. `envelope`: keep what the outbox page lists (an e-mail's
 * recipient and subject, a webhook's event type and time), true while the lead or subscription
 * it is about is kept; false once that record is anonymised, as a subject may name the person.
 */
export function withoutBody(kind: OutboxKind, payload: string, envelope: boolean): string {
  const stored = parseObject(payload);
  const text = (key: string) => (typeof stored[key] === "string" ? stored[key] : undefined);
  if (isAlertKind(kind)) {
    // A Slack message is all body ("New demo request from …"); a webhook keeps what happened when.
    return JSON.stringify(
      kind === "webhook" && envelope ? { type: text("type"), timestamp: text("timestamp") } : {},
    );
  }
  return JSON.stringify({
    ...(envelope ? { to: text("to"), subject: text("subject") } : {}),
    text: "",
    html: "",
    params: {},
  });
}

function parseObject(payload: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

interface StoredMessage {
  id: string;
  kind: OutboxKind;
  payload: string;
  body_removed_at: string | null;
}

const MESSAGE_COLUMNS = ["id", "kind", "payload", "body_removed_at"] as const;
/** Rows read and rewritten at a time, so a first run over years of mail holds little in memory. */
const BATCH = 500;

/**
 * (c) The bodies of messages queued before `cutoff` and no longer waiting to go out. A campaign's
 * copy stores only its campaign's id, rendered when sent: it has no body to remove. Returns the
 * ids of the rows whose body this call removed: a row another run got to first is not among them.
 */
export async function removeExpiredBodies(trx: Trx, cutoff: string, now: string) {
  const removed: string[] = [];
  for (;;) {
    const rows = await trx
      .selectFrom("outbox")
      .select(MESSAGE_COLUMNS)
      .where("body_removed_at", "is", null)
      .where("status", "!=", "pending")
      .where("kind", "!=", CAMPAIGN_KIND)
      .where("created_at", "<", cutoff)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      if (await rewrite(trx, row, true, now)) removed.push(row.id);
    }
    if (rows.length < BATCH) return removed;
  }
}

/**
 * The messages about leads that were just anonymised, envelope and all, whatever their age; a
 * message still waiting to go out is left to the outbox. Returns the ids whose body was still
 * there (the rest had lost it to (c) already and lose their envelope now).
 */
export async function removeMessagesAbout(trx: Trx, leadIds: string[], now: string) {
  const removed: string[] = [];
  for (let start = 0; start < leadIds.length; start += BATCH) {
    const rows = await trx
      .selectFrom("outbox")
      .select(MESSAGE_COLUMNS)
      .where("lead_id", "in", leadIds.slice(start, start + BATCH))
      .where("status", "!=", "pending")
      .execute();
    for (const row of rows) {
      if (await rewrite(trx, row, false, now)) removed.push(row.id);
    }
  }
  return removed;
}

/** Rewrites one row's payload; true when this removed its body (it had one until now). */
async function rewrite(trx: Trx, row: StoredMessage, envelope: boolean, now: string) {
  const result = await trx
    .updateTable("outbox")
    .set({
      payload: withoutBody(row.kind, row.payload, envelope),
      body_removed_at: row.body_removed_at ?? now,
    })
    .where("id", "=", row.id)
    .where("status", "!=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 && row.body_removed_at === null;
}
