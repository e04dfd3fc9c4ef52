/** The two databases the database benchmarks run on, and a fresh one of either for a run. */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openConfiguredDatabase } from "../server/db/configured-database";
import { type DB, migrate } from "../server/db/database";
import { freshPostgresSchema, runTag } from "./api-load";

/** Which database a run measures; PostgreSQL's is `databaseUrl` (DATABASE_URL). */
export interface DialectTarget {
  dialect: "sqlite" | "postgres";
  databaseUrl?: string;
}

/** What a run undoes when it ends, in order. */
export type Cleanups = (() => Promise<unknown>)[];

/**
 * Runs `run`, which adds to `cleanups` what it sets up (servers, databases, directories), and
 * undoes all of that in order when it ends, however it ends. A cleanup that fails is passed over:
 * it must not hide the run's own error, nor keep the next cleanups from running.
 */
export async function withCleanups<R>(run: (cleanups: Cleanups) => Promise<R>): Promise<R> {
  const cleanups: Cleanups = [];
  try {
    return await run(cleanups);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

/**
 * A migrated, empty database for one run: SQLite in a new data directory, or a new schema of
 * the PostgreSQL database. `serverDatabaseUrl` and `dataDir` are what a server started on it
 * needs (DATABASE_URL, DATA_DIR). Closing it, and dropping the directory and the schema, go to
 * `cleanups`.
 */
export async function freshBenchDatabase(
  name: string,
  { dialect, databaseUrl }: DialectTarget,
  cleanups: Cleanups,
): Promise<{ db: DB; dataDir: string; serverDatabaseUrl?: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${name}-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let serverDatabaseUrl: string | undefined;
  if (dialect === "postgres") {
    if (!databaseUrl) throw new Error("PostgreSQL needs DATABASE_URL");
    const fresh = await freshPostgresSchema(databaseUrl, `${name}_${runTag()}`);
    cleanups.push(fresh.drop);
    serverDatabaseUrl = fresh.url;
  }
  // The database a server started with these settings opens.
  const db = openConfiguredDatabase({ dataDir, databaseUrl: serverDatabaseUrl });
  cleanups.unshift(() => db.destroy());
  await migrate(db);
  return { db, dataDir, serverDatabaseUrl };
}

/**
 * `measure` on SQLite, then on PostgreSQL when DATABASE_URL is set: what `npx tsx bench/<name>.ts`
 * measures (`npm run bench` chooses the databases itself).
 */
export async function onEachDialect<R>(
  measure: (target: DialectTarget) => Promise<R>,
): Promise<R[]> {
  const results = [await measure({ dialect: "sqlite" })];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) results.push(await measure({ dialect: "postgres", databaseUrl }));
  return results;
}
