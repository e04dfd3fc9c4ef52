import type { FastifyPluginAsync } from "fastify";
import { type AuditFilterShape, auditApi } from "../../staff-api/audit";
import type { QueryOf } from "../../staff-api/endpoint";
import {
  AUDIT_CSV_COLUMNS,
  type AuditFilters,
  actorFilter,
  allAudit,
  auditActions,
  auditCsvRow,
  countAudit,
  listAudit,
} from "./audit-log";
import { Refused, answer, routesOn } from "../http/contract-routes";
import { listAndExportRoutes } from "../http/list-routes";
import { type KeptAs, auditFilters, dateRange } from "../http/route-kit";
import type { DB } from "../db/database";
import type { StaffRoutesOptions } from "../staff-api-routes";

type AuditQuery = QueryOf<typeof auditApi.exportCsv>;

/** The shape of every action the log records (audit.ts): an area, a dot, a verb. */
const ACTION_NAME = /^[a-z]+\.[a-z]+(-[a-z]+)*$/;

/**
 * How the audit log keeps a read of itself: the actor as their account's id, an action as asked
 * when it is shaped like one (the console picks it from the log's actions), else its length.
 */
function keptFilters(query: AuditQuery, filters: AuditFilters) {
  const how: Record<keyof typeof AuditFilterShape, KeptAs> = {
    actor: filters.actorId === undefined ? "length" : { account: filters.actorId },
    action: (value) => ACTION_NAME.test(value),
    since: "asked",
    until: "asked",
    kind: "asked",
  };
  return auditFilters(query, how);
}

/** The filters of an audit query as the queries take them; a bad date is refused. */
async function auditFiltersOf(db: DB, query: AuditQuery): Promise<AuditFilters> {
  const range = dateRange(query);
  if (typeof range === "string") throw new Refused(400, range);
  return {
    ...range,
    ...(query.action ? { action: query.action } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.actor !== undefined ? { actorId: await actorFilter(db, query.actor) } : {}),
  };
}

/**
 * The audit log for admins, as staff-api/audit.ts defines it: a page of it, its CSV and the list
 * of its actions. Reading it is recorded too (`audit.viewed`, `audit.export`): it names who
 * worked on which lead and account, and who looked is part of that story. Registered inside
 * staffRoutes, whose hooks apply.
 */
export const auditRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, checkAnswers } = options;
  listAndExportRoutes(app, auditApi, options, {
    what: { list: "audit list", export: "audit export" },
    actions: { list: "audit.viewed", export: "audit.export" },
    filtersOf: (query) => auditFiltersOf(db, query),
    kept: keptFilters,
    page: listAudit,
    // The entries before this request: those counted here (its own entry comes after).
    until: (at) => at.toISOString(),
    count: countAudit,
    items: allAudit,
    toRow: auditCsvRow,
    file: { name: "audit", columns: AUDIT_CSV_COLUMNS, countHeader: "x-row-count" },
  });

  // The list of actions names no one, so reading it is not recorded.
  const route = routesOn(app, { checkAnswers });
  route(auditApi.actions, "audit actions", async () =>
    answer(200, { items: await auditActions(db) }),
  );
};
