import { forgetPerson } from "../db/leads";
import type { DB } from "../db/database";
import type { ChangedBy } from "./accounts";
import { recordAudit } from "./audit";

/**
 * Erases a person (db/leads.ts forgetPerson: their subscription, leads, the mail about them and
 * their leads' inbox history) and records `person.erased` in the same transaction, from the
 * console and from `npm run leads -- forget` alike. The entry keeps how many rows went from
 * each table and who asked, never the address: the audit log is never erased, so it must not
 * keep what it records the erasure of. Not a hash of it either: an address is guessable, and
 * hashing guesses would find it again.
 */
export async function erasePerson(
  db: DB,
  email: string,
  { actor = null, via, now = new Date() }: ChangedBy,
): Promise<Record<string, number>> {
  return forgetPerson(db, email, (trx, erased) =>
    recordAudit(trx, {
      action: "person.erased",
      at: now.toISOString(),
      actor,
      detail: { erased, via },
    }),
  );
}
