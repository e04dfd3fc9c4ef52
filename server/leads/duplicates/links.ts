/**
 * Which leads look like the same customer's, worked out when they are read: two leads are linked
 * when they share the address's key (`email_key`, leads/email.ts) or the phone number's E.164 form
 * (`phone_e164`, leads/phone.ts), both indexed on both lead tables. A lead lists the linked leads
 * that are still open: not won, lost or spam, not anonymised, not merged into another, and not
 * marked as another customer's (lead_distinct_pairs, migration 0022). Nothing about a link is
 * stored, so it is always as true as the leads' details: a correction links or unlinks at once.
 */
import { type RawBuilder, type Transaction, sql } from "kysely";
import { CLOSED_LEAD_STATUSES, type LeadType, leadKey } from "../../../leads/workflow";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";

type Executor = DB | Transaction<Database>;

/** A lead by its type and its row's id. */
export interface LeadRef {
  type: LeadType;
  id: string;
}

const TABLES = { contact: "contact_messages", demo: "demo_requests" } as const;

/** The API id, as SQL, of the lead whose type and row id are the columns `type` and `id`. */
const keyOf = (type: string, id: string) => sql`${sql.ref(type)} || '_' || ${sql.ref(id)}`;

/**
 * The leads of `leads` with their keys, as rows of (type, id, email_key, phone_e164): those not
 * anonymised (their keys are blanked) and not merged into another (a merged lead is no longer a
 * customer's record of its own, so it is linked to nothing).
 */
function wanted(leads: readonly LeadRef[]): RawBuilder<unknown> | null {
  const branches = (Object.keys(TABLES) as LeadType[]).flatMap((type) => {
    const ids = leads.filter((lead) => lead.type === type).map((lead) => lead.id);
    if (!ids.length) return [];
    return [
      sql`select ${sql.lit(type)} as type, w.id as id, w.email_key as email_key,
        w.phone_e164 as phone_e164
      from ${sql.table(TABLES[type])} w
      left join lead_states ws on ws.lead_type = ${sql.lit(type)} and ws.lead_id = w.id
      where w.id in (${sql.join(ids)}) and w.anonymised_at is null and ws.merged_into is null`,
    ];
  });
  return branches.length ? sql.join(branches, sql` union all `) : null;
}

/**
 * Every lead of either table sharing an address or a number with one of `w`: one branch per table
 * and key, each a lookup on that key's index, joined by UNION so a lead sharing both is one row.
 */
function sharingAKey() {
  return sql.join(
    (Object.keys(TABLES) as LeadType[]).flatMap((type) =>
      (["email_key", "phone_e164"] as const).map(
        (column) => sql`select w.type as type, w.id as id, ${sql.lit(type)} as other_type,
          o.id as other_id, o.created_at as other_created_at
        from w join ${sql.table(TABLES[type])} o on ${sql.ref(`o.${column}`)} = ${sql.ref(`w.${column}`)}
        where o.anonymised_at is null`,
      ),
    ),
    sql` union `,
  );
}

/**
 * How many linked leads one lead lists at the most, the newest. A real customer writes a few
 * times; more is a number or an address typed by many (a placeholder, a shared office line), and
 * listing them all would fill the lead's page and audit a view of each.
 */
export const MAX_LINKED_LEADS = 10;

/**
 * The open leads linked to each of `leads`, by API id, newest first, at most MAX_LINKED_LEADS; a lead with none (or
 * anonymised, or merged into another) maps to an empty list. One query for any number of leads:
 * a page of the list costs one round trip, not one per lead.
 */
export async function duplicatesOf(
  db: Executor,
  leads: readonly LeadRef[],
): Promise<Map<string, string[]>> {
  const found = new Map(leads.map((lead) => [leadKey(lead.type, lead.id), [] as string[]]));
  const w = wanted(leads);
  if (!w) return found;
  const { rows } = await sql<{
    type: LeadType;
    id: string;
    other_type: LeadType;
    other_id: string;
  }>`
    with w as (${w}), linked as (${sharingAKey()})
    select l.type as type, l.id as id, l.other_type as other_type, l.other_id as other_id
    from linked l
    left join lead_states s on s.lead_type = l.other_type and s.lead_id = l.other_id
    where not (l.other_type = l.type and l.other_id = l.id)
      and s.merged_into is null
      and coalesce(s.status, 'new') not in (${sql.join([...CLOSED_LEAD_STATUSES])})
      and not exists (
        select 1 from lead_distinct_pairs p
        where (p.lead_a = ${keyOf("l.type", "l.id")} and p.lead_b = ${keyOf("l.other_type", "l.other_id")})
          or (p.lead_b = ${keyOf("l.type", "l.id")} and p.lead_a = ${keyOf("l.other_type", "l.other_id")}))
    order by l.other_created_at desc, l.other_id desc`.execute(db);
  for (const row of rows) {
    const linked = found.get(leadKey(row.type, row.id));
    if (linked && linked.length < MAX_LINKED_LEADS)
      linked.push(leadKey(row.other_type, row.other_id));
  }
  return found;
}

/**
 * The two API ids of a pair in the order lead_distinct_pairs keeps them (the smaller first), so
 * that a pair is one row whichever lead it was marked from.
 */
export function pairOf(one: string, other: string): { lead_a: string; lead_b: string } {
  return one < other ? { lead_a: one, lead_b: other } : { lead_a: other, lead_b: one };
}
