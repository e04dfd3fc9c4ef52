import path from "node:path";
import type { Config } from "./config";
import { type DB, openDatabase } from "./db/database";

type DatabaseSettings = Pick<Config, "databaseUrl" | "dataDir">;

/**
 * The lead store the configuration names: PostgreSQL at DATABASE_URL, else SQLite at
 * DATA_DIR/leads.sqlite. The server and the leads command line open it this one way, so they
 * always read and write the same database.
 */
export function openConfiguredDatabase(config: DatabaseSettings): DB {
  return openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFile(config) });
}

/** Which database, for messages: never its credentials. */
export function describeDatabase(config: DatabaseSettings): string {
  if (!config.databaseUrl) return `SQLite at ${sqliteFile(config)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

function sqliteFile(config: DatabaseSettings): string {
  return path.join(config.dataDir, "leads.sqlite");
}
