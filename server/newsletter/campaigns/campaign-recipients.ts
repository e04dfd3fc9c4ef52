/**
 * Each recipient of a campaign with its state (docs/mail-deliverability.md, "Every recipient
 * accounted for"): the rows of the recipients' CSV, one per copy made when it started, in the
 * same states as the report counts (campaign-reports.ts recipientState).
 */
import type { RecipientState } from "../../../staff-api/newsletter";
import type { DB } from "../../db/database";
import { recipientState } from "./campaign-reports";

/** Copies read per query while the CSV streams. */
const BATCH = 500;

export const RECIPIENT_CSV_COLUMNS = ["email", "state", "at", "detail"] as const;

export interface Recipient {
  /** Empty once the person was erased. */
  email: string;
  state: RecipientState;
  /** When it came to that state, as near as the records tell. */
  at: string;
  /** The bounce's diagnostic, the complaint's type, why it failed or was suppressed. */
  detail: string;
}

function batch(db: DB, campaignId: string, after: string | null) {
  return db
    .selectFrom("outbox")
    .leftJoin("newsletter_subscriptions as s", "s.id", "outbox.lead_id")
    .leftJoin("mail_suppressions as m", "m.email_key", "s.email_key")
    .select([
      "outbox.id",
      "outbox.status",
      "outbox.outcome",
      "outbox.attempts",
      "outbox.created_at",
      "outbox.sent_at",
      "outbox.last_error",
      "s.email",
      "s.unsubscribed_at",
      "m.at as suppressed_at",
      "m.detail as suppressed_detail",
    ])
    .where("outbox.campaign_id", "=", campaignId)
    .$if(after !== null, (qb) => qb.where("outbox.id", ">", after as string))
    .orderBy("outbox.id")
    .limit(BATCH)
    .execute();
}

/**
 * The latest return of each of these copies. Found by the campaign (indexed), then the copies:
 * a campaign has far fewer returns than copies.
 */
async function latestReturns(db: DB, campaignId: string, ids: string[]) {
  const latest = new Map<string, { at: string; detail: string }>();
  if (!ids.length) return latest;
  const events = await db
    .selectFrom("mail_events")
    .select(["outbox_id", "received_at", "detail"])
    .where("campaign_id", "=", campaignId)
    .where("outbox_id", "in", ids)
    .orderBy("received_at")
    .execute();
  for (const e of events)
    latest.set(e.outbox_id as string, { at: e.received_at, detail: e.detail });
  return latest;
}

type Row = Awaited<ReturnType<typeof batch>>[number];

function toRecipient(
  row: Row,
  startedAt: string,
  event: { at: string; detail: string } | undefined,
): Recipient {
  const left = !!row.unsubscribed_at && row.unsubscribed_at >= startedAt;
  const state = recipientState({
    status: row.status,
    outcome: row.outcome,
    tried: row.attempts > 0 ? 1 : 0,
    left: left ? 1 : 0,
  });
  const times = [row.created_at, row.sent_at, event?.at, left ? row.unsubscribed_at : null];
  const at = times.filter((t): t is string => !!t).reduce((a, b) => (b > a ? b : a));
  const detail =
    event?.detail ??
    (state === "suppressed" && row.suppressed_detail
      ? `On the suppression list since ${row.suppressed_at}: ${row.suppressed_detail}`
      : (row.last_error ?? ""));
  return { email: row.email ?? "", state, at, detail };
}

/** Every recipient of a campaign that has started, a batch at a time. */
export async function* campaignRecipients(
  db: DB,
  campaignId: string,
  startedAt: string,
): AsyncGenerator<Recipient> {
  let after: string | null = null;
  for (;;) {
    const rows = await batch(db, campaignId, after);
    const returns = await latestReturns(
      db,
      campaignId,
      rows.map((row) => row.id),
    );
    for (const row of rows) yield toRecipient(row, startedAt, returns.get(row.id));
    if (rows.length < BATCH) return;
    after = (rows.at(-1) as Row).id;
  }
}
