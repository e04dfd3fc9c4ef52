import type { Kysely, Migration } from "kysely";
import { createIndex } from "./ddl";

/**
 * One customer, one record (server/leads/duplicates/): leads that share an address or a phone
 * number are linked when they are read, from `email_key` and `phone_e164`, both already indexed
 * on both lead tables (migrations 0003 and 0018). What staff decide about a link is stored:
 *
 * - `lead_states.merged_into`: the API id (`contact_<uuid>`, `demo_<uuid>`) of the lead this one
 *   was merged into; null for a lead standing on its own. Indexed: the lead merged into shows the
 *   timelines of every lead merged into it.
 * - `lead_distinct_pairs`: two leads a member of staff said are not the same customer, as their
 *   API ids, the smaller first (`lead_a < lead_b`), once per pair; who said so and when.
 *
 * See docs/decisions/0059-one-customer-one-record.md.
 */
export const leadDuplicates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("lead_states").addColumn("merged_into", "text").execute();
    await createIndex(db, "lead_states_merged_into", "lead_states", ["merged_into"]);
    await db.schema
      .createTable("lead_distinct_pairs")
      .addColumn("lead_a", "text", (c) => c.notNull())
      .addColumn("lead_b", "text", (c) => c.notNull())
      .addColumn("marked_at", "text", (c) => c.notNull())
      .addColumn("marked_by", "text", (c) => c.references("staff_accounts.id").onDelete("set null"))
      .addPrimaryKeyConstraint("lead_distinct_pairs_pk", ["lead_a", "lead_b"])
      .execute();
    await createIndex(db, "lead_distinct_pairs_b", "lead_distinct_pairs", ["lead_b"]);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("lead_distinct_pairs").execute();
    await db.schema.dropIndex("lead_states_merged_into").execute();
    await db.schema.alterTable("lead_states").dropColumn("merged_into").execute();
  },
};
