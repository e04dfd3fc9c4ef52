/**
 * (a) Closed contact and demo leads past LEAD_RETENTION_MONTHS: the row stays, for the counts in
 * the reports, without the person (docs/personal-data.md#retention).
 */
import { type Transaction, sql } from "kysely";
import type { Database } from "../../db/schema";
import { CLOSED_LEAD_STATUSES, type LeadType } from "../../../leads/workflow";

type Trx = Transaction<Database>;

const TABLES = { contact: "contact_messages", demo: "demo_requests" } as const;

/** The person's fields of each lead type, blank: the columns are NOT NULL. */
const BLANK = {
  contact: { first_name: "", last_name: "", email: "", phone: "", message: "" },
  demo: { name: "", email: "", phone: "", company: "", job_title: "", industry: "" },
} as const;

/**
 * Anonymises the leads of `type` that are closed and whose last activity (their arrival, their
 * latest status or owner change, their latest note or event) came before `cutoff`. One
 * conditional UPDATE (`anonymised_at is null`), so a lead is anonymised once, by one run; its id
 * is returned by that run only. Their notes' text and corrections' old and new values go too.
 */
export async function anonymiseExpiredLeads(
  trx: Trx,
  type: LeadType,
  cutoff: string,
  now: string,
): Promise<{ ids: string[]; events: number }> {
  const table = TABLES[type];
  const id = sql.ref(`${table}.id`);
  const rows = await trx
    .updateTable(table as "contact_messages")
    .set({
      ...(BLANK[type] as typeof BLANK.contact),
      // No address folds to this: erasure and the access request, which look up by the folded
      // address (leads/email.ts), no longer find the row.
      email_key: sql<string>`${sql.lit("anonymised:")} || ${id}`,
      // On SQLite the FTS5 index follows this column by trigger (migration 0007).
      search_text: "",
      phone_e164: null,
      referrer: null,
      // The browser's idempotency key and the fingerprint of what was sent under it.
      request_key: null,
      request_hash: null,
      anonymised_at: now,
    })
    .where("anonymised_at", "is", null)
    .where("created_at", "<", cutoff)
    .where(
      sql<boolean>`exists (select 1 from lead_states s where s.lead_type = ${type}
        and s.lead_id = ${id} and s.status in (${sql.join([...CLOSED_LEAD_STATUSES])})
        and s.updated_at < ${cutoff})`,
    )
    .where(
      sql<boolean>`not exists (select 1 from lead_events e where e.lead_type = ${type}
        and e.lead_id = ${id} and e.at >= ${cutoff})`,
    )
    .returning("id")
    .execute();
  const ids = rows.map((row) => row.id);
  let events = 0;
  for (let start = 0; start < ids.length; start += 500) {
    const some = ids.slice(start, start + 500);
    const of = trx
      .updateTable("lead_events")
      .where("lead_type", "=", type)
      .where("lead_id", "in", some);
    const notes = await of.set({ text: "" }).where("kind", "=", "note").executeTakeFirst();
    const corrections = await of
      .set({ from: null, to: null })
      .where("kind", "=", "corrected")
      .executeTakeFirst();
    events += Number(notes.numUpdatedRows) + Number(corrections.numUpdatedRows);
  }
  return { ids, events };
}
