import type { Kysely, Migration } from "kysely";

/**
 * Newsletter campaigns (server/newsletter/campaigns.ts). A campaign's copies are outbox rows
 * whose id is the campaign's and the subscription's together, so a subscriber can never be given
 * two copies of one campaign; `campaign_id` finds them for pause, resume, cancel and the report.
 */
export const campaigns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("newsletter_campaigns")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("markdown", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("scheduled_at", "text")
      .addColumn("started_at", "text")
      .addColumn("finished_at", "text")
      .addColumn("recipients", "integer")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("created_by_account_id", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by_account_id", "text")
      .execute();
    await db.schema
      .createIndex("newsletter_campaigns_due")
      .on("newsletter_campaigns")
      .columns(["status", "scheduled_at"])
      .execute();
    await db.schema.alterTable("outbox").addColumn("campaign_id", "text").execute();
    await db.schema
      .createIndex("outbox_campaign")
      .on("outbox")
      .columns(["campaign_id", "status"])
      .execute();
    // The send rate counts a kind's copies sent in the last minute.
    await db.schema
      .createIndex("outbox_kind_sent")
      .on("outbox")
      .columns(["kind", "sent_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("outbox_kind_sent").execute();
    await db.schema.dropIndex("outbox_campaign").execute();
    await db.schema.alterTable("outbox").dropColumn("campaign_id").execute();
    await db.schema.dropTable("newsletter_campaigns").execute();
  },
};
