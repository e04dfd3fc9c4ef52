import { type Transaction, sql } from "kysely";
import type { MailConfig } from "../config";
import { type DB, isPostgres } from "../db/database";
import { forgetPerson } from "./forget-person";
import type { Database } from "../db/schema";
import { deleteMailFiles } from "../mail/transports";
import type { ChangedBy } from "../staff/accounts/accounts";
import { recordAudit } from "../audit/audit";

/**
 * Erases a person (forget-person.ts: their subscription, leads, the mail about them and
 * their leads' inbox history) and records `person.erased` in the same transaction, from the
 * console and from `npm run leads -- forget` alike. The entry keeps how many rows went from
 * each table and who asked, never the address: the audit log is never erased, so it must not
 * keep what it records the erasure of. Not a hash of it either: an address is guessable, and
 * hashing guesses would find it again.
 *
 * No copy may stay behind: the file transport's .eml files of the erased messages are deleted
 * (`mail`, the configured transport), and on SQLite the erased rows leave neither the search
 * index, nor free pages (secure_delete, server/db/database.ts), nor the write-ahead log.
 */
export async function erasePerson(
  db: DB,
  email: string,
  { actor = null, via, now = new Date() }: ChangedBy,
  mail: MailConfig,
): Promise<Record<string, number>> {
  const sqlite = !isPostgres(db);
  if (sqlite) await deleteSearchEntriesInPlace(db);
  const erased = await forgetPerson(db, email, async (trx, erased, outbox) => {
    await recordAudit(trx, {
      action: "person.erased",
      at: now.toISOString(),
      actor,
      detail: { erased, via },
    });
    // Before the commit: a file that cannot be deleted fails the erasure while the rows, which
    // name the files, are still there to try again with.
    await deleteMailFiles(
      mail,
      outbox.map((row) => row.id),
    );
  });
  if (sqlite) await clearWriteAheadLog(db);
  return erased;
}

/** SQLite's search indexes of the inbox (migration 0007), FTS5 tables over the lead tables. */
const SEARCH_INDEXES = ["contact_messages_search", "demo_requests_search"];

/**
 * FTS5 records a deleted row as a marker beside its entries, which stay in the index's pages
 * until a merge happens to rewrite them: the erased person's words would stay readable there.
 * With the index's secure-delete option, a delete removes the entries themselves. The option
 * is stored with the index, so setting it again costs a tiny write; it makes the index unreadable
 * to SQLite older than 3.42 (better-sqlite3 bundles a newer one). Retention anonymising a lead
 * (server/people/retention/) needs the same.
 */
export async function deleteSearchEntriesInPlace(db: DB | Transaction<Database>) {
  for (const index of SEARCH_INDEXES) {
    const table = sql.id(index);
    await sql`insert into ${table}(${table}, rank) values ('secure-delete', 1)`.execute(db);
  }
}

/**
 * The write-ahead log still holds the pages as they were before the erasure, and keeps old pages
 * past its end even after a checkpoint. A TRUNCATE checkpoint copies every page into the database
 * (where secure_delete has zeroed the erased rows) and empties the log. It waits for readers
 * (busy_timeout); one holding an old snapshot longer makes it give up, and the erasure says so.
 */
async function clearWriteAheadLog(db: DB) {
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  if (rows[0]?.busy) {
    throw new Error(
      "The rows are erased, but a long read kept SQLite from clearing its write-ahead log of " +
        "their old copies: run the erasure again once it has finished.",
    );
  }
}
