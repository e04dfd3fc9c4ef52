/**
 * The lead inbox's Excel export, for the people who open it rather than for tools (the CSV, whose
 * columns inbox-csv.ts keeps, is for tools): phone numbers as text, times on Accra's clock, words
 * in place of codes as the console shows them, the owner by name, how many notes, and the first
 * response. Decision 0053.
 */
import { sql } from "kysely";
import { productLabel } from "../../../leads/demo";
import type { LeadType } from "../../../leads/workflow";
import { type Lead } from "../../../staff-api/leads";
import {
  LEAD_TYPE_LABELS,
  SOURCE_LABELS,
  STATUS_LABELS,
  leadName,
} from "../../../staff-api/lead-labels";
import type { DB } from "../../db/database";
import type { Sheet, SheetColumn } from "../../http/xlsx-stream";
import { leadRowBatches } from "./lead-list";
import { type LeadFilters, type LeadRow, toLead } from "./lead-query";

/** A lead as a row of the workbook: the lead, and what the inbox's list and page add. */
export interface WorkbookLead {
  lead: Lead;
  /** The owner's name (their address when the account has none); null while nobody has it. */
  owner: string | null;
  firstResponseAt: string | null;
  notes: number;
}

const keyOf = (type: LeadType, id: string) => `${type}_${id}`;

/** How many notes each of these leads has, by key; none for a lead without. */
async function notesOf(db: DB, rows: readonly LeadRow[]): Promise<Map<string, number>> {
  const byType = (type: LeadType) => rows.filter((row) => row.type === type).map((row) => row.id);
  const counts = new Map<string, number>();
  for (const type of ["contact", "demo"] as const) {
    const ids = byType(type);
    if (!ids.length) continue;
    // By the lead's history index (lead_type, lead_id, at): one query for a batch of 500.
    const found = await db
      .selectFrom("lead_events")
      .select(["lead_id", sql<number | string>`count(*)`.as("notes")])
      .where("lead_type", "=", type)
      .where("lead_id", "in", ids)
      .where("kind", "=", "note")
      .groupBy("lead_id")
      .execute();
    for (const { lead_id, notes } of found) counts.set(keyOf(type, lead_id), Number(notes));
  }
  return counts;
}

/** The names of these leads' owners, by account id. */
async function ownersOf(db: DB, rows: readonly LeadRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.owner_account_id).filter((id) => id !== null))];
  if (!ids.length) return new Map();
  const accounts = await db
    .selectFrom("staff_accounts")
    .select(["id", "name", "email"])
    .where("id", "in", ids)
    .execute();
  // As the console's owner picker names a colleague: by name, else by address.
  return new Map(accounts.map((account) => [account.id, account.name || account.email]));
}

/** Every matching lead, newest first, with its owner's name, notes and first response. */
export async function* workbookLeads(db: DB, filters: LeadFilters): AsyncGenerator<WorkbookLead> {
  for await (const rows of leadRowBatches(db, filters)) {
    const [notes, owners] = await Promise.all([notesOf(db, rows), ownersOf(db, rows)]);
    for (const row of rows) {
      yield {
        lead: toLead(row),
        owner: row.owner_account_id ? (owners.get(row.owner_account_id) ?? null) : null,
        firstResponseAt: row.first_response_at,
        notes: notes.get(keyOf(row.type, row.id)) ?? 0,
      };
    }
  }
}

/** From a lead's arrival to its first response, in milliseconds; null while unanswered. */
const timeToFirstResponse = ({ lead, firstResponseAt }: WorkbookLead) =>
  firstResponseAt ? Date.parse(firstResponseAt) - Date.parse(lead.createdAt) : null;

/** A text column of the lead's own field. */
const text = (
  header: string,
  width: number,
  value: (lead: Lead) => string | undefined,
): SheetColumn<WorkbookLead> => ({ header, kind: "text", width, value: (row) => value(row.lead) });

/** The columns, in the order sales read a lead: when, what, where it stands, who, what they said. */
export const LEAD_SHEET: Sheet<WorkbookLead> = {
  name: "Leads",
  columns: [
    { header: "Received", kind: "time", width: 18, value: ({ lead }) => lead.createdAt },
    text("Type", 16, (lead) => LEAD_TYPE_LABELS[lead.type]),
    text("Status", 12, (lead) => STATUS_LABELS[lead.status]),
    { header: "Owner", kind: "text", width: 22, value: (row) => row.owner, missing: "Nobody yet" },
    {
      header: "First response",
      kind: "time",
      width: 18,
      value: (row) => row.firstResponseAt,
      missing: "Not answered yet",
    },
    { header: "Time to first response", kind: "duration", width: 12, value: timeToFirstResponse },
    { header: "Notes", kind: "count", width: 8, value: (row) => row.notes },
    text("Name", 24, leadName),
    text("E-mail", 30, (lead) => lead.email),
    text("Phone", 18, (lead) => lead.phone),
    text("Company", 24, (lead) => lead.company),
    text("Job title", 18, (lead) => lead.jobTitle),
    text("Industry", 18, (lead) => lead.industry),
    text("Product", 24, (lead) => productLabel(lead.product)),
    text("Message", 60, (lead) => lead.message),
    ...Object.entries(SOURCE_LABELS).map(([part, label]) =>
      text(label, 24, (lead) => lead.source?.[part as keyof typeof SOURCE_LABELS]),
    ),
    text("Lead ID", 44, (lead) => lead.id),
  ],
};
