import type { Kysely, Migration } from "kysely";

/**
 * `lead_states.version`: a counter that goes up by one with each change of a lead's status or
 * owner, answered as the lead's ETag (server/leads/inbox/lead-changes.ts). A change sent from a
 * page that read an older version is refused (412), never applied over a colleague's change.
 * A counter and not `updated_at`: two changes within one millisecond would share an instant.
 * Existing rows start at 0, as does a lead that has no row yet; see
 * docs/decisions/0023-stale-edits-refused.md.
 */
export const leadVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("lead_states")
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("lead_states").dropColumn("version").execute();
  },
};
