import type { FastifyPluginAsync } from "fastify";
import * as z from "zod/mini";
import { filterText } from "../../leads/fields";
import type { DB } from "../db/database";
import { zodRoute } from "../http/zod-schemas";
import { staffApiPaths } from "./paths";
import { REPORT_DIMENSIONS, REPORT_LEAD_TYPES, type ReportLeadType, leadReport } from "./reports";
import { REFUSALS, firstIssue, instant, isoDate, unavailable } from "./route-kit";

/** Who may read the reports: marketing, whose they are, and admins. */
const REPORT_ROLES = ["marketing", "admin"] as const;
/** Without `since`, the last twelve weeks. */
const DEFAULT_WEEKS = 12;

const Query = z.object({
  by: z.enum(REPORT_DIMENSIONS),
  since: z.optional(isoDate()),
  /** Only these lead types, comma-separated (contact,demo,newsletter); all by default. */
  type: filterText(40),
});
const Report = z.object({
  rows: z.array(
    z.object({
      key: z.string(),
      count: z.number(),
      responded: z.optional(z.number()),
      averageFirstResponseMs: z.optional(z.nullable(z.number())),
    }),
  ),
});

/**
 * GET /api/staff/reports/leads?by=week|product|source|campaign&since=&type=: `{rows: [{key,
 * count}]}`, counts only (nothing personal, so nothing to audit). Registered inside staffRoutes.
 */
export const reportRoutes: FastifyPluginAsync<{ db: DB; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get(
    staffApiPaths.leadReport,
    {
      ...zodRoute({ querystring: Query, response: { 200: Report, ...REFUSALS } }),
      preHandler: app.requireStaff(...REPORT_ROLES),
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const query = request.query as z.output<typeof Query>;
      const at = now();
      const since = query.since
        ? instant(query.since, false)
        : new Date(at.getTime() - DEFAULT_WEEKS * 7 * 86_400_000).toISOString();
      if (!since) return reply.code(400).send({ error: "since is not a valid date" });
      if (since < new Date(at.getTime() - 5 * 366 * 86_400_000).toISOString()) {
        return reply.code(400).send({ error: "since must be within the last five years" });
      }
      const types = query.type ? query.type.split(",") : [...REPORT_LEAD_TYPES];
      if (
        !types.every((t): t is ReportLeadType =>
          (REPORT_LEAD_TYPES as readonly string[]).includes(t),
        )
      ) {
        return reply.code(400).send({ error: "type must be contact, demo or newsletter" });
      }
      try {
        return { rows: await leadReport(db, { by: query.by, since, types, now: at }) };
      } catch (error) {
        return unavailable(request, reply, error, "lead report");
      }
    },
  );
};
