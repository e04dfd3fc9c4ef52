import type { Kysely, Migration } from "kysely";
import { createIndex, createTableWithId, optionalText, requiredText } from "./ddl";

/**
 * Newsletter campaigns (server/newsletter/campaigns/campaigns.ts). A campaign's copies are outbox rows
 * whose id is the campaign's and the subscription's together, so a subscriber can never be given
 * two copies of one campaign; `campaign_id` finds them for pause, resume, cancel and the report.
 */
export const campaigns: Migration = {
  async up(db: Kysely<unknown>) {
    await createTableWithId(db, "newsletter_campaigns")
      .$call(requiredText("subject", "markdown", "status"))
      .$call(optionalText("scheduled_at", "started_at", "finished_at"))
      .addColumn("recipients", "integer")
      .$call(requiredText("created_at"))
      .$call(optionalText("created_by_account_id"))
      .$call(requiredText("updated_at"))
      .$call(optionalText("updated_by_account_id"))
      .execute();
    await createIndex(db, "newsletter_campaigns_due", "newsletter_campaigns", [
      "status",
      "scheduled_at",
    ]);
    await db.schema.alterTable("outbox").addColumn("campaign_id", "text").execute();
    await createIndex(db, "outbox_campaign", "outbox", ["campaign_id", "status"]);
    // The send rate counts a kind's copies sent in the last minute.
    await createIndex(db, "outbox_kind_sent", "outbox", ["kind", "sent_at"]);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("outbox_kind_sent").execute();
    await db.schema.dropIndex("outbox_campaign").execute();
    await db.schema.alterTable("outbox").dropColumn("campaign_id").execute();
    await db.schema.dropTable("newsletter_campaigns").execute();
  },
};
