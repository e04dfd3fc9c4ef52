/**
 * The tests' databases. Migrating takes far longer than a test (19 migrations; seconds on
 * PostgreSQL), so Vitest's global set-up (./global-setup.ts) migrates once per run into a
 * template, and each test's database is a copy of it: SQLite opens the template's bytes in
 * memory, PostgreSQL copies a template database (CREATE DATABASE … TEMPLATE). Without that
 * set-up (a script using these helpers alone) every database migrates as before.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { type DB, migrate, openDatabase } from "../database";

/** Where the global set-up left the run's templates (environment variables it sets). */
export const TEMPLATE_ENV = {
  /** A migrated SQLite database file. */
  sqlite: "TEST_SQLITE_TEMPLATE",
  /** The name of a migrated PostgreSQL database on TEST_DATABASE_URL's server. */
  postgres: "TEST_POSTGRES_TEMPLATE",
  /** An empty PostgreSQL database of the run's own, for tests that make schemas themselves. */
  scratch: "TEST_POSTGRES_SCRATCH",
} as const;

/**
 * The PostgreSQL database the suites use, when TEST_DATABASE_URL is set: the run's empty scratch
 * database (a schema made there is found quickly, whereas a database that kept every earlier
 * run's schemas makes each migration read them all), else TEST_DATABASE_URL itself.
 */
export const postgresTestUrl: string | undefined =
  process.env[TEMPLATE_ENV.scratch] || process.env.TEST_DATABASE_URL || undefined;

/** Dialects to run database tests on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDialects: { name: string; url?: string }[] = [
  { name: "sqlite" },
  ...(postgresTestUrl ? [{ name: "postgres", url: postgresTestUrl }] : []),
];

/**
 * For a suite whose subject the database cannot change (validation, HTML, headers, who may do
 * what): SQLite only. The SQL it runs is exercised on PostgreSQL by the suites about that SQL
 * (decision 0044 lists which).
 */
export const sqliteOnly: { name: string; url?: string }[] = [{ name: "sqlite" }];

let sqliteImage: Buffer | undefined;

/**
 * A fresh, migrated database: in-memory SQLite, or on PostgreSQL a database of its own (a new
 * schema when the run has no template), so tests running in parallel never see each other's
 * rows. Closing it (destroy) also drops a PostgreSQL copy.
 */
export async function testDatabase(databaseUrl?: string): Promise<DB> {
  if (!databaseUrl) {
    const template = process.env[TEMPLATE_ENV.sqlite];
    if (!template) {
      const db = openDatabase({ sqliteFile: ":memory:" });
      await migrate(db);
      return db;
    }
    sqliteImage ??= readFileSync(template);
    return opened(openDatabase({ sqliteImage }));
  }
  const template = process.env[TEMPLATE_ENV.postgres];
  if (!template) {
    const db = openDatabase({ databaseUrl: await freshSchemaUrl(databaseUrl) });
    await migrate(db);
    return db;
  }
  const name = `${template.replace(/_template$/, "")}_${randomBytes(5).toString("hex")}`;
  await adminQuery(databaseUrl, `create database ${name} template ${template}`);
  const db = await opened(openDatabase({ databaseUrl: databaseUrlNamed(databaseUrl, name) }));
  const destroy = db.destroy.bind(db);
  // Dropping waits for the server to remove the files; the test need not. What a test leaves
  // (or a drop that fails) the global set-up's teardown drops at the end of the run.
  db.destroy = async () => {
    await destroy();
    adminQuery(databaseUrl, `drop database if exists ${name}`).catch(() => {});
  };
  return db;
}

/**
 * `db` once it has connected. Kysely connects at the first query, and closing a database that
 * never connected does nothing: a test that closes its database to see the server without one
 * would find it still open (migrating used to connect it).
 */
async function opened(db: DB): Promise<DB> {
  await sql`select 1`.execute(db);
  return db;
}

/**
 * A fresh, migrated database for each test of the block (`once`: one for the whole block), handed
 * to `opened` before the test and closed after it, so that no test sees another's rows.
 */
export function useTestDatabase(
  databaseUrl: string | undefined,
  opened: (db: DB) => void,
  { once = false }: { once?: boolean } = {},
): void {
  let db: DB | undefined;
  (once ? beforeAll : beforeEach)(async () => {
    db = await testDatabase(databaseUrl);
    opened(db);
  });
  (once ? afterAll : afterEach)(async () => {
    await db?.destroy();
    db = undefined;
  });
}

/** A URL for a new, empty schema of the given PostgreSQL database (for tests of migrations). */
export async function freshSchemaUrl(databaseUrl: string): Promise<string> {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  await adminQuery(databaseUrl, `create schema ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

/** `databaseUrl` with another database's name. */
export function databaseUrlNamed(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// One small pool per server for CREATE/DROP DATABASE and CREATE SCHEMA: a connection of its own
// each time would cost more than the statement.
const adminPools = new Map<string, pg.Pool>();

/** Runs one statement on `databaseUrl`'s database, outside any test's pool. */
export async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  let pool = adminPools.get(databaseUrl);
  if (!pool) {
    // Idle connections close soon and keep no worker alive at the end of a run.
    pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 2,
      idleTimeoutMillis: 1_000,
      allowExitOnIdle: true,
    });
    pool.on("error", () => {});
    adminPools.set(databaseUrl, pool);
  }
  await pool.query(text);
}
