import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Kysely, Migrator, sql } from "kysely";
import { freshSchemaUrl, postgresTestUrl } from "../testing/lead-api";
import { type DB, MIGRATIONS, migrate, openDatabase } from "./database";

// `npm run staff` and `npm run leads -- forget` write to the SQLite file the running server
// writes to. A transaction must not fail because the other process wrote while it was reading.
describe("SQLite transactions beside another process", () => {
  let dir: string;
  let file: string;
  let db: DB;
  let other: SQLite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "leads-db-"));
    file = path.join(dir, "leads.db");
    db = openDatabase({ sqliteFile: file });
    await migrate(db);
    other = new SQLite(file);
    other.pragma("busy_timeout = 0");
  });

  afterEach(async () => {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const otherWrites = () =>
    other
      .prepare("insert into audit_log (id, at, action, detail) values (?, ?, ?, ?)")
      .run(`other-${Math.random()}`, new Date().toISOString(), "test.write", "{}");

  it("holds the write lock from its start, so its own writes cannot meet a stale snapshot", async () => {
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom("audit_log").select("id").execute();
      // Another process trying to write now waits for this transaction (here: fails at once,
      // its busy timeout being 0) instead of slipping in between the read and the write.
      expect(otherWrites).toThrow(/locked|busy/i);
      await trx
        .insertInto("audit_log")
        .values({
          id: "mine",
          at: new Date().toISOString(),
          actor_id: null,
          actor_email: null,
          action: "test.write",
          record_type: null,
          record_id: null,
          detail: "{}",
        })
        .execute();
    });
    expect(otherWrites).not.toThrow();
    const rows = await db.selectFrom("audit_log").select("id").execute();
    expect(rows.map((r) => r.id)).toContain("mine");
  });
});

// Tests of migrations migrate a schema each on one PostgreSQL database, and two deployments
// may share a server: one schema's migration must not wait for another's.
describe.runIf(postgresTestUrl)("PostgreSQL migration lock", () => {
  it("is taken per schema, so a lock held elsewhere on the database does not stop a migration", async () => {
    const url = postgresTestUrl ?? "";
    const other = openDatabase({ databaseUrl: url });
    const fresh = openDatabase({ databaseUrl: await freshSchemaUrl(url) });
    try {
      await other.connection().execute(async (held) => {
        // Kysely's own lock for the whole database, and ours for another schema, held meanwhile.
        await sql`select pg_advisory_lock(3853314791062309107)`.execute(held);
        await sql`select pg_advisory_lock(2025, hashtext('another_schema'))`.execute(held);
        await migrate(fresh);
        await sql`select pg_advisory_unlock_all()`.execute(held);
      });
      const done = await fresh
        .selectFrom("kysely_migration" as never)
        .select(sql<string>`name`.as("name"))
        .execute();
      expect(done.map((m) => m.name)).toContain("0012-subscriber-order");
    } finally {
      await other.destroy();
      await fresh.destroy();
    }
  });
});

describe.runIf(postgresTestUrl)("PostgreSQL statement timeout", () => {
  it("cancels a visitor's hung query, but not a migration that waits or builds for longer", async () => {
    const url = postgresTestUrl ?? "";
    const db = openDatabase({ databaseUrl: await freshSchemaUrl(url) });
    try {
      const seen: string[] = [];
      const schema = await sql<{ name: string }>`select current_schema() as name`.execute(db);
      const migrator = new Migrator({
        db,
        migrationTableSchema: schema.rows[0]?.name ?? "",
        provider: {
          getMigrations: async () => ({
            "0001-slow": {
              up: async (trx: Kysely<unknown>) => {
                const shown = await sql<{
                  statement_timeout: string;
                }>`show statement_timeout`.execute(trx);
                seen.push(shown.rows[0]?.statement_timeout ?? "");
              },
            },
          }),
        },
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(seen).toEqual(["0"]);
      // The pool's connections keep their cap once the migration has given its connection back.
      const after = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db);
      expect(after.rows[0]?.statement_timeout).toBe("10s");
    } finally {
      await db.destroy();
    }
  });
});

// A migration file that MIGRATIONS does not list would never run, and nothing else would say so.
it("runs every migration file in server/db/migrations/, under its name, in order", () => {
  const files = readdirSync(new URL("./migrations/", import.meta.url))
    .filter((name) => /^\d{4}-.+\.ts$/.test(name) && !name.endsWith(".test.ts"))
    .map((name) => name.replace(/\.ts$/, ""))
    .sort();
  expect(Object.keys(MIGRATIONS)).toEqual(files);
});
