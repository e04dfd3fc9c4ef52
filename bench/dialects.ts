/** The two databases the database benchmarks run on, and a fresh one of either for a run. */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openConfiguredDatabase } from "../server/configured-database";
import { type DB, migrate } from "../server/db/database";
import { type LaunchedServer, launchServer } from "../scripts/launch-server";
import { freshPostgresSchema, runTag } from "./api-load";

/** Which database a run measures; PostgreSQL's is `databaseUrl` (DATABASE_URL). */
export interface DialectTarget {
  dialect: "sqlite" | "postgres";
  databaseUrl?: string;
}

/** What every measure on a fresh database takes besides its own sizes. */
export interface BenchRun extends DialectTarget {
  /** Where it writes its progress: console.log unless said otherwise. */
  log?: (line: string) => void;
}

/** What a run undoes when it ends, in order. */
export type Cleanups = (() => Promise<unknown>)[];

/**
 * Runs `run`, which adds to `cleanups` what it sets up (servers, databases, directories), and
 * undoes all of that in order when it ends, however it ends. A cleanup that fails is passed over:
 * it must not hide the run's own error, nor keep the next cleanups from running.
 */
async function withCleanups<R>(run: (cleanups: Cleanups) => Promise<R>): Promise<R> {
  const cleanups: Cleanups = [];
  try {
    return await run(cleanups);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

/** A run's own database, and what a server started on it needs. */
export interface BenchDatabase {
  db: DB;
  /** DATA_DIR: where SQLite's file is (PostgreSQL's runs use it for nothing else). */
  dataDir: string;
  /** DATABASE_URL: the run's PostgreSQL schema; none on SQLite. */
  serverDatabaseUrl?: string;
}

/**
 * A migrated, empty database for one run: SQLite in a new data directory, or a new schema of
 * the PostgreSQL database. `serverDatabaseUrl` and `dataDir` are what a server started on it
 * needs (DATABASE_URL, DATA_DIR). Closing it, and dropping the directory and the schema, go to
 * `cleanups`.
 */
async function freshBenchDatabase(
  name: string,
  { dialect, databaseUrl }: DialectTarget,
  cleanups: Cleanups,
  { migrated }: FreshOptions,
): Promise<BenchDatabase> {
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
  if (migrated) await migrate(db);
  return { db, dataDir, serverDatabaseUrl };
}

/**
 * How every database benchmark runs: `run` on a fresh database of its own (named `name`), with
 * all it set up (the database included) undone when it ends, however it ends.
 */
export function onFreshBenchDatabase<R>(
  name: string,
  target: DialectTarget,
  run: (database: BenchDatabase, cleanups: Cleanups) => Promise<R>,
  options: FreshOptions = { migrated: true },
): Promise<R> {
  return withCleanups(async (cleanups) =>
    run(await freshBenchDatabase(name, target, cleanups, options), cleanups),
  );
}

/**
 * `migrated: false` leaves the database empty for the server to migrate on start: a server built
 * from an earlier commit refuses a database that this checkout's newer migrations have run on.
 */
interface FreshOptions {
  migrated: boolean;
}

/**
 * The built server, as `npm start` runs it, on a run's database and serving `siteDir`, with
 * `settings` besides. Its rate limits are off: the benchmark's load is the point, not a client
 * to slow down. It stops first when the run ends, before its database closes.
 */
export async function launchBenchServer(
  name: string,
  { dataDir, serverDatabaseUrl }: BenchDatabase,
  {
    siteDir,
    settings = {},
    root,
  }: {
    siteDir: string;
    settings?: Record<string, string>;
    /** Another checkout's compiled server (scripts/launch-server.ts). */
    root?: string;
  },
  cleanups: Cleanups,
): Promise<LaunchedServer> {
  const server = await launchServer({
    code: "build",
    name,
    root,
    settings: {
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      DATABASE_URL: serverDatabaseUrl,
      RATE_LIMIT_MAX: "0",
      ...settings,
    },
  });
  cleanups.unshift(() => server.stop());
  return server;
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
