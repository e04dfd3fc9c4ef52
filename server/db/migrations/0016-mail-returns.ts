import type { Kysely, Migration } from "kysely";
import { createIndex, createTableWithId, optionalText, requiredText } from "./ddl";

/**
 * What comes back from the mail the system sends (docs/mail-deliverability.md):
 *
 * - `mail_events`: each bounce, complaint or unreadable message received (inbound SMTP listener,
 *   a provider's webhook, or a refusal the mail server gave while we were sending). `source` and
 *   `source_ref` (the provider's id of the event, or the message's Message-ID) are unique
 *   together, so an event delivered twice is recorded once. A message that is neither bounce nor
 *   complaint is kept whole in `raw` for review (`type` "unclassified"), never deleted.
 * - `mail_suppressions`: one row per mailbox (`email_key`) that subscriber mail must not go to,
 *   with why (`reason`: hard-bounce, soft-bounce, complaint, manual) and the event behind it.
 * - `outbox.outcome`: what became of a copy beyond its delivery status (suppressed before
 *   sending, bounced, complained, the subscriber gone), so that each recipient of a campaign is
 *   in exactly one state.
 * - `newsletter_campaigns.auto_paused`: why the brake paused a campaign (null if it did not);
 *   `brake_from`: the brake counts only copies sent since then (the start, or the last resume).
 */
export const mailReturns: Migration = {
  async up(db: Kysely<unknown>) {
    await createTableWithId(db, "mail_events")
      .$call(requiredText("received_at", "source"))
      .$call(optionalText("source_ref"))
      .$call(requiredText("type"))
      .$call(optionalText("email", "email_key", "subscription_id", "outbox_id", "campaign_id"))
      .$call(optionalText("status"))
      .$call(requiredText("detail"))
      .$call(optionalText("raw"))
      .addUniqueConstraint("mail_events_source_ref", ["source", "source_ref"])
      .execute();
    await createIndex(db, "mail_events_address", "mail_events", [
      "email_key",
      "type",
      "received_at",
    ]);
    await createIndex(db, "mail_events_campaign", "mail_events", ["campaign_id", "type"]);
    await createTableWithId(db, "mail_suppressions")
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("email_key", "text", (c) => c.notNull().unique())
      .$call(requiredText("reason", "at", "detail"))
      .$call(optionalText("event_id"))
      .execute();
    await createIndex(db, "mail_suppressions_order", "mail_suppressions", ["at", "id"]);
    await db.schema.alterTable("outbox").addColumn("outcome", "text").execute();
    await db.schema.alterTable("newsletter_campaigns").addColumn("auto_paused", "text").execute();
    await db.schema.alterTable("newsletter_campaigns").addColumn("brake_from", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("newsletter_campaigns").dropColumn("brake_from").execute();
    await db.schema.alterTable("newsletter_campaigns").dropColumn("auto_paused").execute();
    await db.schema.alterTable("outbox").dropColumn("outcome").execute();
    await db.schema.dropTable("mail_suppressions").execute();
    await db.schema.dropTable("mail_events").execute();
  },
};
