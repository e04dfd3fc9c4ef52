/**
 * A person's saved filters of the lead inbox (migration 0023's staff_saved_filters): listed,
 * added and deleted by the account they belong to only.
 */
import { randomUUID } from "node:crypto";
import { MAX_SAVED_FILTERS, type SavedFilter } from "../../../staff-api/saved-filters";
import { type DB, isPostgres } from "../../db/database";

/** What a save is told when the account keeps as many filters as it may. */
export const TOO_MANY_FILTERS = `You keep ${MAX_SAVED_FILTERS} saved filters, the most there can be: delete one first.`;

/** The account's saved filters, oldest first. */
export async function listSavedFilters(db: DB, accountId: string): Promise<SavedFilter[]> {
  return db
    .selectFrom("staff_saved_filters")
    .select(["id", "name", "query"])
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * Saves a filter for the account; null when it keeps MAX_SAVED_FILTERS already. Counted and
 * added in one transaction, the account's row locked on PostgreSQL (SQLite writes one
 * transaction at a time), so two saves at once cannot pass the limit.
 */
export function addSavedFilter(
  db: DB,
  accountId: string,
  filter: { name: string; query: string },
  now: Date,
): Promise<SavedFilter | null> {
  return db.transaction().execute(async (trx) => {
    let account = trx.selectFrom("staff_accounts").select("id").where("id", "=", accountId);
    if (isPostgres(trx)) account = account.forUpdate();
    await account.executeTakeFirst();
    const { count } = await trx
      .selectFrom("staff_saved_filters")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("account_id", "=", accountId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_SAVED_FILTERS) return null;
    const saved = { id: randomUUID(), ...filter };
    await trx
      .insertInto("staff_saved_filters")
      .values({ ...saved, account_id: accountId, created_at: now.toISOString() })
      .execute();
    return saved;
  });
}

/** Deletes the account's saved filter `id`; false when it has none of that id. */
export async function removeSavedFilter(db: DB, accountId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("staff_saved_filters")
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
