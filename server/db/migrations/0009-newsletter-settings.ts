import type { Kysely, Migration } from "kysely";

/**
 * The newsletter's settings that marketing edits in the console, one row per key (the welcome
 * e-mail: "welcome"), each a JSON value with who changed it and when.
 */
export const newsletterSettings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("newsletter_settings")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by_account_id", "text")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("newsletter_settings").execute();
  },
};
