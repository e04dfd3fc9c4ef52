/**
 * A subscriber's new address replaces the old once confirmed (server/newsletter/subscribers/
 * address-change.ts asks for it; docs/decisions/0035-erasure-and-address-changes.md).
 */
import type { Transaction } from "kysely";
import { recordAudit } from "../../audit/audit";
import { enqueueAlerts } from "../../leads/store";
import type { SubscriberAlerts } from "./lifecycle";
import type { Database } from "../../db/schema";

/**
 * On the confirmation of a subscription that replaces another (a new address): ends the old one,
 * "address-changed", and records `subscriber.address-changed` naming both subscriptions. The log
 * keeps their ids, never the addresses: the audit page looks those up in the two rows, which
 * erasure of either address removes. The old one's end is announced with `alerts`, as an
 * unsubscription (the CRM must stop mailing it). False when the subscription replaces none.
 */
export async function endReplacedSubscription(
  trx: Transaction<Database>,
  id: string,
  at: string,
  alerts: SubscriberAlerts = () => [],
): Promise<boolean> {
  const row = await trx
    .selectFrom("newsletter_subscriptions")
    .select("replaces_subscription_id")
    .where("id", "=", id)
    .executeTakeFirst();
  const replaced = row?.replaces_subscription_id;
  if (!replaced) return false;
  const old = await trx
    .selectFrom("newsletter_subscriptions")
    .select(["email", "source"])
    .where("id", "=", replaced)
    .executeTakeFirst();
  // One that has ended meanwhile (they unsubscribed, or complained) is left as it ended.
  const ended = await trx
    .updateTable("newsletter_subscriptions")
    .set({
      status: "unsubscribed",
      unsubscribed_at: at,
      left_how: "address-changed",
      updated_at: at,
    })
    .where("id", "=", replaced)
    .where("status", "!=", "unsubscribed")
    .executeTakeFirst();
  if (old && Number(ended.numUpdatedRows) === 1) {
    await enqueueAlerts(
      trx,
      replaced,
      alerts({ email: old.email, at, signUpPage: old.source }),
      at,
    );
  }
  // Done: a later confirmation of this row (after leaving and signing up again) replaces nothing.
  await trx
    .updateTable("newsletter_subscriptions")
    .set({ replaces_subscription_id: null })
    .where("id", "=", id)
    .execute();
  await recordAudit(trx, {
    action: "subscriber.address-changed",
    at,
    record: { type: "subscriber", id },
    // Who acted: the subscriber, by the link in the e-mail to their new address.
    detail: { replaced, via: "subscriber" },
  });
  return true;
}
