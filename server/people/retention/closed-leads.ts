/**
 * (a) Closed contact and demo leads past LEAD_RETENTION_MONTHS: the row stays, for the counts in
 * the reports, without the person (docs/personal-data.md#retention).
 */
import { type RawBuilder, type Transaction, sql } from "kysely";
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
export function anonymiseExpiredLeads(
  trx: Trx,
  type: LeadType,
  cutoff: string,
  now: string,
): Promise<{ ids: string[]; events: number }> {
  const id = sql.ref(`${TABLES[type]}.id`);
  return anonymiseLeads(trx, type, now, [
    sql<boolean>`${sql.ref(`${TABLES[type]}.created_at`)} < ${cutoff}`,
    sql<boolean>`exists (select 1 from lead_states s where s.lead_type = ${type}
        and s.lead_id = ${id} and s.status in (${sql.join([...CLOSED_LEAD_STATUSES])})
        and s.updated_at < ${cutoff})`,
    sql<boolean>`not exists (select 1 from lead_events e where e.lead_type = ${type}
        and e.lead_id = ${id} and e.at >= ${cutoff})`,
  ]);
}

/**
 * Anonymises the leads merged into a lead that is anonymised (server/leads/duplicates/): a
 * merged lead keeps the status it had, often open, so it would otherwise be kept for good; it
 * goes with the lead it went into. Run after anonymiseExpiredLeads, until a pass finds none (a
 * lead merged into one that was merged in turn goes a pass later).
 */
export async function anonymiseMergedLeads(
  trx: Trx,
  now: string,
): Promise<Record<LeadType, { ids: string[]; events: number }>> {
  const all = {
    contact: { ids: [] as string[], events: 0 },
    demo: { ids: [] as string[], events: 0 },
  };
  // The API ids of anonymised leads, as merged_into names them ("contact_<id>").
  const anonymisedKeys = sql`(select ${sql.lit("contact_")} || c.id from contact_messages c
      where c.anonymised_at is not null
    union select ${sql.lit("demo_")} || d.id from demo_requests d where d.anonymised_at is not null)`;
  for (let pass = 0; pass < 10; pass++) {
    let found = 0;
    for (const type of ["contact", "demo"] as const) {
      const id = sql.ref(`${TABLES[type]}.id`);
      const { ids, events } = await anonymiseLeads(trx, type, now, [
        sql<boolean>`exists (select 1 from lead_states s where s.lead_type = ${type}
          and s.lead_id = ${id} and s.merged_into in ${anonymisedKeys})`,
      ]);
      all[type].ids.push(...ids);
      all[type].events += events;
      found += ids.length;
    }
    if (found === 0) break;
  }
  return all;
}

/** Anonymises the leads of `type` not anonymised yet that meet every one of `conditions`. */
async function anonymiseLeads(
  trx: Trx,
  type: LeadType,
  now: string,
  conditions: RawBuilder<boolean>[],
): Promise<{ ids: string[]; events: number }> {
  const table = TABLES[type];
  const id = sql.ref(`${table}.id`);
  let update = trx
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
    .where("anonymised_at", "is", null);
  for (const condition of conditions) update = update.where(condition);
  const rows = await update.returning("id").execute();
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
