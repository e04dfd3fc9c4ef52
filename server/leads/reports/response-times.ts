/**
 * How soon the leads of a range were answered against their targets: by owner and by lead type,
 * each with its count, how many were answered and how many in time (by the due time the service
 * hours give, server/leads/service-hours/), the share in time and the average time to first
 * response. Staff's work, not a visitor's data: owners by address, leads only counted.
 */
import { LEAD_TYPES, type LeadType } from "../../../leads/workflow";
import { NO_OWNER, type ResponseRow, type ResponseTimes } from "../../../staff-api/reports";
import type { DB } from "../../db/database";
import { selectLeads, targetOf } from "../inbox/lead-query";
import { leadTarget, targetClock } from "../service-hours/lead-target";
import { readServiceHours } from "../service-hours/service-hours-store";

interface Tally {
  leads: number;
  answered: number;
  inTime: number;
  /** Answered, or unanswered past the due time: the leads the share is of. */
  decided: number;
  responseMs: number;
}

const empty = (): Tally => ({ leads: 0, answered: 0, inTime: 0, decided: 0, responseMs: 0 });

const rowOf = (key: string, t: Tally): ResponseRow => ({
  key,
  leads: t.leads,
  answered: t.answered,
  answeredInTime: t.inTime,
  shareInTime: t.decided ? t.inTime / t.decided : null,
  averageFirstResponseMs: t.answered ? Math.round(t.responseMs / t.answered) : null,
});

/** The contact and demo requests received since `since`, reckoned at `now`. */
export async function responseTimes(db: DB, since: string, now: Date): Promise<ResponseTimes> {
  const rows = await selectLeads(db, { since }, {});
  const clock = targetClock((await readServiceHours(db)).hours, now);
  const byOwner = new Map<string, Tally>();
  const byType = new Map<LeadType, Tally>(LEAD_TYPES.map((type) => [type, empty()]));
  for (const row of rows) {
    const { target } = leadTarget(targetOf(row), clock);
    const owner = row.owner_email ?? NO_OWNER;
    if (!byOwner.has(owner)) byOwner.set(owner, empty());
    for (const tally of [byOwner.get(owner), byType.get(row.type)]) {
      if (!tally) continue;
      tally.leads++;
      if (target === "met" || target === "missed" || target === "overdue") tally.decided++;
      if (target === "met") tally.inTime++;
      if (row.first_response_at) {
        tally.answered++;
        tally.responseMs += Date.parse(row.first_response_at) - Date.parse(row.created_at);
      }
    }
  }
  return {
    byOwner: [...byOwner]
      .map(([key, tally]) => rowOf(key, tally))
      .sort((a, b) => b.leads - a.leads || a.key.localeCompare(b.key)),
    byType: [...byType].map(([key, tally]) => rowOf(key, tally)),
  };
}
