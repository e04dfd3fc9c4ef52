/**
 * Vitest's global set-up for the database suites (./databases.ts): migrates once per run a
 * SQLite template (a file) and, with TEST_DATABASE_URL, a PostgreSQL template database and an
 * empty scratch database; the teardown removes all of them and every copy the run made.
 * Copying a PostgreSQL database needs the CREATEDB right (.ci/run grants it); without it the
 * suites fall back to a migrated schema per database, as slow as before.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { migrate, openDatabase } from "../database";
import { TEMPLATE_ENV, databaseUrlNamed } from "./databases";

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), "leads-tests-"));
  const file = path.join(dir, "template.sqlite");
  const sqlite = openDatabase({ sqliteFile: ":memory:" });
  await migrate(sqlite);
  await sql`vacuum into ${file}`.execute(sqlite);
  await sqlite.destroy();
  process.env[TEMPLATE_ENV.sqlite] = file;

  const baseUrl = process.env.TEST_DATABASE_URL;
  const prefix = baseUrl ? await postgresTemplates(baseUrl) : undefined;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (baseUrl && prefix) await dropDatabases(baseUrl, prefix);
  };
}

/** Creates the run's template and scratch databases; their common prefix, or none if refused. */
async function postgresTemplates(baseUrl: string): Promise<string | undefined> {
  const base = decodeURIComponent(new URL(baseUrl).pathname.slice(1)) || "postgres";
  // Named after the tests' database, so that a glance at the server says whose they are.
  const prefix = `${base.replace(/\W/g, "_").slice(0, 30)}_run_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${prefix}_template`);
    await admin.query(`create database ${prefix}_scratch`);
  } catch (error) {
    console.warn(
      `The database tests migrate a schema each (slow): copying a template database needs ` +
        `the CREATEDB right (alter role … createdb). ${String(error)}`,
    );
    return undefined;
  } finally {
    await admin.end();
  }
  const template = openDatabase({ databaseUrl: databaseUrlNamed(baseUrl, `${prefix}_template`) });
  try {
    await migrate(template);
  } finally {
    await template.destroy();
  }
  process.env[TEMPLATE_ENV.postgres] = `${prefix}_template`;
  process.env[TEMPLATE_ENV.scratch] = databaseUrlNamed(baseUrl, `${prefix}_scratch`);
  return prefix;
}

/** Drops every database whose name starts with `prefix`, connections or not. */
async function dropDatabases(baseUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where left(datname, length($1)) = $1",
      [prefix],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
