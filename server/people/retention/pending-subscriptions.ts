/**
 * (b) Newsletter sign-ups never confirmed within PENDING_SUBSCRIPTION_DAYS: deleted with the mail
 * about them, as erasure deletes a subscription (../forget-person.ts). Nobody agreed to more than
 * the confirmation e-mail, so nothing of them is kept.
 */
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";

/**
 * Deletes the pending subscriptions last asked for before `cutoff` (consent_at: a sign-up again,
 * or a new address a subscriber asked for, counts from then), their outbox messages and the
 * bounces about them. Returns the ids of the subscriptions and messages this call deleted: a row another
 * run deleted first is not among them.
 */
export async function deleteExpiredSignUps(
  trx: Transaction<Database>,
  cutoff: string,
): Promise<{ subscriptions: string[]; messages: string[] }> {
  const deleted = await trx
    .deleteFrom("newsletter_subscriptions")
    .where("status", "=", "pending")
    .where("confirmed_at", "is", null)
    .where("consent_at", "<", cutoff)
    .returning("id")
    .execute();
  const subscriptions = deleted.map((row) => row.id);
  const messages: string[] = [];
  for (let start = 0; start < subscriptions.length; start += 500) {
    const some = subscriptions.slice(start, start + 500);
    const rows = await trx
      .deleteFrom("outbox")
      .where("lead_id", "in", some)
      .returning("id")
      .execute();
    messages.push(...rows.map((row) => row.id));
    await trx.deleteFrom("mail_events").where("subscription_id", "in", some).execute();
  }
  return { subscriptions, messages };
}
