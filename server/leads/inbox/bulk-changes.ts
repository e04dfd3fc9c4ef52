/**
 * A change of several leads at once (staff-api/leads.ts `updateMany`): the same status and/or
 * owner for each lead named, each at the version it was read, through the one lead's change
 * (lead-changes.ts changeLead) in a transaction of its own, so that a lead someone else changed
 * meanwhile is left as it is without undoing the others. See docs/decisions/0061.
 */
import type { BodyOf } from "../../../staff-api/endpoint";
import type { BulkChanged, leadsApi } from "../../../staff-api/leads";
import type { DB } from "../../db/database";
import { versionMatches } from "../../http/contract-routes";
import { type ConsoleActor, type OwnerTelling, changeLead, checkOwner } from "./lead-changes";
import { leadSummary } from "./lead-list";

/**
 * Changes each lead of `body` that is still at the version named; answers those changed with their
 * new version, the stale ones as they now are, and the ids that name no lead. Throws
 * UnknownOwnerError, before any lead changes, for an owner who may not own leads.
 */
export async function changeLeads(
  db: DB,
  body: BodyOf<typeof leadsApi.updateMany>,
  staff: ConsoleActor,
  now: () => Date,
  telling: OwnerTelling,
): Promise<BulkChanged> {
  if (body.owner) await checkOwner(db, body.owner);
  const change = { status: body.status, owner: body.owner };
  const answer: BulkChanged = { changed: [], stale: [], missing: [] };
  // A lead named twice is changed once: its second naming would find its own change.
  const items = [...new Map(body.items.map((item) => [item.id, item])).values()];
  for (const item of items) {
    const isCurrent = (version: string) => versionMatches([item.version], version);
    const changed = await changeLead(db, item.id, change, staff, now(), isCurrent, telling);
    if (!changed) answer.missing.push(item.id);
    else if (!changed.stale) answer.changed.push({ id: item.id, version: changed.version });
    else {
      const summary = await leadSummary(db, item.id, now());
      if (summary) answer.stale.push(summary);
    }
  }
  return answer;
}
