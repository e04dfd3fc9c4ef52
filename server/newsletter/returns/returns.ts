/**
 * What comes back from subscriber mail, recorded: each bounce, complaint or unreadable message
 * (from the inbound listener, a provider's webhook, or a refusal while sending) becomes one
 * `mail_events` row, and a hard bounce or a complaint suppresses the address (mail_suppressions).
 * Every way in calls recordReturnedMail(); docs/mail-deliverability.md has the rules.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { emailKey, normalizeEmail } from "../../../leads/email";
import type { DB } from "../../db/database";
import { type SubscriberAlerts, unsubscribeComplainant } from "../subscribers/lifecycle";
import type {
  Database,
  MailEventSource,
  MailEventType,
  OutboxOutcome,
  SuppressionReason,
} from "../../db/schema";
import { type BrakeAlert, applyBrake } from "./brake";
import type { ReturnTag } from "./return-path";
import { suppress } from "./suppressions";
import {
  DETAIL_LENGTH,
  RAW_LENGTH,
  refWithoutThirdParties,
  withoutThirdParties,
  withoutThirdPartiesInTurns,
} from "../../privacy/third-parties";

export { isSuppressed, suppress } from "./suppressions";

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

/** Soft bounces (a full mailbox, a server down for days) suppress when this many come this fast. */
export const SOFT_BOUNCES_TO_SUPPRESS = 3;
export const SOFT_BOUNCE_WINDOW_MS = 14 * 24 * 60 * 60_000;

/** What a returned message does to its copy: the outcome its recipient's state shows. */
const OUTCOMES: Partial<Record<MailEventType, OutboxOutcome>> = {
  "soft-bounce": "soft-bounce",
  "hard-bounce": "hard-bounce",
  complaint: "complaint",
};
/** Outcomes an event may replace: a complaint outranks a hard bounce, which outranks a soft one. */
const WEAKER: Record<"soft-bounce" | "hard-bounce" | "complaint", OutboxOutcome[]> = {
  "soft-bounce": [],
  "hard-bounce": ["soft-bounce"],
  complaint: ["soft-bounce", "hard-bounce"],
};

/** What recording a returned message sets off besides the record and the suppression. */
export interface ReturnEffects {
  /** The alerts of a subscription a complaint ends, as for the subscriber's own link. */
  subscriberAlerts?: SubscriberAlerts;
  /** Whom the brake alerts when it pauses a campaign (brake.ts). */
  brake?: BrakeAlert;
  now?: () => Date;
}

/**
 * Records a returned message, once (a repeat of the same source and ref changes nothing): its
 * copy's outcome, the suppression of its address (a hard bounce, a complaint, or the third soft
 * bounce in 14 days), the end of the subscription of whoever complained; then the brake judges
 * the copy's campaign. Answers the event's id, or null for a repeat.
 */
export async function recordReturnedMail(
  db: DB,
  mail: ReturnedMail,
  effects: ReturnEffects = {},
): Promise<string | null> {
  const [id = null] = await recordReturnedMails(db, [mail], effects);
  return id;
}

/**
 * The most events recorded in one transaction. While a transaction runs, nothing else reaches
 * the database (SQLite has one connection, and better-sqlite3 answers synchronously), so a long
 * list is recorded in transactions of this many, the event loop free between them.
 */
export const RETURNS_PER_TRANSACTION = 100;

/**
 * Records the events of one returned message (or of one provider delivery) as
 * recordReturnedMail() records each, in transactions of RETURNS_PER_TRANSACTION, looking up the
 * message each tag or outbox row names once; the brake judges each campaign after each
 * transaction. Answers each event's id, or null for a repeat, in order. A failure part way
 * leaves the transactions before it recorded: sent again, those are repeats.
 */
export async function recordReturnedMails(
  db: DB,
  mails: ReturnedMail[],
  effects: ReturnEffects = {},
): Promise<(string | null)[]> {
  const messages = new Map<string, Promise<ReturnedMessage>>();
  const ids: (string | null)[] = [];
  for (let start = 0; start < mails.length; start += RETURNS_PER_TRANSACTION) {
    // Requests waiting for the event loop (or for SQLite's one connection) go first.
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const batch: Prepared[] = [];
    for (const mail of mails.slice(start, start + RETURNS_PER_TRANSACTION)) {
      batch.push(await prepare(db, mail, messages));
    }
    const recorded = await db.transaction().execute(async (trx) => {
      const done: (Recorded | null)[] = [];
      for (const event of batch) done.push(await recordInTransaction(trx, event, effects));
      return done;
    });
    ids.push(...recorded.map((r) => r?.id ?? null));
    const campaigns = new Set(recorded.flatMap((r) => (r?.campaignId ? [r.campaignId] : [])));
    for (const campaignId of campaigns) {
      await applyBrake(db, campaignId, (effects.now ?? (() => new Date()))(), effects.brake);
    }
  }
  return ids;
}

/** A return with what its record stores that takes work to make, made before its transaction. */
interface Prepared {
  mail: ReturnedMail;
  message: ReturnedMessage;
  /** Whose return it is: the subscriber's address, or null. */
  email: string | null;
  /** The detail and the kept message, with others' addresses as hashes (decision 0039). */
  detail: string;
  raw: string | null;
}

