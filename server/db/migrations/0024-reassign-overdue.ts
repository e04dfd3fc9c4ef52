import type { Kysely, Migration } from "kysely";

/**
 * An overdue lead handed on (server/leads/routing/, server/leads/service-hours/escalation.ts):
 * `lead_routing_rules.reassign_overdue` is 1 for a rotation whose lead, when it is escalated
 * for being past its response target, goes to the rotation's next available member; 0 (every
 * rule before this migration) keeps it with its owner. An integer, as the other flags are, so
 * that both databases store the same values. See docs/decisions/0063-overdue-lead-handed-on.md.
 */
export const reassignOverdue: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("lead_routing_rules")
      .addColumn("reassign_overdue", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("lead_routing_rules").dropColumn("reassign_overdue").execute();
  },
};
