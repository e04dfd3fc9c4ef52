import type { FastifyPluginAsync } from "fastify";
import { DEMO_PRODUCTS } from "../../../leads/demo";
import { FilterShape, NO_SUCH_LEAD, leadsApi } from "../../../staff-api/leads";
import { answer, routesOn, versionMatches } from "../../http/contract-routes";
import { listAndExportRoutes, storedUpTo } from "../../http/list-routes";
import { CSV_COLUMNS, csvRow } from "./inbox-csv";
import { LEAD_SHEET, workbookLeads } from "./inbox-xlsx";
import { AnonymisedLeadError, UnknownOwnerError, addNote, changeLead } from "./lead-changes";
import { readCorrection } from "./lead-corrections";
import { changeLeads } from "./bulk-changes";
import { viewLead } from "./lead-detail";
import { allLeads, countLeads, leadStats, listLeads } from "./lead-list";
import type { LeadFilters } from "./lead-query";
import { type LeadFiltersQuery, leadFiltersOf } from "./lead-filters";
import { type KeptAs, auditFilters as keptFilters } from "../../http/route-kit";
import type { StaffIdentity } from "../../staff/sign-in/sessions";
import type { StaffRoutesOptions } from "../../staff-api-routes";

type Filters = LeadFiltersQuery;

/** How the audit log keeps each filter (http/route-kit.ts auditFilters); the owner by account. */
const KEPT: Record<keyof typeof FilterShape, KeptAs> = {
  view: "asked",
  type: "asked",
  product: (value) => (DEMO_PRODUCTS as readonly string[]).includes(value),
  status: "asked",
  owner: "length",
  q: "length",
  since: "asked",
  until: "asked",
};
const auditFilters = (query: Filters, { ownerAccountId }: LeadFilters) =>
  keptFilters(query, {
    ...KEPT,
    ...(ownerAccountId ? { owner: { account: ownerAccountId } } : {}),
  });

const actorOf = (staff: StaffIdentity) => ({ accountId: staff.accountId, email: staff.email });

/**
 * The lead inbox under /api/staff/leads, as staff-api/leads.ts defines it: contact messages and
 * demo requests together, their status, owner, notes and timeline, a CSV and an Excel export and the average
 * time to first response. Every request is in the audit log. Registered inside staffRoutes,
 * whose hooks (no-store, JSON-only writes) apply.
 */
export const inboxRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, now, config, alerts, outbox } = options;
  listAndExportRoutes(app, leadsApi, options, {
    what: "lead inbox request",
    actions: { list: "lead.list", export: "lead.export" },
    filtersOf: (query, staff) => leadFiltersOf(db, query, staff),
    kept: auditFilters,
    page: (trx, filters, page) => listLeads(trx, filters, page, now()),
    // The export is of the leads stored before it started: those counted and audited here.
    until: storedUpTo,
    count: countLeads,
    items: allLeads,
    toRow: csvRow,
    file: { name: "leads", columns: CSV_COLUMNS, countHeader: "x-lead-count" },
    workbook: { endpoint: leadsApi.exportXlsx, items: workbookLeads, sheet: LEAD_SHEET },
    summary: { endpoint: leadsApi.stats, action: "lead.stats", read: leadStats },
  });

  const route = routesOn(app, { checkAnswers: options.checkAnswers });
  const telling = { publicUrl: config.publicUrl, alerts, wake: () => outbox.wake() };
  route(leadsApi.get, "lead inbox request", async ({ params, staff, refuse }) => {
    const found = await viewLead(db, params.id, actorOf(staff), now());
    if (!found) throw refuse(404, NO_SUCH_LEAD);
    return answer(200, found.lead, found.version);
  });

  route(leadsApi.update, "lead inbox request", async ({ params, body, staff, ifMatch, refuse }) => {
    // Checked by the lead's type (its id says it) with its public form's rules.
    const correction = readCorrection(params.id, body);
    if (typeof correction === "string") throw refuse(400, correction);
    try {
      const isCurrent = (version: string) => versionMatches(ifMatch, version);
      const change = { status: body.status, owner: body.owner, correction };
      const changed = await changeLead(db, params.id, change, staff, now(), isCurrent, telling);
      if (!changed) throw refuse(404, NO_SUCH_LEAD);
      // Refused as made on an older version: the lead as it now is, for the page to show.
      return answer(changed.stale ? 412 : 200, changed.lead, changed.version);
    } catch (error) {
      if (error instanceof UnknownOwnerError) throw refuse(400, error.message);
      if (error instanceof AnonymisedLeadError) throw refuse(409, error.message);
      throw error;
    }
  });

  route(leadsApi.updateMany, "lead inbox request", async ({ body, staff, refuse }) => {
    try {
      return answer(200, await changeLeads(db, body, staff, now, telling));
    } catch (error) {
      if (error instanceof UnknownOwnerError) throw refuse(400, error.message);
      throw error;
    }
  });

  route(leadsApi.addNote, "lead inbox request", async ({ params, body, staff, refuse }) => {
    const found = await addNote(db, params.id, body.text, actorOf(staff), now());
    if (!found) throw refuse(404, NO_SUCH_LEAD);
    return answer(201, { message: "Note added" });
  });
};
