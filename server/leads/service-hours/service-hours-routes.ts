import type { FastifyPluginAsync } from "fastify";
import { serviceHoursApi, WEEKDAYS } from "../../../staff-api/service-hours";
import { recordAudit } from "../../audit/audit";
import { answer, routesOn, versionMatches } from "../../http/contract-routes";
import { auditActorOf } from "../../http/route-kit";
import type { StaffRoutesOptions } from "../../staff-api-routes";
import { readServiceHours, replaceServiceHours } from "./service-hours-store";

/**
 * The service hours under /api/staff/service-hours, as staff-api/service-hours.ts defines them,
 * for admins: read them with their version (ETag), and replace them, of the version read (412
 * with them as they now are when another admin saved since). A save is audited; a read is not,
 * as the hours hold nobody's personal data. Registered inside staffRoutes.
 */
export const serviceHoursRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (
  app,
  { db, now, checkAnswers },
) => {
  const route = routesOn(app, { checkAnswers });

  route(serviceHoursApi.get, "service hours", async () => {
    const { hours, version } = await readServiceHours(db);
    return answer(200, hours, version);
  });

  route(serviceHoursApi.save, "service hours", async ({ body, ifMatch, request }) => {
    const at = now().toISOString();
    const actor = auditActorOf(request);
    const hours = { ...body, holidays: body.holidays.map((h) => ({ ...h, name: h.name.trim() })) };
    const saved = await db.transaction().execute(async (trx) => {
      const isCurrent = (version: string) => versionMatches(ifMatch, version);
      const replaced = await replaceServiceHours(trx, hours, {
        accountId: actor.id,
        at,
        isCurrent,
      });
      if (replaced) {
        await recordAudit(trx, {
          action: "service-hours.changed",
          at,
          actor,
          detail: {
            workingDays: WEEKDAYS.filter((day) => hours.days[day]).length,
            holidays: hours.holidays.length,
            targets: hours.targets,
          },
        });
      }
      return { replaced, ...(await readServiceHours(trx)) };
    });
    return answer(saved.replaced ? 200 : 412, saved.hours, saved.version);
  });
};
