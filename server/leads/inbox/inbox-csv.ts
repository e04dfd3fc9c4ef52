/**
 * The lead inbox's CSV export: its columns and one lead as a row of them (the cells are made
 * formula-safe by http/route-kit.ts sendCsv).
 */
import { attributionColumns } from "../attribution";
import { PERSON_COLUMNS } from "../../db/schema";
import { ATTRIBUTION_COLUMNS } from "../../db/migrations/0008-lead-attribution";
import type { Lead } from "./lead-query";

/**
 * The CSV export's columns, in order: the same names as `npm run leads -- export`, so a
 * spreadsheet made from either reads the same.
 */
export const CSV_COLUMNS = [
  "id",
  "type",
  "created_at",
  "status",
  "owner",
  "form_page",
  ...ATTRIBUTION_COLUMNS,
  "first_name",
  "last_name",
  ...PERSON_COLUMNS.demo,
  "product",
  "message",
] as const;

export function csvRow(lead: Lead): Record<(typeof CSV_COLUMNS)[number], unknown> {
  const source = lead.source;
  return {
    id: lead.id,
    type: lead.type,
    created_at: lead.createdAt,
    status: lead.status,
    owner: lead.owner,
    form_page: source?.formPage,
    ...attributionColumns(source ?? undefined),
    first_name: lead.firstName,
    last_name: lead.lastName,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    job_title: lead.jobTitle,
    industry: lead.industry,
    product: lead.product,
    message: lead.message,
  };
}
