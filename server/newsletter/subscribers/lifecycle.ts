/**
 * The newsletter subscription's lifecycle, with double opt-in: sign-up (pending, with a
 * confirmation e-mail under the daily cap of confirmation-cap.ts), confirmation (with the welcome
 * e-mail) and unsubscribing, each change with its alerts in one transaction.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { emailKey, mailboxKey } from "../../../leads/email";
import type { LeadSource } from "../../../leads/source";
import type { AlertEntry, SubscriberChange } from "../../alerts/alerts";
import { enqueueMail } from "../../mail/outbox";
import { isSuppressed, restoreErasedSuppression, suppressionReason } from "../returns/suppressions";
import type { MailMessage } from "../../mail/message";
import { attributionColumns } from "../../leads/attribution";
import { consentWordingId } from "../../people/consent-wordings";
import { lockMailbox, mayMailConfirmation } from "./confirmation-cap";
import { endReplacedSubscription } from "./replacement";
import type { DB } from "../../db/database";
import { enqueueAlerts } from "../../leads/store";
import type { Database, LeftHow, SuppressionReason } from "../../db/schema";

/** URL-safe random token for confirmation and unsubscribe links. */
export const token = () => randomBytes(24).toString("base64url");

/** A pending subscriber who asks again gets a fresh confirmation e-mail at most this often. */
export const CONFIRMATION_RESEND_MS = 60 * 60_000;

export type ConfirmationMail = (tokens: {
  confirmToken: string;
  unsubscribeToken: string;
}) => Promise<MailMessage>;

/**
 * Newsletter sign-up with double opt-in. One row per address whatever happens: a new
 * address is stored as pending with a confirmation e-mail; a pending one gets the e-mail again
 * (at most hourly); a confirmed one is left alone; an unsubscribed one starts over as pending.
 */
export async function subscribe(
  db: DB,
  email: string,
  /**
   * The page of the sign-up form, where the visit came from (kept from the first sign-up), and
   * the version of the consent wording the form showed (leads/consent.ts).
   */
  {
    formPage,
    source,
    consentVersion,
  }: { formPage: string; source?: LeadSource; consentVersion?: string },
  confirmation: ConfirmationMail,
): Promise<void> {
  const key = emailKey(email);
  const mailbox = mailboxKey(email);
  // A new address's tokens, and its e-mail rendered before the transaction opens: on SQLite a
  // transaction holds every other write while it is open, and most sign-ups are new addresses.
  const fresh = { confirmToken: token(), unsubscribeToken: token() };
  const freshMail = await confirmation(fresh);
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const now = new Date();
      const at = now.toISOString();
      await lockMailbox(trx, mailbox);
      // Stored in clear again, so is an erased address's suppression entry
      // (../returns/suppressions.ts).
      await restoreErasedSuppression(trx, email);
      // A suppressed address gets no confirmation, and the visitor is told what anyone is told.
      const mayMail = async () =>
        !(await isSuppressed(trx, email)) && (await mayMailConfirmation(trx, mailbox, now));
      const existing = await trx
        .selectFrom("newsletter_subscriptions")
        .selectAll()
        .where("email_key", "=", key)
        .executeTakeFirst();

      // Each sign-up is a new consent: it records the wording of this sign-up's form.
      const wordingId = async () => consentWordingId(trx, "newsletter", consentVersion, at);
      if (!existing) {
        const row = {
          id: randomUUID(),
          email,
          email_key: key,
          status: "pending" as const,
          confirm_token: fresh.confirmToken,
          unsubscribe_token: fresh.unsubscribeToken,
          consent_at: at,
          confirmed_at: null,
          unsubscribed_at: null,
          source: formPage,
          ...attributionColumns(source),
          consent_wording_id: await wordingId(),
          created_at: at,
          updated_at: at,
        };
        await trx.insertInto("newsletter_subscriptions").values(row).execute();
        if (!(await mayMail())) return;
        await enqueueMail(trx, {
          kind: "newsletter-confirmation",
          leadId: row.id,
          recipientKey: mailbox,
          message: freshMail,
          now: at,
        });
        return;
      }
      if (existing.status === "confirmed") return;

      if (existing.status === "pending" && (await confirmedTooRecently(trx, existing.id, now))) {
        return;
      }
      const confirmToken = existing.status === "unsubscribed" ? token() : existing.confirm_token;
      await trx
        .updateTable("newsletter_subscriptions")
        .set({
          status: "pending",
          confirm_token: confirmToken,
          consent_at: at,
          consent_wording_id: await wordingId(),
          unsubscribed_at: null,
          left_how: null,
          updated_at: at,
        })
        .where("id", "=", existing.id)
        .execute();
      if (!(await mayMail())) return;
      await enqueueMail(trx, {
        kind: "newsletter-confirmation",
        leadId: existing.id,
        recipientKey: mailbox,
        message: await confirmation({ confirmToken, unsubscribeToken: existing.unsubscribe_token }),
        now: at,
      });
    });
  try {
    await attempt();
  } catch (error) {
    // Two sign-ups for the same new address at the same moment: one insert wins the unique
    // key; the other simply runs again and finds the row.
    if (!/unique|duplicate/i.test(String(error))) throw error;
    await attempt();
  }
}

