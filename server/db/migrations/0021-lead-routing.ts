import type { Kysely, Migration } from "kysely";
import { createIndex, createTableWithId } from "./ddl";

/**
 * Lead routing (server/leads/routing/): a new lead gets its owner as it is stored.
 *
 * - `lead_routing`: one row (`id` "rules") holding the rules' version, their ETag: the console's
 *   editor must name it to change them, so two admins cannot save over each other.
 * - `lead_routing_rules`: the rules in order (`position`); each names a lead type, a product or
 *   none (any), and either one owner or a rotation (its members in `lead_routing_members`).
 *   `next_turn` is where the rotation goes on from: the position of the member after the one
 *   given the last lead. It lives in the database so that every server instance on one database
 *   takes turns from the same place (the row is locked while a lead is routed).
 * - `staff_accounts.away_since`: set while a member of staff is away; a rotation skips them.
 *
 * Deleting an account deletes a rule it owns and its places in rotations. See
 * docs/decisions/0055-lead-routing.md.
 */
export const leadRouting: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("staff_accounts").addColumn("away_since", "text").execute();
    await db.schema
      .createTable("lead_routing")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text")
      .addColumn("updated_by", "text", (c) =>
        c.references("staff_accounts.id").onDelete("set null"),
      )
      .execute();
    await db
      .insertInto("lead_routing" as never)
      .values({ id: "rules", version: 0 } as never)
      .execute();
    await createTableWithId(db, "lead_routing_rules")
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("lead_type", "text", (c) => c.notNull())
      .addColumn("product", "text")
      .addColumn("owner_account_id", "text", (c) =>
        c.references("staff_accounts.id").onDelete("cascade"),
      )
      .addColumn("next_turn", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await createIndex(db, "lead_routing_rules_position", "lead_routing_rules", ["position"]);
    await db.schema
      .createTable("lead_routing_members")
      .addColumn("rule_id", "text", (c) =>
        c.notNull().references("lead_routing_rules.id").onDelete("cascade"),
      )
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("staff_accounts.id").onDelete("cascade"),
      )
      .addPrimaryKeyConstraint("lead_routing_members_pk", ["rule_id", "position"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("lead_routing_members").execute();
    await db.schema.dropTable("lead_routing_rules").execute();
    await db.schema.dropTable("lead_routing").execute();
    await db.schema.alterTable("staff_accounts").dropColumn("away_since").execute();
  },
};
