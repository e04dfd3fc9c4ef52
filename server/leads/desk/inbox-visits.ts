/**
 * "New since your last visit", kept per account on the server (migration 0023's
 * staff_inbox_visits), so that a phone and a desktop of one person mark the same leads.
 *
 * A visit is a run of views of the inbox with less than VISIT_GAP_MS between two: opening a lead
 * and coming back, or a reload, keeps the marks; coming back after a break moves them on to what
 * arrived since the last view before it.
 */
import { type DB, isPostgres } from "../../db/database";

export const VISIT_GAP_MS = 30 * 60_000;

/** What is kept of an account's views: the last one, and where its visit's marks start. */
export interface Visit {
  seenAt: string;
  /** Leads created after this are new; null on the account's first visit (nothing is marked). */
  since: string | null;
}

/** The visit a view at `now` belongs to, given the account's last view (none: its first). */
export function nextVisit(kept: Visit | null, now: Date): Visit {
  const seenAt = now.toISOString();
  if (!kept) return { seenAt, since: null };
  const gap = now.getTime() - Date.parse(kept.seenAt);
  return { seenAt, since: gap < VISIT_GAP_MS ? kept.since : kept.seenAt };
}

/**
 * Records a view of the inbox by `accountId` at `now` and answers its visit. One transaction: a
 * first view inserts the row (a second device's at the same moment finds it there), a later one
 * reads it locked (PostgreSQL; SQLite writes one transaction at a time) and moves it on, so two
 * devices viewing at once cannot both move the marks.
 */
export function recordInboxVisit(db: DB, accountId: string, now: Date): Promise<Visit> {
  return db.transaction().execute(async (trx) => {
    const first = nextVisit(null, now);
    const inserted = await trx
      .insertInto("staff_inbox_visits")
      .values({ account_id: accountId, seen_at: first.seenAt, since: first.since })
      .onConflict((conflict) => conflict.column("account_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return first;
    let read = trx
      .selectFrom("staff_inbox_visits")
      .select(["seen_at", "since"])
      .where("account_id", "=", accountId);
    if (isPostgres(trx)) read = read.forUpdate();
    const row = await read.executeTakeFirstOrThrow();
    const visit = nextVisit({ seenAt: row.seen_at, since: row.since }, now);
    await trx
      .updateTable("staff_inbox_visits")
      .set({ seen_at: visit.seenAt, since: visit.since })
      .where("account_id", "=", accountId)
      .execute();
    return visit;
  });
}