/** When the subscription's last confirmation e-mail was stored, if it was less than an hour ago. */
export async function confirmedTooRecently(
  trx: Transaction<Database>,
  id: string,
  now: Date,
): Promise<string | null> {
  const last = await trx
    .selectFrom("outbox")
    .select("created_at")
    .where("lead_id", "=", id)
    .where("kind", "=", "newsletter-confirmation")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return last && now.getTime() - Date.parse(last.created_at) < CONFIRMATION_RESEND_MS
    ? last.created_at
    : null;
}

/** Why a confirmation e-mail was not sent again, or that it was. */
export type ResendOutcome =
  | { sent: true }
  | { sent: false; status: "confirmed" | "unsubscribed" }
  | { sent: false; lastSentAt: string }
  | { sent: false; capped: true }
  | { sent: false; suppressed: SuppressionReason };

/**
 * The confirmation e-mail again, for a subscriber who has not confirmed (marketing's "send the
 * confirmation again"), under the same limits as a sign-up: at most hourly, and the mailbox's
 * daily cap. `also` stores more in its transaction when it is sent (the audit entry). Null when
 * there is no such subscription.
 */
export async function resendConfirmation(
  db: DB,
  id: string,
  confirmation: (email: string) => ConfirmationMail,
  { now, also }: { now: Date; also?: (trx: Transaction<Database>) => Promise<void> },
): Promise<ResendOutcome | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("newsletter_subscriptions")
      .select(["id", "email", "status", "confirm_token", "unsubscribe_token"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    if (row.status !== "pending") return { sent: false, status: row.status };
    // Staff are told, unlike a visitor signing up: the address is theirs to look up anyway.
    const suppressed = await suppressionReason(trx, row.email);
    if (suppressed) return { sent: false, suppressed };
    const mailbox = mailboxKey(row.email);
    await lockMailbox(trx, mailbox);
    const lastSentAt = await confirmedTooRecently(trx, row.id, now);
    if (lastSentAt) return { sent: false, lastSentAt };
    if (!(await mayMailConfirmation(trx, mailbox, now))) return { sent: false, capped: true };
    await enqueueMail(trx, {
      kind: "newsletter-confirmation",
      leadId: row.id,
      recipientKey: mailbox,
      message: await confirmation(row.email)({
        confirmToken: row.confirm_token,
        unsubscribeToken: row.unsubscribe_token,
      }),
      now: now.toISOString(),
    });
    await also?.(trx);
    return { sent: true };
  });
}

export type ConfirmResult = "confirmed" | "invalid";

/** The alerts of a subscription's change (server/alerts/); none by default. */
export type SubscriberAlerts = (change: SubscriberChange) => AlertEntry[];

/** The welcome e-mail of a subscriber who just confirmed (server/newsletter/welcome.ts). */
export type WelcomeMail = (
  trx: Transaction<Database>,
  subscriber: { email: string; unsubscribeToken: string },
) => Promise<MailMessage>;

/**
 * Confirms a pending subscription by its token; confirming twice is fine. The change, its alerts
 * and the welcome e-mail are stored together, once.
 */
