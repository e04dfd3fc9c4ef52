import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteDialectConfig,
  SqliteDriver,
  type Transaction,
  sql,
} from "kysely";
import pg from "pg";
import { initial } from "./migrations/0001-initial";
import { requestKeys } from "./migrations/0002-request-keys";
import { emailKeys } from "./migrations/0003-email-keys";
import { staff } from "./migrations/0004-staff";
import { leadWorkflow } from "./migrations/0005-lead-workflow";
import { leadSearch } from "./migrations/0007-lead-search";
import { passkeys } from "./migrations/0006-passkeys";
import { leadAttribution } from "./migrations/0008-lead-attribution";
import { newsletterSettings } from "./migrations/0009-newsletter-settings";
import { campaigns } from "./migrations/0010-campaigns";
import { staffRevocation } from "./migrations/0011-staff-revocation";
import { subscriberOrder } from "./migrations/0012-subscriber-order";
import { leadVersion } from "./migrations/0013-lead-version";
import { phoneSearch } from "./migrations/0014-phone-search";
import { staffInvitations } from "./migrations/0015-staff-invitations";
import { mailReturns } from "./migrations/0016-mail-returns";
import { personalData } from "./migrations/0017-personal-data";
import { phoneE164Column } from "./migrations/0018-phone-e164";
import { thirdPartyAddresses } from "./migrations/0019-third-party-addresses";
import { serviceHours } from "./migrations/0020-service-hours";
import { leadRouting } from "./migrations/0021-lead-routing";
import { leadDuplicates } from "./migrations/0022-lead-duplicates";
import { salesDesk } from "./migrations/0023-sales-desk";
import { reassignOverdue } from "./migrations/0024-reassign-overdue";
import { media } from "./migrations/0025-media";
import { publishing } from "./migrations/0026-publishing";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

/** Longest a single PostgreSQL statement may run outside migrations. */
const STATEMENT_TIMEOUT_MS = 10_000;

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise SQLite. */
  databaseUrl?: string;
  /** SQLite file; ":memory:" for throwaway tests. */
  sqliteFile?: string;
  /** A SQLite database's bytes, opened in memory: the tests' copies of a migrated template. */
  sqliteImage?: Buffer;
}

/**
 * Opens the lead store: PostgreSQL when a URL is given, else an embedded SQLite file in WAL
 * mode (readers, such as `npm run leads -- export`, never block the server's writes).
 */
export function openDatabase({ databaseUrl, sqliteFile, sqliteImage }: DatabaseOptions): DB {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // A query that hangs must not hold a visitor's request forever. The server cancels it (and
      // frees its locks), which a client-side timeout would not; migrations lift the cap, as
      // building an index on a large table may take longer (SchemaMigrationLockAdapter).
      statement_timeout: STATEMENT_TIMEOUT_MS,
      keepAlive: true,
    });
    // A connection lost with the database (restart, network cut) must not crash the process:
    // the failing query reports it (503 to the visitor), the pool drops the broken client, and
    // the next query reconnects. Without these listeners Node treats the error as uncaught.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    return new Kysely<Database>({ dialect: new SchemaMigrationLockDialect({ pool }) });
  }
  const file = sqliteFile ?? ":memory:";
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(sqliteImage ?? file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // Deleted rows are overwritten with zeros, not left in free pages: an erased person's data
  // must not stay readable in the file (server/people/erasure.ts).
  sqlite.pragma("secure_delete = ON");
  return new Kysely<Database>({
    dialect: new WriterFirstSqliteDialect({ database: reusingStatements(sqlite) }),
  });
}

/**
 * SQLite starts a plain transaction as a reader. If another process (the server, or
 * `npm run staff` beside it) writes before that transaction's own first write, the write fails
 * at once with "database is locked": waiting (busy_timeout) cannot help a reader whose snapshot
 * is out of date. Every transaction here may write, so each starts as a writer
 * (BEGIN IMMEDIATE) and waits its turn at the start instead.
 */
class WriterFirstSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new WriterFirstSqliteDriver(this.#config);
  }
}

class WriterFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** Enough for every query the server and the leads CLI make; beyond it the oldest is dropped. */
const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely asks the driver to prepare every query afresh; preparing was a tenth of the server's CPU
 * under a burst of sign-ups. Queries are parameterised, so the same few SQL texts come back and
 * their compiled statements can be reused. (Safe because nothing streams rows: a statement being
 * iterated could not run again until the iteration ended.)
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value as string);
        }
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** Versioned migrations, in order; each runs once per database. */
export const MIGRATIONS = {
  "0001-initial": initial,
  "0002-request-keys": requestKeys,
  "0003-email-keys": emailKeys,
  "0004-staff": staff,
  "0005-lead-workflow": leadWorkflow,
  "0006-passkeys": passkeys,
  "0007-lead-search": leadSearch,
  "0008-lead-attribution": leadAttribution,
  "0009-newsletter-settings": newsletterSettings,
  "0010-campaigns": campaigns,
  "0011-staff-revocation": staffRevocation,
  "0012-subscriber-order": subscriberOrder,
  "0013-lead-version": leadVersion,
  "0014-phone-search": phoneSearch,
  "0015-staff-invitations": staffInvitations,
  "0016-mail-returns": mailReturns,
  "0017-personal-data": personalData,
  "0018-phone-e164": phoneE164Column,
  "0019-third-party-addresses": thirdPartyAddresses,
  "0020-service-hours": serviceHours,
  "0021-lead-routing": leadRouting,
  "0022-lead-duplicates": leadDuplicates,
  "0023-sales-desk": salesDesk,
  "0024-reassign-overdue": reassignOverdue,
  "0025-media": media,
  "0026-publishing": publishing,
};

/**
 * Brings the database up to date, or only up to the named migration (tests of an upgrade start
 * from the schema an older release left behind).
 */
export async function migrate(db: DB, upTo?: keyof typeof MIGRATIONS): Promise<void> {
  // PostgreSQL: keep Kysely's bookkeeping tables in the schema our tables go to (the first on the
  // search path). Without it, Kysely would take such tables in any other schema for its own.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: {
      getMigrations: async () => MIGRATIONS,
    },
  });
  const { error, results } = upTo
    ? await migrator.migrateTo(upTo)
    : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/**
 * Kysely's PostgreSQL migration lock is one advisory lock for the whole database, so databases
 * that keep several schemas (the tests' one schema per file, or two deployments sharing a server)
 * would migrate one after the other. The lock is taken per schema instead: instances of one deployment still wait for each
 * other, which is all the lock is for. The two-key form keeps it apart from the one-key locks of
 * `lockKeyForTransaction`.
 */
class SchemaMigrationLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    // Migrations run on this one connection, between lock and unlock: there, waiting for another
    // instance's migration or building an index on a large table is not a hung query.
    await sql`set statement_timeout = 0`.execute(db);
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_CLASS}, hashtext(current_schema()))`.execute(
      db,
    );
  }
  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK_CLASS}, hashtext(current_schema()))`.execute(
      db,
    );
    await sql`reset statement_timeout`.execute(db);
  }
}
const MIGRATION_LOCK_CLASS = sql.lit(2025);

class SchemaMigrationLockDialect extends PostgresDialect {
  override createAdapter() {
    return new SchemaMigrationLockAdapter();
  }
}

/**
 * Makes transactions that decide on the same key run one after the other: a PostgreSQL advisory
 * lock held until commit. SQLite runs one writing transaction at a time anyway.
 */
export async function lockKeyForTransaction(trx: Transaction<Database>, key: string) {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

/** Which of the two databases this is, for the few statements that differ. */
export function isPostgres(db: DB | Transaction<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** True when the database answers a trivial query. */
export async function isDatabaseReady(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
