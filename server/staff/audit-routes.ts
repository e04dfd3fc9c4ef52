import type { FastifyPluginAsync, FastifyReply } from "fastify";
import * as z from "zod/mini";
import { email } from "../../leads/email";
import { filterText } from "../../leads/fields";
import type { DB } from "../db/database";
import { zodRoute } from "../http/zod-schemas";
import { recordAudit } from "./audit";
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
import { staffApiPaths } from "./paths";
import {
  Failed,
  type KeptAs,
  PageShape,
  REFUSALS,
  auditActorOf,
  auditFilters,
  dateRange,
  firstIssue,
  isoDate,
  pageOf,
  sendCsv,
  unavailable,
} from "./route-kit";

const AuditFilterShape = {
  actor: z.optional(email()),
  action: filterText(100),
  since: z.optional(isoDate()),
  until: z.optional(isoDate()),
};
const AuditFilterQuery = z.object(AuditFilterShape);
const AuditListQuery = z.object({ ...AuditFilterShape, ...PageShape });
type AuditQuery = z.output<typeof AuditFilterQuery>;
const AuditItem = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.nullable(z.string()),
  action: z.string(),
  subject: z.nullable(z.object({ type: z.string(), id: z.string() })),
  detail: z.nullable(z.record(z.string(), z.unknown())),
});
const AuditPage = z.object({ items: z.array(AuditItem), nextCursor: z.nullable(z.string()) });
const Actions = z.object({ items: z.array(z.string()) });

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
  };
  return auditFilters(query, how);
}

/** The filters of an audit query as the queries take them, or an error message. */
async function auditFiltersOf(db: DB, query: AuditQuery): Promise<AuditFilters | string> {
  const range = dateRange(query);
  if (typeof range === "string") return range;
  return {
    ...range,
    ...(query.action ? { action: query.action } : {}),
    ...(query.actor !== undefined ? { actorId: await actorFilter(db, query.actor) } : {}),
  };
}

/**
 * The audit log for admins: a page of it, its CSV and the list of its actions. Reading it is
 * recorded too (`audit.viewed`, `audit.export`): it names who worked on which lead and account,
 * and who looked is part of that story. Registered inside staffRoutes, whose hooks apply.
 */
export const auditRoutes: FastifyPluginAsync<{ db: DB; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const adminOnly = app.requireStaff("admin");
  const badRequest = (reply: FastifyReply, message: string) =>
    reply.code(400).send({ error: message });

  app.get(
    staffApiPaths.audit,
    {
      ...zodRoute({ querystring: AuditListQuery, response: { 200: AuditPage, ...REFUSALS } }),
      preHandler: adminOnly,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const query = request.query as z.output<typeof AuditListQuery>;
      const page = pageOf(query);
      if (typeof page === "string") return badRequest(reply, page);
      try {
        const filters = await auditFiltersOf(db, query);
        if (typeof filters === "string") return badRequest(reply, filters);
        return await db.transaction().execute(async (trx) => {
          const entries = await listAudit(trx, filters, page);
          await recordAudit(trx, {
            action: "audit.viewed",
            at: now().toISOString(),
            actor: auditActorOf(request),
            detail: {
              filters: keptFilters(query, filters),
              page: page.cursor ? "next" : "first",
            },
          });
          return entries;
        });
      } catch (error) {
        return unavailable(request, reply, error, "audit list");
      }
    },
  );

  app.get(
    staffApiPaths.auditCsv,
    {
      ...zodRoute({ querystring: AuditFilterQuery, response: REFUSALS }),
      preHandler: adminOnly,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const query = request.query as AuditQuery;
      const at = now();
      let filters: AuditFilters | string;
      let count: number;
      try {
        filters = await auditFiltersOf(db, query);
        if (typeof filters === "string") return badRequest(reply, filters);
        // The entries before this request: those counted here (its own entry comes after).
        const cutoff = at.toISOString();
        if (!filters.until || filters.until > cutoff) filters.until = cutoff;
        const snapshot = filters;
        count = await db.transaction().execute(async (trx) => {
          const rows = await countAudit(trx, snapshot);
          await recordAudit(trx, {
            action: "audit.export",
            at: at.toISOString(),
            actor: auditActorOf(request),
            detail: { filters: keptFilters(query, snapshot), rows },
          });
          return rows;
        });
      } catch (error) {
        return unavailable(request, reply, error, "audit export");
      }
      const snapshot = filters;
      async function* rows() {
        for await (const item of allAudit(db, snapshot)) yield auditCsvRow(item);
      }
      return sendCsv(request, reply, {
        columns: AUDIT_CSV_COLUMNS,
        rows: rows(),
        fileName: `audit-${at.toISOString().slice(0, 10)}.csv`,
        count,
        countHeader: "x-row-count",
      });
    },
  );

  // The list of actions names no one, so reading it is not recorded.
  app.get(
    staffApiPaths.auditActions,
    {
      ...zodRoute({ response: { 200: Actions, 401: Failed, 403: Failed, 503: Failed } }),
      preHandler: adminOnly,
    },
    async (request, reply) => {
      try {
        return { items: await auditActions(db) };
      } catch (error) {
        return unavailable(request, reply, error, "audit actions");
      }
    },
  );
};
