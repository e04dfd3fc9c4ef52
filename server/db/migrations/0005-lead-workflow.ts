import type { Kysely, Migration } from "kysely";

/**
 * The lead inbox's workflow (server/staff/inbox/lead-query.ts and lead-changes.ts): a lead's status and owner, and the history of
 * changes and notes. A lead without a `lead_states` row is "new" and unowned, so the lead tables
 * and the code that fills them are unchanged and existing leads need no backfill.
 *
 * `lead_type` is "contact" or "demo"; `lead_id` the row's id in contact_messages or demo_requests.
 * No foreign key to the lead tables (one column points at either) nor to staff_accounts (the
 * history outlives an account): erasure (db/forget-person.ts) removes a person's rows here.
 */
export const leadWorkflow: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("lead_states")
      .addColumn("lead_type", "text", (c) => c.notNull())
      .addColumn("lead_id", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
      .addColumn("owner_account_id", "text")
      .addColumn("first_response_at", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("lead_states_pk", ["lead_type", "lead_id"])
      .execute();
    await db.schema.createIndex("lead_states_status").on("lead_states").column("status").execute();
    await db.schema
      .createIndex("lead_states_owner")
      .on("lead_states")
      .column("owner_account_id")
      .execute();

    await db.schema
      .createTable("lead_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_type", "text", (c) => c.notNull())
      .addColumn("lead_id", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("actor_account_id", "text")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("from", "text")
      .addColumn("to", "text")
      .addColumn("text", "text")
      .execute();
    await db.schema
      .createIndex("lead_events_lead")
      .on("lead_events")
      .columns(["lead_type", "lead_id", "at"])
      .execute();

    // The inbox pages newest first by (created_at, id) across both lead tables.
    await db.schema
      .createIndex("contact_messages_created_at_id")
      .on("contact_messages")
      .columns(["created_at", "id"])
      .execute();
    await db.schema
      .createIndex("demo_requests_created_at_id")
      .on("demo_requests")
      .columns(["created_at", "id"])
      .execute();
    // A lead's notification deliveries, for its timeline.
    await db.schema.createIndex("outbox_lead").on("outbox").column("lead_id").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("outbox_lead").execute();
    await db.schema.dropIndex("demo_requests_created_at_id").execute();
    await db.schema.dropIndex("contact_messages_created_at_id").execute();
    await db.schema.dropTable("lead_events").execute();
    await db.schema.dropTable("lead_states").execute();
  },
};
