/**
 * Marketing's correction of a subscriber's address (docs/decisions/0035-erasure-and-address-
 * changes.md): never written over the old one, only asked of the new address by the usual
 * confirmation e-mail, for a new subscription that replaces the old once confirmed
 * (server/newsletter/subscribers/replacement.ts). Each address keeps its own row, so the old and new
 * address stay where erasure of either finds them.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { emailKey, mailboxKey } from "../../../leads/email";
import { lockMailbox, mayMailConfirmation } from "./confirmation-cap";
import { type DB, isPostgres } from "../../db/database";
import type { Subscriber } from "../../../staff-api/subscribers";
import { findSubscriber } from "./subscribers";
import { type ConfirmationMail, confirmedTooRecently, token } from "./lifecycle";
import type { Database, SuppressionReason } from "../../db/schema";
import { enqueueMail } from "../../mail/outbox";
import { suppressionReason } from "../returns/suppressions";

/** Why a new address was not sent a confirmation, or the subscription it was sent for. */
export type AddressChangeOutcome =
  | { sent: true; replacementId: string; version: string }
  | { stale: Subscriber }
  | { refused: "unsubscribed" | "same" | "confirmed" | "too-recent" | "capped" }
  | { suppressed: SuppressionReason };

/**
 * Sends the confirmation e-mail to `email`, the new address of subscription `id`, under the limits
 * of a sign-up (at most hourly, the mailbox's daily cap), with a pending subscription for it that
 * replaces `id` once confirmed. It carries the old one's consent (the wording and page agreed on,
 * the visit's source): the person agreed once; the new mailbox confirms it is theirs. Its
 * consent_at is the request's time, not the old sign-up's: it is this address's sign-up, and an
 * unconfirmed one expires from then like any other. An address with a row
 * already (pending, or unsubscribed) has that row made the replacement: one row per address.
 * `also` stores more in its transaction when it is sent (the audit entry). Null when there is no
 * such subscription; `stale`, sending nothing, when it is not at the version `isCurrent` names.
 */
export async function requestAddressChange(
  db: DB,
  id: string,
  email: string,
  confirmation: ConfirmationMail,
  {
    now,
    also,
    isCurrent,
  }: {
    now: Date;
    also: (trx: Transaction<Database>, replacementId: string) => Promise<void>;
    /** Whether the subscriber is at a version the change names (decision 0068). */
    isCurrent: (version: string) => boolean;
  },
): Promise<AddressChangeOutcome | null> {
  return db.transaction().execute(async (trx) => {
    // Locked (PostgreSQL; SQLite writes one transaction at a time) for the version's check.
    const old = await trx
      .selectFrom("newsletter_subscriptions")
      .selectAll()
      .where("id", "=", id)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
    if (!old) return null;
    const subscriber = await findSubscriber(trx, id);
    if (!subscriber) return null;
    if (!isCurrent(subscriber.version)) return { stale: subscriber };
    if (old.status === "unsubscribed") return { refused: "unsubscribed" };
    const key = emailKey(email);
    if (key === old.email_key) return { refused: "same" };
    const mailbox = mailboxKey(email);
    await lockMailbox(trx, mailbox);
    const suppressed = await suppressionReason(trx, email);
    if (suppressed) return { suppressed };
    const existing = await trx
      .selectFrom("newsletter_subscriptions")
      .select(["id", "status", "unsubscribe_token"])
      .where("email_key", "=", key)
      .executeTakeFirst();
    if (existing?.status === "confirmed") return { refused: "confirmed" };
    if (existing?.status === "pending" && (await confirmedTooRecently(trx, existing.id, now))) {
      return { refused: "too-recent" };
    }
    if (!(await mayMailConfirmation(trx, mailbox, now))) return { refused: "capped" };

    const at = now.toISOString();
    const replacement = {
      email,
      email_key: key,
      status: "pending" as const,
      confirm_token: token(),
      consent_at: at,
      consent_wording_id: old.consent_wording_id,
      confirmed_at: null,
      unsubscribed_at: null,
      left_how: null,
      source: old.source,
      landing_page: old.landing_page,
      referrer: old.referrer,
      utm_source: old.utm_source,
      utm_medium: old.utm_medium,
      utm_campaign: old.utm_campaign,
      utm_term: old.utm_term,
      utm_content: old.utm_content,
      replaces_subscription_id: old.id,
      updated_at: at,
    };
    const replacementId = existing?.id ?? randomUUID();
    const unsubscribeToken = existing?.unsubscribe_token ?? token();
    if (existing) {
      await trx
        .updateTable("newsletter_subscriptions")
        .set(replacement)
        .where("id", "=", existing.id)
        .execute();
    } else {
      await trx
        .insertInto("newsletter_subscriptions")
        .values({
          ...replacement,
          id: replacementId,
          unsubscribe_token: unsubscribeToken,
          created_at: at,
        })
        .execute();
    }
    await enqueueMail(trx, {
      kind: "newsletter-confirmation",
      leadId: replacementId,
      recipientKey: mailbox,
      message: await confirmation({
        confirmToken: replacement.confirm_token,
        unsubscribeToken,
      }),
      now: at,
    });
    await also(trx, replacementId);
    // The old subscription is as it was: its version stays, for the page's next change.
    return { sent: true, replacementId, version: subscriber.version };
  });
}
