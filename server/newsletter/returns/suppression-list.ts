/**
 * The suppression list for the console: newest first by (at, id) with the shared keyset cursor,
 * searched by a part of the address (an erased address's entry, with an empty address, and the
 * entries whose report named it as a third party, by the whole of it); and lifting one entry,
 * which only a soft bounce or a manual entry allows (staff-api/mail.ts LIFTABLE_REASONS).
 */
import { type Transaction, sql } from "kysely";
import { type DB, isPostgres } from "../../db/database";
import type { Database } from "../../db/schema";
import { LIFTABLE_REASONS, type Suppression, type SuppressionPage } from "../../../staff-api/mail";
import { emailKey } from "../../../leads/email";
import { suppress } from "./returns";
import { suppressionReason } from "./suppressions";
import { erasedSuppressionKey } from "../../privacy/third-parties";
import { likePattern } from "../../leads/inbox/lead-query";
import { type Cursor, type PageRequest, olderThan, readPage } from "../../http/page-cursor";

type Executor = DB | Transaction<Database>;

const COLUMNS = ["id", "email", "reason", "at", "detail"] as const;

const pageReader =
  (db: Executor, q: string | undefined) => (cursor: Cursor | null, limit: number) =>
    db
      .selectFrom("mail_suppressions")
      .select([...COLUMNS])
      .$if(!!q, (query) =>
        query.where((eb) =>
          eb.or([
            sql<boolean>`lower(email) like ${likePattern(q ?? "")} escape '\\'`,
            // The whole address finds its entry even once erased (kept only as a hash).
            eb("email_key", "=", erasedSuppressionKey(q ?? "")),
            // ...and the entries of others whose report named it, kept there only as that hash
            // (server/privacy/third-parties.ts).
            eb("detail", "like", `%${erasedSuppressionKey(q ?? "")}%`),
          ]),
        ),
      )
      .$if(!!cursor, (query) => query.where(olderThan(cursor as Cursor, "at", "id")))
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();

/** One page of the list, newest first, and the cursor of the next (null on the last). */
export function listSuppressions(
  db: Executor,
  q: string | undefined,
  page: PageRequest = {},
): Promise<SuppressionPage> {
  return readPage(
    pageReader(db, q),
    page,
    (row): Suppression => ({ ...row }),
    (row) => ({ createdAt: row.at, id: row.id }),
  );
}

/**
 * Adds `email` to the list by hand, and runs `also` (the audit entry) in the same transaction:
 * the new entry, or the reason of the entry already there (left as it is).
 */
export function addManualSuppression(
  db: DB,
  entry: { email: string; note: string; at: string },
  also: (trx: Transaction<Database>, id: string) => Promise<void>,
): Promise<{ added: Suppression } | { exists: Suppression["reason"] }> {
  return db.transaction().execute(async (trx) => {
    const key = emailKey(entry.email);
    const exists = await suppressionReason(trx, entry.email);
    if (exists) return { exists };
    await suppress(trx, {
      email: entry.email,
      reason: "manual",
      at: entry.at,
      detail: entry.note,
      eventId: null,
    });
    const added = await trx
      .selectFrom("mail_suppressions")
      .select([...COLUMNS])
      .where("email_key", "=", key)
      .executeTakeFirstOrThrow();
    await also(trx, added.id);
    return { added };
  });
}

/** What lifting an entry did: removed it, refused (its reason stays), or found none. */
export type Lifted =
  { lifted: Pick<Suppression, "reason" | "at"> } | { refused: Suppression["reason"] } | null;

/**
 * Removes a liftable entry and runs `also` (the audit entry) in the same transaction. The row is
 * locked first on PostgreSQL: a complaint arriving meanwhile raises its reason (server/mail/
 * returns.ts suppress) either before, and the lift is refused, or after, and it inserts anew.
 */
export function liftSuppression(
  db: DB,
  id: string,
  also: (trx: Transaction<Database>, lifted: Pick<Suppression, "reason" | "at">) => Promise<void>,
): Promise<Lifted> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("mail_suppressions")
      .select(["reason", "at"])
      .where("id", "=", id)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
    if (!row) return null;
    if (!LIFTABLE_REASONS.includes(row.reason)) return { refused: row.reason };
    await trx.deleteFrom("mail_suppressions").where("id", "=", id).execute();
    await also(trx, row);
    return { lifted: row };
  });
}
