/**
 * Two leads a member of staff says are not the same customer (a school's bursar and its head
 * share the switchboard's number): the pair is stored once (lead_distinct_pairs, migration 0022)
 * and neither lead lists the other among its duplicates again (links.ts).
 */
import { parseLeadKey } from "../../../leads/workflow";
import type { DB } from "../../db/database";
import { recordAudit } from "../../audit/audit";
import type { Actor } from "../inbox/lead-detail";
import { findLeadRow } from "../inbox/lead-query";
import { pairOf } from "./links";
import { DuplicateRefused } from "./merge";

export const DISTINCT_FROM_ITSELF = "A lead cannot be told apart from itself: choose another lead.";
export const NO_LEAD_TO_TELL_APART = "from: no such lead";

/**
 * Stores `key` and `fromKey` as different customers' leads, with who said so, and records
 * `lead.marked-distinct` (the lead, `from` in the detail), in one transaction. A pair marked
 * before stays as it was, and is recorded again. False when `key` names no lead; throws
 * DuplicateRefused (400, 404) when `fromKey` is the same lead or none.
 */
export async function markDistinct(
  db: DB,
  key: string,
  fromKey: string,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    if (!(await findLeadRow(trx, key))) return false;
    if (fromKey === key) throw new DuplicateRefused(400, DISTINCT_FROM_ITSELF);
    if (!parseLeadKey(fromKey) || !(await findLeadRow(trx, fromKey))) {
      throw new DuplicateRefused(404, NO_LEAD_TO_TELL_APART);
    }
    await trx
      .insertInto("lead_distinct_pairs")
      .values({ ...pairOf(key, fromKey), marked_at: at, marked_by: actor.accountId })
      .onConflict((conflict) => conflict.columns(["lead_a", "lead_b"]).doNothing())
      .execute();
    await recordAudit(trx, {
      action: "lead.marked-distinct",
      at,
      actor: { id: actor.accountId, email: actor.email },
      record: { type: "lead", id: key },
      detail: { from: fromKey },
    });
    return true;
  });
}
