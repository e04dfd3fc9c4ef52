import type { Kysely, Migration } from "kysely";

// Types are the portable subset (text, integer) so the same migration runs on SQLite and
// PostgreSQL; see schema.ts for why timestamps are ISO strings.
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("newsletter_subscriptions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("email_key", "text", (c) => c.notNull().unique())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("confirm_token", "text", (c) => c.notNull().unique())
      .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
      .addColumn("consent_at", "text", (c) => c.notNull())
      .addColumn("confirmed_at", "text")
      .addColumn("unsubscribed_at", "text")
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("contact_messages")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("policy_agreed_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("contact_messages_created_at")
      .on("contact_messages")
      .column("created_at")
      .execute();

    await db.schema
      .createTable("demo_requests")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("product", "text", (c) => c.notNull())
      .addColumn("page", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("company", "text", (c) => c.notNull())
      .addColumn("job_title", "text", (c) => c.notNull())
      .addColumn("industry", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("demo_requests_created_at")
      .on("demo_requests")
      .column("created_at")
      .execute();

    await db.schema
      .createTable("outbox")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("lead_id", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "text", (c) => c.notNull())
      .addColumn("last_error", "text")
      .addColumn("claimed_by", "text")
      .addColumn("claimed_until", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("sent_at", "text")
      .execute();
    await db.schema
      .createIndex("outbox_due")
      .on("outbox")
      .columns(["status", "next_attempt_at"])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      "outbox",
      "demo_requests",
      "contact_messages",
      "newsletter_subscriptions",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
