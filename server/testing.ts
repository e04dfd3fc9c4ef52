/** Builders for tests: a config, a migrated database, a transport that records what it sends. */
import type { Config } from "./config";
import { type DB, migrate, openDatabase } from "./db/database";
import type { MailMessage } from "./mail/message";
import type { MailTransport } from "./mail/transports";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    host: "127.0.0.1",
    port: 0,
    dataDir: "/tmp/unused",
    siteDir: "/tmp/unused",
    logLevel: "silent",
    publicUrl: "https://site.test",
    mail: { transport: "file", dir: "/tmp/unused" },
    mailFrom: "Test <no-reply@site.test>",
    salesEmail: "sales@site.test",
    rateLimit: { max: 0, windowMs: 60_000 },
    trustProxy: false,
    outbox: { pollMs: 1_000, maxAttempts: 3 },
    ...overrides,
  };
}

/** A fresh database: in-memory SQLite, or PostgreSQL when TEST_DATABASE_URL is given. */
export async function testDatabase(databaseUrl?: string): Promise<DB> {
  const db = openDatabase({ databaseUrl, sqliteFile: ":memory:" });
  if (databaseUrl) {
    // Start from empty tables so each suite sees only its own rows.
    for (const table of ["outbox", "demo_requests", "contact_messages", "newsletter_subscriptions", "kysely_migration", "kysely_migration_lock"]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  }
  await migrate(db);
  return db;
}

/** Records messages instead of sending them; `failWith` makes every send throw. */
export function recordingTransport(): MailTransport & { sent: MailMessage[]; failWith: Error | null } {
  const transport = {
    name: "recording",
    sent: [] as MailMessage[],
    failWith: null as Error | null,
    async send(message: MailMessage) {
      if (transport.failWith) throw transport.failWith;
      transport.sent.push(message);
    },
    close() {},
  };
  return transport;
}

/** Dialects to run database tests on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDialects: { name: string; url?: string }[] = [
  { name: "sqlite" },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres", url: process.env.TEST_DATABASE_URL }] : []),
];
