import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrate, openDatabase } from "../db/database";
import { staff } from "../db/migrations/0004-staff";
import { leadWorkflow } from "../db/migrations/0005-lead-workflow";
import { passkeys } from "../db/migrations/0006-passkeys";
import { leadSearch } from "../db/migrations/0007-lead-search";
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
    // down drops everything up made (the PostgreSQL function too), so up runs again. The
    // passkey tables of 0006 refer to these, so they go first and come back last.
    const untyped = db as unknown as Kysely<unknown>;
    await passkeys.down?.(untyped);
    await staff.down?.(untyped);
    await staff.up(untyped);
    await passkeys.up(untyped);
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

describe.each(testDialects)("migration 0006 (passkeys) on $name", ({ url }) => {
  it("keeps one row per credential, goes with its account, and can be undone and redone", async () => {
    const db = url ? openDatabase({ databaseUrl: await freshSchemaUrl(url) }) : openDatabase({});
    try {
      await migrate(db, "0005-lead-workflow");
      const at = "2026-11-23T00:00:00.000Z";
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
      await migrate(db);
      const passkey = {
        id: "p1",
        account_id: "a",
        credential_id: "Y3JlZA",
        public_key: "a2V5",
        // Larger than PostgreSQL's integer: the counter is 32 bits unsigned.
        counter: 4_294_967_295,
        transports: "[]",
        device_type: "singleDevice",
        backed_up: 0,
        name: "Key",
        created_at: at,
        last_used_at: null,
      };
      await db.insertInto("staff_passkeys").values(passkey).execute();
      await expect(
        db
          .insertInto("staff_passkeys")
          .values({ ...passkey, id: "p2" })
          .execute(),
      ).rejects.toThrow(/unique|duplicate/i);
      const stored = await db.selectFrom("staff_passkeys").select("counter").executeTakeFirst();
      expect(Number(stored?.counter)).toBe(4_294_967_295);
      await db.deleteFrom("staff_accounts").where("id", "=", "a").execute();
      expect(await db.selectFrom("staff_passkeys").selectAll().execute()).toEqual([]);
      const untyped = db as unknown as Kysely<unknown>;
      await passkeys.down?.(untyped);
      await passkeys.up(untyped);
      expect(await db.selectFrom("staff_passkey_challenges").selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

describe.each(testDialects)("migration 0007 (lead search) on $name", ({ url }) => {
  it("makes the leads stored before it searchable, and can be undone and redone", async () => {
    const db = url ? openDatabase({ databaseUrl: await freshSchemaUrl(url) }) : openDatabase({});
    try {
      await migrate(db, "0006-passkeys");
      const created = "2026-11-01T09:00:00.000Z";
      await sql`insert into demo_requests (id, product, page, name, email, phone, company, job_title, industry, email_key, created_at)
        values ('d1', 'vas', '/request-vas-demo', 'Ɛfua Mensah', 'efua@example.com', '055', 'Susu Co', 'CEO', 'Retail', 'efua@example.com', ${created})`.execute(
        db,
      );
      await sql`insert into contact_messages (id, first_name, last_name, email, phone, message, policy_agreed_at, email_key, created_at)
        values ('c1', 'Kofi', 'Owusu', 'kofi@example.com', '055', 'About payouts', ${created}, 'kofi@example.com', ${created})`.execute(
        db,
      );
      await migrate(db);
      const found = async (q: string) => (await listLeads(db, { q })).items.map((l) => l.id);
      expect(await found("ɛfua")).toEqual(["demo_d1"]);
      expect(await found("susu co")).toEqual(["demo_d1"]);
      expect(await found("payouts")).toEqual(["contact_c1"]);
      expect(await found("kofi owusu")).toEqual(["contact_c1"]);
      const untyped = db as unknown as Kysely<unknown>;
      await leadSearch.down?.(untyped);
      await leadSearch.up(untyped);
      expect(await found("payouts")).toEqual(["contact_c1"]);
    } finally {
      await db.destroy();
    }
  });
});
