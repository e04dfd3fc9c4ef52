import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrate, openDatabase } from "../db/database";
import { staff } from "../db/migrations/0004-staff";
import { leadWorkflow } from "../db/migrations/0005-lead-workflow";
import { freshSchemaUrl, testDatabase, testDialects } from "../testing";
import { listLeads } from "./inbox";

describe.each(testDialects)("migration 0004 (staff) on $name", ({ url }) => {
  it("makes one account per address, and can be undone and redone", async () => {
    const db = await testDatabase(url);
    await migrate(db); // already up to date: nothing to do
    await db
      .insertInto("staff_accounts")
      .values({
        id: "a",
        email: "ama@example.com",
        email_key: "ama@example.com",
        name: "Ama",
        role: "admin",
        created_at: "2026-11-23T00:00:00.000Z",
        updated_at: "2026-11-23T00:00:00.000Z",
        disabled_at: null,
      })
      .execute();
    // One account per address.
    await expect(
      db
        .insertInto("staff_accounts")
        .values({
          id: "b",
          email: "AMA@example.com",
          email_key: "ama@example.com",
          name: "Ama",
          role: "sales",
          created_at: "2026-11-23T00:00:00.000Z",
          updated_at: "2026-11-23T00:00:00.000Z",
          disabled_at: null,
        })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    // down drops everything up made (the PostgreSQL function too), so up runs again.
    const untyped = db as unknown as Kysely<unknown>;
    await staff.down?.(untyped);
    await staff.up(untyped);
    expect(await db.selectFrom("staff_accounts").selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});

describe.each(testDialects)("migration 0005 (lead workflow) on $name", ({ url }) => {
  it("leaves existing leads new and unowned, and can be undone and redone", async () => {
    const db = url ? openDatabase({ databaseUrl: await freshSchemaUrl(url) }) : openDatabase({});
    try {
      await migrate(db, "0004-staff");
      const created = "2026-11-01T09:00:00.000Z";
      await sql`insert into demo_requests (id, product, page, name, email, phone, company, job_title, industry, email_key, created_at)
        values ('d1', 'vas', '/request-vas-demo', 'Ama', 'ama@example.com', '055', 'Co', 'CEO', 'Retail', 'ama@example.com', ${created})`.execute(
        db,
      );
      await migrate(db);
      const { items } = await listLeads(db, {});
      expect(items).toMatchObject([{ id: "demo_d1", status: "new", owner: null }]);
      // One state per lead.
      const state = {
        lead_type: "demo" as const,
        lead_id: "d1",
        status: "won" as const,
        owner_account_id: null,
        first_response_at: null,
        updated_at: created,
      };
      await db.insertInto("lead_states").values(state).execute();
      await expect(db.insertInto("lead_states").values(state).execute()).rejects.toThrow(
        /unique|duplicate/i,
      );
      const untyped = db as unknown as Kysely<unknown>;
      await leadWorkflow.down?.(untyped);
      await leadWorkflow.up(untyped);
      expect(await db.selectFrom("lead_states").selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
