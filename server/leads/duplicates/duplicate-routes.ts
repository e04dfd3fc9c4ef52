import type { FastifyPluginAsync } from "fastify";
import { NO_SUCH_LEAD, leadsApi } from "../../../staff-api/leads";
import { answer, routesOn, versionMatches } from "../../http/contract-routes";
import type { StaffRoutesOptions } from "../../staff-api-routes";
import { markDistinct } from "./distinct";
import { DuplicateRefused, mergeLead } from "./merge";

/**
 * `POST /api/staff/leads/:id/merge` and `/distinct` (staff-api/leads.ts `leadsApi.merge`,
 * `leadsApi.distinct`): a lead merged into another that is the same customer's, as of the version
 * read (428 without If-Match, 412 with the lead as it now is), and two leads told apart.
 * Registered inside staffRoutes, whose hooks (no-store, JSON-only writes) apply.
 */
export const duplicateRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const route = routesOn(app, { checkAnswers: options.checkAnswers });
  const actorOf = (staff: { accountId: string; email: string }) => ({
    accountId: staff.accountId,
    email: staff.email,
  });

  route(leadsApi.merge, "lead merge", async ({ params, body, staff, ifMatch, refuse }) => {
    try {
      const isCurrent = (version: string) => versionMatches(ifMatch, version);
      const merged = await mergeLead(db, params.id, body.into, actorOf(staff), now(), isCurrent);
      if (!merged) throw refuse(404, NO_SUCH_LEAD);
      return answer(merged.stale ? 412 : 200, merged.lead, merged.version);
    } catch (error) {
      if (error instanceof DuplicateRefused) throw refuse(error.status, error.message);
      throw error;
    }
  });

  route(leadsApi.distinct, "lead told apart", async ({ params, body, staff, refuse }) => {
    try {
      const found = await markDistinct(db, params.id, body.from, actorOf(staff), now());
      if (!found) throw refuse(404, NO_SUCH_LEAD);
      return answer(200, {
        message: "Marked as different customers: neither lead lists the other any more.",
      });
    } catch (error) {
      // Telling leads apart refuses only a lead that is none, or the same one.
      if (error instanceof DuplicateRefused) {
        throw refuse(error.status === 404 ? 404 : 400, error.message);
      }
      throw error;
    }
  });
};
