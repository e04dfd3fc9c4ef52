import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { migrate } from "../db/database";
import { staff } from "../db/migrations/0004-staff";
import { testDatabase, testDialects } from "../testing";

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
