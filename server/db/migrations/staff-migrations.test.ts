import { type Kysely, type Migration, sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { migrate, openDatabase } from "../database";
import type { Database } from "../schema";
import { staff } from "./0004-staff";
import { leadWorkflow } from "./0005-lead-workflow";
import { passkeys } from "./0006-passkeys";
import { leadSearch } from "./0007-lead-search";
import { staffRevocation } from "./0011-staff-revocation";
import { leadVersion } from "./0013-lead-version";
import { phoneSearch } from "./0014-phone-search";
import { staffInvitations } from "./0015-staff-invitations";
import { phoneE164Column } from "./0018-phone-e164";
import { leadRouting } from "./0021-lead-routing";
import { leadDuplicates } from "./0022-lead-duplicates";
import { salesDesk } from "./0023-sales-desk";
import { reassignOverdue } from "./0024-reassign-overdue";
import { freshSchemaUrl, testDatabase, testDialects } from "../../testing/lead-api";
import { listLeads } from "../../leads/inbox/lead-list";
import { findSession } from "../../staff/sign-in/sessions";
import { verifySignInToken } from "../../staff/sign-in/sign-in";
import { hashSecret } from "../../staff/sign-in/tokens";
import type { StaffRole } from "../../../staff-api/roles";

/** An account row of ama@example.com, added on 23 November 2026. */
const amasAccount = (id: string, role: StaffRole) => ({
  id,
  email: "ama@example.com",
  email_key: "ama@example.com",
  name: "Ama",
  role,
  created_at: "2026-11-23T00:00:00.000Z",
  updated_at: "2026-11-23T00:00:00.000Z",
  disabled_at: null,
});

/**
 * A fresh database of the dialect migrated up to `last` (the migration under test not run yet),
 * closed when the test ends.
 */
async function databaseUpTo(url: string | undefined, last: Parameters<typeof migrate>[1]) {
  const db = url ? openDatabase({ databaseUrl: await freshSchemaUrl(url) }) : openDatabase({});
  onTestFinished(() => db.destroy());
  await migrate(db, last);
  return db;
}

/**
 * Undoes `migrations` in the order given (the later ones first, as they refer to the earlier),
 * then runs them again in the opposite order.
 */
async function undoAndRedo(db: Kysely<Database>, ...migrations: Migration[]) {
  const untyped = db as unknown as Kysely<unknown>;
  for (const migration of migrations) await migration.down?.(untyped);
  for (const migration of migrations.toReversed()) await migration.up(untyped);
}

/** Expects each search of the inbox (`q`) to find those leads, in that order. */
async function expectFinds(db: Kysely<Database>, finds: Record<string, string[]>) {
  for (const [q, ids] of Object.entries(finds)) {
    expect(
      (await listLeads(db, { q }, {}, new Date())).items.map((lead) => lead.id),
      q,
    ).toEqual(ids);
  }
}

/** A lead's search text as the releases before 0014 and 0018 wrote it: its fields, separated. */
const oldSearchText = (...fields: string[]) => fields.join("\u001f");

/** When the leads stored before a migration came in. */
const CREATED = "2026-11-01T09:00:00.000Z";

/**
 * Demo request d1 (for VAS, from a Retail CEO) written in SQL, as the tables held it before the
 * migrations under test: the app's typed queries know only the latest tables.
 */
async function addOldDemoRequest(
  db: Kysely<Database>,
  { name, email, company }: { name: string; email: string; company: string },
) {
  await sql`insert into demo_requests (id, product, page, name, email, phone, company, job_title, industry, email_key, created_at)
      values ('d1', 'vas', '/request-vas-demo', ${name}, ${email}, '055', ${company}, 'CEO', 'Retail', ${email}, ${CREATED})`.execute(
    db,
  );
}

describe.each(testDialects)("migration 0004 (staff) on $name", ({ url }) => {
  it("makes one account per address, and can be undone and redone", async () => {
    const db = await testDatabase(url);
    await migrate(db); // already up to date: nothing to do
    await db.insertInto("staff_accounts").values(amasAccount("a", "admin")).execute();
    // One account per address.
    await expect(
      db
        .insertInto("staff_accounts")
        .values({ ...amasAccount("b", "sales"), email: "AMA@example.com" })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    // down drops everything up made (the PostgreSQL function too), so up runs again. 0024, 0023,
    // 0022, 0021, 0011 and 0006 refer to these (the routing rules' flag, the sales desk's tables,
    // leads told apart, routing, the sessions' passkey, passkeys), so they go first and come back
    // last.
    const later = [reassignOverdue, salesDesk, leadDuplicates, leadRouting, staffRevocation];
    await undoAndRedo(db, ...later, passkeys, staff);
    expect(await db.selectFrom("staff_accounts").selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});

describe.each(testDialects)("migration 0005 (lead workflow) on $name", ({ url }) => {
  it("leaves existing leads new and unowned, and can be undone and redone", async () => {
    const db = await databaseUpTo(url, "0004-staff");
    await addOldDemoRequest(db, { name: "Ama", email: "ama@example.com", company: "Co" });
    await migrate(db);
    const { items } = await listLeads(db, {}, {}, new Date());
    expect(items).toMatchObject([{ id: "demo_d1", status: "new", owner: null }]);
    // One state per lead.
    const state = {
      lead_type: "demo" as const,
      lead_id: "d1",
      status: "won" as const,
      owner_account_id: null,
      first_response_at: null,
      updated_at: CREATED,
    };
    await db.insertInto("lead_states").values(state).execute();
    await expect(db.insertInto("lead_states").values(state).execute()).rejects.toThrow(
      /unique|duplicate/i,
    );
    await undoAndRedo(db, leadWorkflow);
    expect(await db.selectFrom("lead_states").selectAll().execute()).toEqual([]);
  });
});

describe.each(testDialects)("migration 0006 (passkeys) on $name", ({ url }) => {
  it("keeps one row per credential, goes with its account, and can be undone and redone", async () => {
    const db = await databaseUpTo(url, "0005-lead-workflow");
    const at = "2026-11-23T00:00:00.000Z";
    await db.insertInto("staff_accounts").values(amasAccount("a", "sales")).execute();
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
    // 0011's column refers to the passkeys: it goes first and comes back last.
    await undoAndRedo(db, staffRevocation, passkeys);
    expect(await db.selectFrom("staff_passkey_challenges").selectAll().execute()).toEqual([]);
  });
});

describe.each(testDialects)("migration 0007 (lead search) on $name", ({ url }) => {
  it("makes the leads stored before it searchable, and can be undone and redone", async () => {
    const db = await databaseUpTo(url, "0006-passkeys");
    await addOldDemoRequest(db, {
      name: "Ɛfua Mensah",
      email: "efua@example.com",
      company: "Susu Co",
    });
    await sql`insert into contact_messages (id, first_name, last_name, email, phone, message, policy_agreed_at, email_key, created_at)
        values ('c1', 'Kofi', 'Owusu', 'kofi@example.com', '055', 'About payouts', ${CREATED}, 'kofi@example.com', ${CREATED})`.execute(
      db,
    );
    await migrate(db);
    await expectFinds(db, {
      ɛfua: ["demo_d1"],
      "susu co": ["demo_d1"],
      payouts: ["contact_c1"],
      "kofi owusu": ["contact_c1"],
    });
    await undoAndRedo(db, leadSearch);
    await expectFinds(db, { payouts: ["contact_c1"] });
  });
});

describe.each(testDialects)("migration 0014 (phone search) on $name", ({ url }) => {
  it("finds the leads stored before it by their phone number in any form, and can be undone and redone", async () => {
    const db = await databaseUpTo(url, "0013-lead-version");
    const created = "2026-11-01T09:00:00.000Z";
    // Rows as the release before it left them: a search text without the phone number.
    await sql`insert into demo_requests (id, product, page, name, email, phone, company, job_title, industry, email_key, created_at, search_text)
        values ('d1', 'vas', '/request-vas-demo', 'Efua Mensah', 'efua@example.com', '+233 24 000 1111', 'Susu Co', 'CEO', 'Retail', 'efua@example.com', ${created},
        ${oldSearchText("efua mensah", "efua@example.com", "susu co")})`.execute(db);
    await sql`insert into contact_messages (id, first_name, last_name, email, phone, message, policy_agreed_at, email_key, created_at, search_text)
        values ('c1', 'Kofi', 'Owusu', 'kofi@example.com', '055-921-1848', 'About payouts', ${created}, 'kofi@example.com', ${created},
        ${oldSearchText("kofi owusu", "kofi@example.com", "about payouts")})`.execute(db);
    // Today's query reads columns later migrations add; before, the number is not searchable.
    const { rows } = await sql<{
      search_text: string;
    }>`select search_text from contact_messages`.execute(db);
    expect(rows[0]?.search_text).not.toMatch(/1848/);
    await migrate(db);
    await expectFinds(db, {
      "+233 55 921 1848": ["contact_c1"],
      "024 000 1111": ["demo_d1"],
      payouts: ["contact_c1"],
    });
    await undoAndRedo(db, phoneSearch);
    await expectFinds(db, { "0559211848": ["contact_c1"] });
  });
});

describe.each(testDialects)("migration 0011 (staff revocation) on $name", ({ url }) => {
  it("keeps the sessions and links made before it, and can be undone and redone", async () => {
    const db = await databaseUpTo(url, "0010-campaigns");
    const at = new Date("2026-11-25T09:00:00.000Z");
    const iso = at.toISOString();
    const later = new Date(at.getTime() + 60_000).toISOString();
    const [cookieSecret, linkSecret] = ["s".repeat(43), "t".repeat(43)];
    // Rows as the release before it left them.
    await sql`insert into staff_accounts (id, email, email_key, name, role, created_at, updated_at, disabled_at)
        values ('a', 'ama@example.com', 'ama@example.com', 'Ama', 'sales', ${iso}, ${iso}, null)`.execute(
      db,
    );
    await sql`insert into staff_sessions (id, token_hash, account_id, created_at, last_seen_at, revoked_at)
        values ('s1', ${hashSecret(cookieSecret)}, 'a', ${iso}, ${iso}, null)`.execute(db);
    await sql`insert into staff_sign_in_tokens (id, token_hash, account_id, created_at, expires_at, used_at)
        values ('t1', ${hashSecret(linkSecret)}, 'a', ${iso}, ${later}, null)`.execute(db);
    await sql`insert into staff_passkeys (id, account_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at, last_used_at)
        values ('p1', 'a', 'Y3JlZA', 'a2V5', 0, '[]', 'multiDevice', 1, 'Phone', ${iso}, null)`.execute(
      db,
    );
    await migrate(db);

    const sessions = () =>
      db.selectFrom("staff_sessions").select(["id", "passkey_id"]).orderBy("id").execute();
    expect(await sessions()).toEqual([{ id: "s1", passkey_id: null }]);
    const limits = { idleMs: 30 * 60_000, maxMs: 12 * 60 * 60_000 };
    expect(await findSession(db, cookieSecret, at, limits)).toMatchObject({ sessionId: "s1" });
    // The link sent before it still signs in (and opens a session with no passkey).
    const link = await verifySignInToken(db, linkSecret, {
      now: at,
      client: "test",
      sessionMaxMs: limits.maxMs,
    });
    expect(link.ok).toBe(true);
    // A session names only a passkey that exists, and outlives its removal without it.
    const session = { account_id: "a", created_at: iso, last_seen_at: iso, revoked_at: null };
    await expect(
      db
        .insertInto("staff_sessions")
        .values({ ...session, id: "s8", token_hash: "h8", passkey_id: "nope" })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await db
      .insertInto("staff_sessions")
      .values({ ...session, id: "s9", token_hash: "h9", passkey_id: "p1" })
      .execute();
    await db.deleteFrom("staff_passkeys").where("id", "=", "p1").execute();
    const expected = [
      { id: "s1", passkey_id: null },
      { id: "s9", passkey_id: null },
    ];
    expect((await sessions()).filter((row) => ["s1", "s9"].includes(row.id))).toEqual(expected);

    await undoAndRedo(db, staffRevocation);
    expect((await sessions()).filter((row) => ["s1", "s9"].includes(row.id))).toEqual(expected);
    const tokens = await db.selectFrom("staff_sign_in_tokens").select("voided_at").execute();
    expect(tokens).toEqual([{ voided_at: null }]);
  });
});

describe.each(testDialects)("migration 0013 (lead version) on $name", ({ url }) => {
  it("starts every lead at version 0, keeps its state, and can be undone and redone", async () => {
    const db = await databaseUpTo(url, "0012-subscriber-order");
    const created = "2026-11-01T09:00:00.000Z";
    await sql`insert into lead_states (lead_type, lead_id, status, owner_account_id, first_response_at, updated_at)
        values ('demo', 'd1', 'won', null, ${created}, ${created})`.execute(db);
    await migrate(db);
    const state = () => db.selectFrom("lead_states").select(["status", "version"]).execute();
    expect(await state()).toEqual([{ status: "won", version: 0 }]);
    await undoAndRedo(db, leadVersion);
    expect(await state()).toEqual([{ status: "won", version: 0 }]);
  });
});

describe.each(testDialects)("migration 0015 (staff invitations) on $name", ({ url }) => {
  it("finds who invited the accounts invited before it in the audit log, and can be undone and redone", async () => {
    const db = await databaseUpTo(url, "0014-phone-search");
    const invitedAt = "2026-11-24T10:00:00.000Z";
    // Ama invited Kofi from the console; Yaw was added from the command line.
    for (const [id, email] of [
      ["a", "ama@example.com"],
      ["k", "kofi@example.com"],
      ["y", "yaw@example.com"],
    ]) {
      await sql`insert into staff_accounts (id, email, email_key, name, role, created_at, updated_at, disabled_at)
          values (${id}, ${email}, ${email}, ${id}, 'admin', ${invitedAt}, ${invitedAt}, null)`.execute(
        db,
      );
    }
    const added = (id: string, record: string, actor: string | null, detail: object) =>
      sql`insert into audit_log (id, at, actor_id, actor_email, action, record_type, record_id, detail)
          values (${id}, ${invitedAt}, ${actor}, null, 'staff.account-added', 'staff_account', ${record}, ${JSON.stringify(detail)})`.execute(
        db,
      );
    await added("e1", "k", "a", {
      email: "kofi@example.com",
      via: "console",
      signInLinkSent: true,
    });
    await added("e2", "y", null, { email: "yaw@example.com", via: "command line (user deploy)" });
    await migrate(db);

    const invitations = () =>
      db
        .selectFrom("staff_accounts")
        .select(["id", "invited_at", "invited_by"])
        .orderBy("id")
        .execute();
    expect(await invitations()).toEqual([
      { id: "a", invited_at: null, invited_by: null },
      { id: "k", invited_at: invitedAt, invited_by: "a" },
      { id: "y", invited_at: null, invited_by: null },
    ]);
    // An invitation names only an account that exists, and outlives its deletion without it.
    await expect(
      db.updateTable("staff_accounts").set({ invited_by: "nope" }).where("id", "=", "y").execute(),
    ).rejects.toThrow(/foreign key/i);
    await db.deleteFrom("staff_accounts").where("id", "=", "a").execute();
    const afterDeletion = [
      { id: "k", invited_at: invitedAt, invited_by: null },
      { id: "y", invited_at: null, invited_by: null },
    ];
    expect(await invitations()).toEqual(afterDeletion);

    await undoAndRedo(db, staffInvitations);
    expect(await invitations()).toEqual(afterDeletion);
  });
});

describe.each(testDialects)("migration 0018 (phone in E.164) on $name", ({ url }) => {
  it("reads the numbers of the leads stored before it, finds them in any spelling, and can be undone and redone", async () => {
    const db = await databaseUpTo(url, "0017-personal-data");
    // Rows as the release before it left them: the search text held its own reading of the
    // digits, "00559211848" for a number written with both the country code and the trunk 0.
    await sql`insert into contact_messages (id, first_name, last_name, email, phone, message, policy_agreed_at, email_key, created_at, search_text)
        values ('c1', 'Kofi', 'Owusu', 'kofi@example.com', '+233 (0) 55 921 1848', 'About payouts', ${CREATED}, 'kofi@example.com', ${CREATED},
        ${oldSearchText("kofi owusu", "kofi@example.com", "about payouts", "00559211848")})`.execute(
      db,
    );
    for (const [id, phone, digits] of [
      ["d1", "call me", ""],
      ["d2", "+44 20 7946 0958", "442079460958"],
    ]) {
      await sql`insert into demo_requests (id, product, page, name, email, phone, company, job_title, industry, email_key, created_at, search_text)
          values (${id}, 'vas', '/request-vas-demo', 'Efua', 'efua@example.com', ${phone}, 'Susu Co', 'CEO', 'Retail', 'efua@example.com', ${CREATED},
          ${oldSearchText("efua", "efua@example.com", "susu co", digits!)})`.execute(db);
    }
    await migrate(db);
    const numbers = async () => [
      ...(await db.selectFrom("contact_messages").select(["id", "phone_e164"]).execute()),
      ...(await db
        .selectFrom("demo_requests")
        .select(["id", "phone_e164"])
        .orderBy("id")
        .execute()),
    ];
    const read = [
      { id: "c1", phone_e164: "+233559211848" },
      { id: "d1", phone_e164: null },
      { id: "d2", phone_e164: "+442079460958" },
    ];
    expect(await numbers()).toEqual(read);
    await expectFinds(db, {
      "+233 55 921 1848": ["contact_c1"],
      "233559211848": ["contact_c1"],
      "0559211848": ["contact_c1"],
      "+233 (0) 55 921 1848": ["contact_c1"],
      "020 7946 0958": ["demo_d2"],
    });
    await undoAndRedo(db, phoneE164Column);
    expect(await numbers()).toEqual(read);
  });
});
