import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { readRules } from "../../leads/routing/rules";
import { testDialects, useTestDatabase } from "../../testing/lead-api";
import type { DB } from "../database";
import { reassignOverdue } from "./0024-reassign-overdue";

// Migration 0024 adds the routing rules' hand-on flag: a rule saved before it keeps its overdue
// leads with their owner, and the migration can be undone and redone with rules stored.

describe.each(testDialects)("migration 0024 (an overdue lead handed on) on $name", ({ url }) => {
  let db: DB;
  useTestDatabase(url, (opened) => (db = opened));

  it("leaves a rotation saved before it not handing on, and can be undone and redone", async () => {
    const at = "2026-12-07T09:00:00.000Z";
    await db
      .insertInto("staff_accounts")
      .values({
        id: "a",
        email: "ama@example.com",
        email_key: "ama@example.com",
        name: "Ama",
        role: "sales",
        created_at: at,
        updated_at: at,
        disabled_at: null,
      })
      .execute();
    // Written as a release before 0024 wrote it: without the column.
    await db
      .insertInto("lead_routing_rules")
      .values({ id: "r", position: 0, lead_type: "demo", product: null, owner_account_id: null })
      .execute();
    await db
      .insertInto("lead_routing_members")
      .values({ rule_id: "r", position: 0, account_id: "a" })
      .execute();
    const before = { type: "demo", rotation: ["ama@example.com"] };
    expect((await readRules(db)).rules).toEqual([before]);

    const untyped = db as unknown as Kysely<unknown>;
    await reassignOverdue.down?.(untyped);
    await reassignOverdue.up(untyped);
    await db.updateTable("lead_routing_rules").set({ reassign_overdue: 1 }).execute();
    expect((await readRules(db)).rules).toEqual([{ ...before, reassignOverdue: true }]);
  });
});