export async function confirmSubscription(
  db: DB,
  confirmToken: string,
  {
    alerts = () => [],
    welcome,
    replacedAlerts,
  }: {
    alerts?: SubscriberAlerts;
    welcome?: WelcomeMail;
    /** The unsubscription alerts of the subscription a new address replaces. */
    replacedAlerts?: SubscriberAlerts;
  } = {},
): Promise<ConfirmResult> {
  const found = await changeSubscription(db, "confirm_token", confirmToken, "confirmed", alerts, {
    also: async (trx, row, at) => {
      // A subscriber's new address, confirmed: it replaces the old one, with no second welcome.
      if (await endReplacedSubscription(trx, row.id, at, replacedAlerts)) return;
      if (!welcome || (await isSuppressed(trx, row.email))) return;
      await enqueueMail(trx, {
        kind: "newsletter-welcome",
        leadId: row.id,
        message: await welcome(trx, {
          email: row.email,
          unsubscribeToken: row.unsubscribe_token,
        }),
        now: at,
      });
    },
  });
  return found ? "confirmed" : "invalid";
}

/**
 * Unsubscribes by token. Tokens never expire, so an old e-mail's link keeps working. Returns
 * false for an unknown token.
 */
export async function unsubscribe(
  db: DB,
  unsubscribeToken: string,
  alerts: SubscriberAlerts = () => [],
): Promise<boolean> {
  return changeSubscription(db, "unsubscribe_token", unsubscribeToken, "unsubscribed", alerts, {
    leftHow: "unsubscribe-link",
  });
}

/**
 * Unsubscribes the subscription `id` for its subscriber (who asked marketing), with the same
 * alerts as their own link; `also` stores more with the change (the audit entry). False when
 * there is no such subscription; true, changing nothing, when it has ended already.
 */
export async function unsubscribeById(
  db: DB,
  id: string,
  alerts: SubscriberAlerts,
  also: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  return changeSubscription(db, "id", id, "unsubscribed", alerts, {
    leftHow: "staff",
    also: (trx) => also(trx),
  });
}

/** What a subscription can be found by. */
type SubscriptionColumn = "confirm_token" | "unsubscribe_token" | "id" | "email_key";

/** What goes with a change: how a subscriber left (for "unsubscribed"), and more to store. */
interface ChangeOptions {
  leftHow?: LeftHow;
  /** More to store with the change, in its transaction. */
  also?: (
    trx: Transaction<Database>,
    row: { id: string; email: string; unsubscribe_token: string },
    at: string,
  ) => Promise<void>;
}

/**
 * Moves the subscription a token (or its id) names to `to`, once; a repeat changes and announces nothing.
 * False when no subscription can take the change (unknown token, or confirming one that ended).
 */
async function changeSubscription(
  db: DB,
  column: SubscriptionColumn,
  value: string,
  to: "confirmed" | "unsubscribed",
  alerts: SubscriberAlerts,
  options: ChangeOptions = {},
): Promise<boolean> {
  const at = new Date().toISOString();
  return db
    .transaction()
    .execute((trx) => changeInTransaction(trx, column, value, to, alerts, at, options));
}

/**
 * Ends the subscription of an address that complained about our mail (server/newsletter/returns/returns.ts), in
 * the caller's transaction, with the same alerts as the subscriber's own unsubscribe link.
 */
export function unsubscribeComplainant(
  trx: Transaction<Database>,
  email: string,
  alerts: SubscriberAlerts,
  at: string,
): Promise<boolean> {
  return changeInTransaction(trx, "email_key", emailKey(email), "unsubscribed", alerts, at, {
    leftHow: "complaint",
  });
}

async function changeInTransaction(
  trx: Transaction<Database>,
  column: SubscriptionColumn,
  value: string,
  to: "confirmed" | "unsubscribed",
  alerts: SubscriberAlerts,
  at: string,
  { leftHow, also }: ChangeOptions = {},
): Promise<boolean> {
  const row = await trx
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email", "status", "source", "unsubscribe_token"])
    .where(column, "=", value)
    .executeTakeFirst();
  if (!row || (to === "confirmed" && row.status === "unsubscribed")) return false;
  const moves = to === "confirmed" ? row.status === "pending" : row.status !== "unsubscribed";
  if (!moves) return true;
  const changed = await trx
    .updateTable("newsletter_subscriptions")
    .set(
      to === "confirmed"
        ? { status: "confirmed", confirmed_at: at, updated_at: at }
        : {
            status: "unsubscribed",
            unsubscribed_at: at,
            left_how: leftHow ?? null,
            updated_at: at,
          },
    )
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  // Another request moved it first (two clicks at once): that one announces it.
  if (Number(changed.numUpdatedRows) !== 1) return true;
  await enqueueAlerts(trx, row.id, alerts({ email: row.email, at, signUpPage: row.source }), at);
  await also?.(trx, row, at);
  return true;
}
