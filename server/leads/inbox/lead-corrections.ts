/**
 * Correcting a lead's contact details at the person's request (Ghana's Data Protection Act 2012;
 * docs/decisions/0032-correcting-a-lead.md): the fields sent, checked with the public form's rules
 * (staff-api/lead-timeline.ts `correctionSchema`), are written with the lead's `email_key` and
 * `search_text` recomputed, so that search and erasure find the corrected address. The old and
 * new values are kept in the `corrected` timeline event (lead_events), which erasure removes with
 * the lead; the append-only audit log keeps only which fields changed and that event's id.
 */
import type { Transaction } from "kysely";
import * as z from "zod/mini";
import { emailKey } from "../../../leads/email";
import { phoneE164 } from "../../../leads/phone";
import { parseLeadKey } from "../../../leads/workflow";
import { correctionSchema } from "../../../staff-api/lead-timeline";
import {
  CORRECTABLE,
  CORRECTABLE_FIELDS,
  type CorrectableField,
} from "../../../staff-api/lead-timeline";
import type { Database } from "../../db/schema";
import { contactSearchText, demoSearchText } from "../../db/search-text";
import type { Correction } from "../../audit/corrections";
import type { LeadRow } from "./lead-query";

/**
 * The correction a request's body holds for the lead `key` names: its correctable fields, checked
 * with the form's rules. A string (the 400's sentence) when a field is not its type's, or is
 * refused; an empty correction when it sends none.
 */
export function readCorrection(key: string, body: Record<string, unknown>): Correction | string {
  const type = parseLeadKey(key)?.type;
  const sent = CORRECTABLE_FIELDS.filter((field) => body[field] !== undefined);
  if (!type || !sent.length) return {};
  const own: readonly string[] = CORRECTABLE[type];
  const foreign = sent.find((field) => !own.includes(field));
  if (foreign) {
    const what = type === "contact" ? "a contact message" : "a demo request";
    return `${foreign}: ${what} has no such field; it has ${own.join(", ")}.`;
  }
  const values = Object.fromEntries(sent.map((field) => [field, body[field]]));
  const parsed = z.safeParse(correctionSchema(type, sent), values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return issue ? `${issue.path.join(".")}: ${issue.message}` : "The correction was refused.";
  }
  return parsed.data as Correction;
}

/** Each correctable field's column in its lead table. */
const COLUMNS = {
  firstName: "first_name",
  lastName: "last_name",
  name: "name",
  email: "email",
  phone: "phone",
  company: "company",
  jobTitle: "job_title",
} as const satisfies Record<CorrectableField, keyof LeadRow>;

/**
 * Each lead type's table, and its search text (search-text.ts) from the lead as corrected, so that
 * the inbox finds it by its new values.
 */
const STORED = {
  contact: {
    table: "contact_messages",
    searchText: (lead: LeadRow) =>
      contactSearchText({
        first_name: lead.first_name ?? "",
        last_name: lead.last_name ?? "",
        email: lead.email,
        phone: lead.phone,
        message: lead.message ?? "",
      }),
  },
  demo: {
    table: "demo_requests",
    searchText: (lead: LeadRow) =>
      demoSearchText({
        name: lead.name ?? "",
        email: lead.email,
        phone: lead.phone,
        company: lead.company ?? "",
      }),
  },
} as const;

/** What a correction changed: each field's value before and after, in CORRECTABLE's order. */
export interface Corrected {
  fields: CorrectableField[];
  from: Correction;
  to: Correction;
}

/**
 * Writes the fields of `correction` that differ from the lead's `row`, with the lead's email_key,
 * phone_e164 and search_text recomputed from the lead as it then is; null when nothing differs.
 */
export async function correctLead(
  trx: Transaction<Database>,
  row: LeadRow,
  correction: Correction,
): Promise<Corrected | null> {
  const fields = CORRECTABLE[row.type].filter(
    (field) => correction[field] !== undefined && correction[field] !== (row[COLUMNS[field]] ?? ""),
  );
  if (!fields.length) return null;
  const from: Correction = {};
  const to: Correction = {};
  const now = { ...row };
  for (const field of fields) {
    from[field] = row[COLUMNS[field]] ?? "";
    to[field] = correction[field];
    now[COLUMNS[field]] = correction[field] ?? "";
  }
  const columns = Object.fromEntries(fields.map((field) => [COLUMNS[field], to[field]]));
  const { table, searchText } = STORED[row.type];
  await trx
    .updateTable(table)
    .set({
      ...columns,
      email_key: emailKey(now.email),
      phone_e164: phoneE164(now.phone),
      search_text: searchText(now),
    })
    .where("id", "=", row.id)
    .execute();
  return { fields, from, to };
}
