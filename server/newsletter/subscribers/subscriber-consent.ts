/**
 * One subscriber's consent record for marketing (docs/personal-data.md, "Consent on record"):
 * the wording they agreed to, the form and page, and the dates of signing up, confirming and
 * leaving, with how they left. Each read is audited with it, in one transaction.
 */
import type { SubscriberConsent } from "../../../staff-api/subscribers";
import { storedWordings } from "../../people/consent-wordings";
import type { DB } from "../../db/database";
import { type AuditEntry, recordAudit } from "../../audit/audit";

/** The consent record of the subscription `id`, its read recorded as `audit`; null if none. */
export async function readSubscriberConsent(
  db: DB,
  id: string,
  audit: Pick<AuditEntry, "at" | "actor">,
): Promise<SubscriberConsent | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("newsletter_subscriptions")
      .select([
        "email",
        "source",
        "consent_at",
        "confirmed_at",
        "unsubscribed_at",
        "left_how",
        "consent_wording_id",
      ])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    const wordingOf = await storedWordings(trx, [row.consent_wording_id]);
    await recordAudit(trx, {
      ...audit,
      action: "subscriber.consent-viewed",
      record: { type: "subscriber", id },
    });
    return {
      email: row.email,
      wording: wordingOf(row.consent_wording_id),
      form: "newsletter",
      page: row.source,
      signedUpAt: row.consent_at,
      confirmedAt: row.confirmed_at,
      leftAt: row.unsubscribed_at,
      leftHow: row.left_how,
    };
  });
}