/**
 * The message `mail` is about (looked up once per tag or outbox row: `messages`), and what its
 * record will store. Hashing a kept message's addresses takes turns of the event loop, so it is
 * done here, outside the transaction, which then holds the database only for its writes.
 */
async function prepare(
  db: DB,
  mail: ReturnedMail,
  messages: Map<string, Promise<ReturnedMessage>>,
): Promise<Prepared> {
  const key = mail.tag
    ? `tag ${mail.tag.kind} ${mail.tag.subscriptionId} ${mail.tag.refPrefix}`
    : `outbox ${mail.outboxId ?? ""}`;
  let found = messages.get(key);
  if (!found) {
    found = mail.tag ? findReturnedMessage(db, mail.tag) : messageOfOutbox(db, mail.outboxId);
    messages.set(key, found);
  }
  const message = await found;
  // The tag's subscriber is who the message went to. Without a tag, the address the provider
  // or the refusal names is the recipient's own; with one whose subscriber is gone, the
  // report's address could be anyone's, and is kept only as a hash (decision 0039).
  const email = message.email ?? (mail.email && !mail.tag ? normalizeEmail(mail.email) : null);
  return {
    mail,
    message,
    email,
    detail: withoutThirdParties(mail.detail, email, DETAIL_LENGTH),
    raw:
      mail.type === "unclassified" && mail.raw !== undefined
        ? await withoutThirdPartiesInTurns(mail.raw, email, RAW_LENGTH)
        : null,
  };
}

interface Recorded {
  id: string;
  campaignId: string | null;
}

/** recordReturnedMail()'s record, in `trx`, of a prepared return; null for a repeat. */
async function recordInTransaction(
  trx: Transaction<Database>,
  { mail, message, email, detail, raw }: Prepared,
  effects: ReturnEffects,
): Promise<Recorded | null> {
  const id = randomUUID();
  const at = mail.at.toISOString();
  const inserted = await trx
    .insertInto("mail_events")
    .values({
      id,
      received_at: at,
      source: mail.source,
      source_ref: refWithoutThirdParties(mail.sourceRef, email),
      type: mail.type,
      email,
      email_key: email ? emailKey(email) : null,
      subscription_id: message.subscriptionId,
      outbox_id: message.outboxId,
      campaign_id: message.campaignId,
      status: mail.status,
      detail,
      raw,
    })
    .onConflict((oc) => oc.columns(["source", "source_ref"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  if (message.outboxId) await markCopy(trx, message.outboxId, mail.type);
  if (!email) return { id, campaignId: message.campaignId };
  const reason =
    SUPPRESSES[mail.type] ??
    (mail.type === "soft-bounce" && (await softBouncesRecently(trx, email, mail.at))
      ? "soft-bounce"
      : undefined);
  if (reason) await suppress(trx, { email, reason, at, detail, eventId: id });
  if (mail.type === "complaint") {
    await unsubscribeComplainant(trx, email, effects.subscriberAlerts ?? (() => []), at);
  }
  return { id, campaignId: message.campaignId };
}

/** The message of an outbox row (a refusal while sending names it): its subscription, campaign. */
async function messageOfOutbox(
  trx: Executor,
  outboxId: string | undefined,
): Promise<ReturnedMessage> {
  const row = outboxId
    ? await trx
        .selectFrom("outbox")
        .leftJoin("newsletter_subscriptions", "newsletter_subscriptions.id", "outbox.lead_id")
        .select([
          "outbox.campaign_id",
          "newsletter_subscriptions.id",
          "newsletter_subscriptions.email",
        ])
        .where("outbox.id", "=", outboxId)
        .executeTakeFirst()
    : undefined;
  return {
    outboxId: row ? (outboxId as string) : null,
    subscriptionId: row?.id ?? null,
    campaignId: row?.campaign_id ?? null,
    email: row?.email ?? null,
  };
}

/** Sets the copy's outcome from a bounce or complaint, never to a weaker one. */
async function markCopy(trx: Executor, outboxId: string, type: MailEventType): Promise<void> {
  const outcome = OUTCOMES[type];
  if (!outcome) return;
  const weaker = WEAKER[outcome as keyof typeof WEAKER];
  await trx
    .updateTable("outbox")
    .set({ outcome })
    .where("id", "=", outboxId)
    // Only a copy that went out can bounce; one refused while sending is marked by the outbox.
    .where("status", "in", ["sent", "failed"])
    .where((eb) =>
      eb.or([eb("outcome", "is", null), ...(weaker.length ? [eb("outcome", "in", weaker)] : [])]),
    )
    .execute();
}

/** Whether the address has had SOFT_BOUNCES_TO_SUPPRESS soft bounces in the window up to `at`. */
async function softBouncesRecently(trx: Executor, email: string, at: Date): Promise<boolean> {
  const row = await trx
    .selectFrom("mail_events")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("email_key", "=", emailKey(email))
    .where("type", "=", "soft-bounce")
    .where("received_at", ">", new Date(at.getTime() - SOFT_BOUNCE_WINDOW_MS).toISOString())
    .where("received_at", "<=", at.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n) >= SOFT_BOUNCES_TO_SUPPRESS;
}
