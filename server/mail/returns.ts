/**
 * What comes back from subscriber mail, recorded: each bounce, complaint or unreadable message
 * (from the inbound listener, a provider's webhook, or a refusal while sending) becomes one
 * `mail_events` row, and a hard bounce or a complaint suppresses the address (mail_suppressions).
 * Every way in calls recordReturnedMail(); docs/mail-deliverability.md has the rules.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { emailKey, normalizeEmail } from "../../leads/email";
import type { DB } from "../db/database";
import type { Database, MailEventSource, MailEventType, SuppressionReason } from "../db/schema";
import type { ReturnTag } from "./return-path";

/** One returned message or provider event, as the way it came in read it. */
export interface ReturnedMail {
  source: MailEventSource;
  /** The provider's id of the event, or the returned message's Message-ID: recorded once. */
  sourceRef: string | null;
  type: MailEventType;
  /** The recipient the report names (a DSN's Final-Recipient, a provider's bounced address). */
  email: string | null;
  /** The return path's tag it came back to (or carried), verified: names the message. */
  tag?: ReturnTag;
  /** The outbox row, when the way in knows it exactly (a refusal while sending). */
  outboxId?: string;
  /** Enhanced status code (RFC 3463), e.g. "5.1.1". */
  status: string | null;
  /** A line saying what happened: the diagnostic, or the complaint's feedback type. */
  detail: string;
  /** The whole message, for an unclassified one (kept for review). */
  raw?: string;
  at: Date;
}

/** The message a return is about: its outbox row, subscription, campaign and address. */
export interface ReturnedMessage {
  outboxId: string | null;
  subscriptionId: string | null;
  campaignId: string | null;
  email: string | null;
}

type Executor = DB | Transaction<Database>;

/**
 * The message a verified tag names: the subscriber's outbox row whose id (kind m) or campaign's
 * id (kind c) begins with the tag's ref. A subscriber has few messages, so the prefix is exact.
 */
export async function findReturnedMessage(db: Executor, tag: ReturnTag): Promise<ReturnedMessage> {
  const prefix = `${tag.refPrefix.slice(0, 8)}-${tag.refPrefix.slice(8, 12)}-${tag.refPrefix.slice(12, 16)}`;
  const row = await db
    .selectFrom("outbox")
    .select(["outbox.id", "outbox.campaign_id"])
    .where("outbox.lead_id", "=", tag.subscriptionId)
    .where(tag.kind === "c" ? "outbox.campaign_id" : "outbox.id", "like", `${prefix}%`)
    .executeTakeFirst();
  const subscription = await db
    .selectFrom("newsletter_subscriptions")
    .select("email")
    .where("id", "=", tag.subscriptionId)
    .executeTakeFirst();
  return {
    outboxId: row?.id ?? null,
    subscriptionId: subscription ? tag.subscriptionId : null,
    campaignId: row?.campaign_id ?? null,
    email: subscription?.email ?? null,
  };
}

/** The suppression a type of event makes at once, if it makes one. */
const SUPPRESSES: Partial<Record<MailEventType, SuppressionReason>> = {
  "hard-bounce": "hard-bounce",
  complaint: "complaint",
};

/**
 * Records a returned message, once (a repeat of the same source and ref changes nothing), and
 * suppresses its address when it is a hard bounce or a complaint. Answers the event's id, or
 * null for a repeat.
 */
export async function recordReturnedMail(db: DB, mail: ReturnedMail): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const message = mail.tag
      ? await findReturnedMessage(trx, mail.tag)
      : { outboxId: mail.outboxId ?? null, subscriptionId: null, campaignId: null, email: null };
    // The tag's subscriber is who the message went to; a report's own address is second best.
    const email = message.email ?? (mail.email ? normalizeEmail(mail.email) : null);
    const id = randomUUID();
    const at = mail.at.toISOString();
    const inserted = await trx
      .insertInto("mail_events")
      .values({
        id,
        received_at: at,
        source: mail.source,
        source_ref: mail.sourceRef,
        type: mail.type,
        email,
        email_key: email ? emailKey(email) : null,
        subscription_id: message.subscriptionId,
        outbox_id: message.outboxId,
        campaign_id: message.campaignId,
        status: mail.status,
        detail: mail.detail.slice(0, 500),
        raw: mail.type === "unclassified" ? (mail.raw ?? null) : null,
      })
      .onConflict((oc) => oc.columns(["source", "source_ref"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
    const reason = SUPPRESSES[mail.type];
    if (reason && email)
      await suppress(trx, { email, reason, at, detail: mail.detail, eventId: id });
    return id;
  });
}

/** Reasons in the order they outrank each other: a complaint is never softened to a bounce. */
const RANK: Record<SuppressionReason, number> = {
  manual: 0,
  "soft-bounce": 1,
  "hard-bounce": 2,
  complaint: 3,
};

/** Adds the address to the suppression list, or raises its entry's reason. */
export async function suppress(
  trx: Executor,
  entry: {
    email: string;
    reason: SuppressionReason;
    at: string;
    detail: string;
    eventId: string | null;
  },
): Promise<void> {
  const key = emailKey(entry.email);
  const existing = await trx
    .selectFrom("mail_suppressions")
    .select(["id", "reason"])
    .where("email_key", "=", key)
    .executeTakeFirst();
  const values = {
    reason: entry.reason,
    at: entry.at,
    detail: entry.detail.slice(0, 500),
    event_id: entry.eventId,
  };
  if (!existing) {
    await trx
      .insertInto("mail_suppressions")
      .values({ id: randomUUID(), email: entry.email, email_key: key, ...values })
      .onConflict((oc) => oc.column("email_key").doNothing())
      .execute();
  } else if (RANK[entry.reason] > RANK[existing.reason]) {
    await trx.updateTable("mail_suppressions").set(values).where("id", "=", existing.id).execute();
  }
}

/** Whether subscriber mail may not go to this address. */
export async function isSuppressed(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("mail_suppressions")
    .select("id")
    .where("email_key", "=", emailKey(email))
    .executeTakeFirst();
  return !!row;
}
