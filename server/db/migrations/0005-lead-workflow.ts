import type { Kysely, Migration } from "kysely";
import { createIndex, createTableWithId, optionalText, requiredText } from "./ddl";

/**
 * The lead inbox's workflow (server/leads/inbox/lead-query.ts and lead-changes.ts): a lead's status and owner, and the history of
 * changes and notes. A lead without a `lead_states` row is "new" and unowned, so the lead tables
 * and the code that fills them are unchanged and existing leads need no backfill.
 *
 * `lead_type` is "contact" or "demo"; `lead_id` the row's id in contact_messages or demo_requests.
 * No foreign key to the lead tables (one column points at either) nor to staff_accounts (the
 * history outlives an account): erasure (people/forget-person.ts) removes a person's rows here.
 */
export const leadWorkflow: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("lead_states")
      .$call(requiredText("lead_type", "lead_id"))
      .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
      .$call(optionalText("owner_account_id", "first_response_at"))
      .$call(requiredText("updated_at"))
      .addPrimaryKeyConstraint("lead_states_pk", ["lead_type", "lead_id"])
      .execute();
    await createIndex(db, "lead_states_status", "lead_states", ["status"]);
    await createIndex(db, "lead_states_owner", "lead_states", ["owner_account_id"]);

    await createTableWithId(db, "lead_events")
      .$call(requiredText("lead_type", "lead_id", "at"))
      .$call(optionalText("actor_account_id"))
      .$call(requiredText("kind"))
      .$call(optionalText("from", "to", "text"))
      .execute();
    await createIndex(db, "lead_events_lead", "lead_events", ["lead_type", "lead_id", "at"]);

    // The inbox pages newest first by (created_at, id) across both lead tables.
    for (const table of ["contact_messages", "demo_requests"]) {
      await createIndex(db, `${table}_created_at_id`, table, ["created_at", "id"]);
    }
    // A lead's notification deliveries, for its timeline.
    await createIndex(db, "outbox_lead", "outbox", ["lead_id"]);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("outbox_lead").execute();
    await db.schema.dropIndex("demo_requests_created_at_id").execute();
    await db.schema.dropIndex("contact_messages_created_at_id").execute();
    await db.schema.dropTable("lead_events").execute();
    await db.schema.dropTable("lead_states").execute();
  },
};
