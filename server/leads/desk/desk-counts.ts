/**
 * The console menu's counts for one account (staff-api/leads.ts LeadCounts), in one statement:
 * its open leads, the open leads nobody owns, and the leads that arrived since its last view of
 * the inbox (inbox-visits.ts).
 */
import { sql } from "kysely";
import { CLOSED_LEAD_STATUSES } from "../../../leads/workflow";
import type { LeadCounts } from "../../../staff-api/leads";
import type { DB } from "../../db/database";

const closed = sql.join([...CLOSED_LEAD_STATUSES]);

/**
 * A lead merged into another (../duplicates/) is worked on that one, so it counts as neither.
 * The unassigned open leads are every lead but those with an owner, a closed status or merged, and a
 * lead without a lead_states row is new and unowned (migration 0005): so they are counted as
 * the leads less the states that take a lead off the desk, which reads each lead table's
 * smallest index and lead_states alone rather than joining every lead to its state (on SQLite,
 * 100,000 contact messages, a third with a state: 110 ms joined, 8 ms so). It holds because a lead's state row goes only with
 * the lead (erasure deletes both in one transaction). The account's own are read off
 * lead_states' owner index; the newly arrived off each lead table's (created_at, id) index.
 */
export async function deskCounts(db: DB, accountId: string): Promise<LeadCounts> {
  const all = (table: "contact_messages" | "demo_requests") =>
    sql`(select count(*) from ${sql.table(table)})`;
  const seenAt = sql`(select v.seen_at from staff_inbox_visits v where v.account_id = ${accountId})`;
  const arrived = (table: "contact_messages" | "demo_requests") =>
    sql`(select count(*) from ${sql.table(table)} l where l.created_at > ${seenAt})`;
  const { rows } = await sql<{
    mine: number | string;
    unassigned: number | string;
    new_since_visit: number | string;
  }>`
    select
      (select count(*) from lead_states s
        where s.owner_account_id = ${accountId} and s.status not in (${closed})
          and s.merged_into is null) as mine,
      ${all("contact_messages")} + ${all("demo_requests")}
        - (select count(*) from lead_states s
            where s.owner_account_id is not null or s.status in (${closed})
              or s.merged_into is not null) as unassigned,
      ${arrived("contact_messages")} + ${arrived("demo_requests")} as new_since_visit`.execute(db);
  const row = rows[0];
  return {
    mine: Number(row?.mine ?? 0),
    unassigned: Number(row?.unassigned ?? 0),
    newSinceVisit: Number(row?.new_since_visit ?? 0),
  };
}
