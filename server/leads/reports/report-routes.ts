import type { FastifyPluginAsync } from "fastify";
import { REPORT_LEAD_TYPES, type ReportLeadType, reportsApi } from "../../../staff-api/reports";
import { answer, routesOn } from "../../http/contract-routes";
import { leadReport } from "./reports";
import { responseTimes } from "./response-times";
import { instant } from "../../http/route-kit";
import type { StaffRoutesOptions } from "../../staff-api-routes";

/** Without `since`, the last twelve weeks. */
const DEFAULT_WEEKS = 12;

/**
 * GET /api/staff/reports/leads?by=week|product|source|campaign&since=&type=, as
 * staff-api/reports.ts defines it: `{rows: [{key, count}]}`, counts only (nothing personal, so
 * nothing to audit). Registered inside staffRoutes.
 */
export const reportRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (
  app,
  { db, now, checkAnswers },
) => {
  const route = routesOn(app, { checkAnswers });
  /** The range's start: `since`, or twelve weeks back; a message for a 400 when refused. */
  const rangeStart = (
    asked: string | undefined,
    at: Date,
  ): { since: string } | { refused: string } => {
    const since = asked
      ? instant(asked, false)
      : new Date(at.getTime() - DEFAULT_WEEKS * 7 * 86_400_000).toISOString();
    if (!since) return { refused: "since is not a valid date" };
    if (since < new Date(at.getTime() - 5 * 366 * 86_400_000).toISOString()) {
      return { refused: "since must be within the last five years" };
    }
    return { since };
  };

  route(reportsApi.responseTimes, "response time report", async ({ query, refuse }) => {
    const at = now();
    const range = rangeStart(query.since, at);
    if ("refused" in range) throw refuse(400, range.refused);
    return answer(200, await responseTimes(db, range.since, at));
  });

  route(reportsApi.leads, "lead report", async ({ query, refuse }) => {
    const at = now();
    const range = rangeStart(query.since, at);
    if ("refused" in range) throw refuse(400, range.refused);
    const { since } = range;
    const types = query.type ? query.type.split(",") : [...REPORT_LEAD_TYPES];
    if (
      !types.every((t): t is ReportLeadType => (REPORT_LEAD_TYPES as readonly string[]).includes(t))
    ) {
      throw refuse(400, "type must be contact, demo or newsletter");
    }
    return answer(200, { rows: await leadReport(db, { by: query.by, since, types, now: at }) });
  });
};
