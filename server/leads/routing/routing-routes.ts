import type { FastifyPluginAsync } from "fastify";
import { routingApi } from "../../../staff-api/routing";
import { answer, routesOn, versionMatches } from "../../http/contract-routes";
import { auditActorOf } from "../../http/route-kit";
import type { StaffRoutesOptions } from "../../staff-api-routes";
import { NotAnOwnerError, readRules, saveRules } from "./rules";

/**
 * The lead routing rules under /api/staff/routing, as staff-api/routing.ts defines them, for
 * admins: read (with their version as the ETag), and replaced as a whole on the version read
 * (412 with the rules as they now are when another admin saved since). A save is audited; a read
 * names colleagues only, like the team list, and is not.
 */
export const routingRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (
  app,
  { db, now, checkAnswers },
) => {
  const route = routesOn(app, { checkAnswers });

  route(routingApi.get, "lead routing request", async () => {
    const { rules, version } = await readRules(db);
    return answer(200, { rules }, version);
  });

  route(routingApi.update, "lead routing change", async ({ body, ifMatch, request, refuse }) => {
    try {
      const isCurrent = (version: string) => versionMatches(ifMatch, version);
      const saved = await saveRules(db, body.rules, auditActorOf(request), now(), isCurrent);
      return answer(saved.stale ? 412 : 200, { rules: saved.rules }, saved.version);
    } catch (error) {
      if (error instanceof NotAnOwnerError) throw refuse(400, error.message);
      throw error;
    }
  });
};
