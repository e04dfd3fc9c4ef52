import type { FastifyPluginAsync } from "fastify";
import { ONE_KEY, SEVERAL_PEOPLE, peopleApi } from "../../staff-api/people";
import { phoneE164 } from "../../leads/phone";
import { Refused, answer, routesOn } from "../http/contract-routes";
import { auditActorOf } from "../http/route-kit";
import type { StaffRoutesOptions } from "../staff-api-routes";
import { exportHtml } from "./export-html";
import { type PersonKey, exportPerson } from "./person-export";

/**
 * GET /api/staff/people/export, for admins: an access request's answer (person-export.ts), as a
 * JSON file or as a page to send (export-html.ts), both downloads. Audited as `person.exported`.
 * A phone number in the records of several people answers 409 with them instead (decision 0040).
 */
export const peopleRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (
  app,
  { db, now, checkAnswers },
) => {
  const route = routesOn(app, { checkAnswers });
  route(peopleApi.export, "access request export", async ({ query, request, reply }) => {
    const key = keyOf(query);
    const format = query.format ?? "json";
    const at = now();
    const lookedUp = await exportPerson(db, key, { actor: auditActorOf(request), at, format });
    if ("people" in lookedUp) {
      return answer(409, { error: SEVERAL_PEOPLE, people: lookedUp.people });
    }
    const { found } = lookedUp;
    // Named by the day, not the person: the file name shows in download lists and logs.
    const name = `access-request-${at.toISOString().slice(0, 10)}.${format}`;
    reply.header("content-disposition", `attachment; filename="${name}"`);
    if (format === "json") return answer(200, found);
    return reply
      .code(200)
      .header("content-type", "text/html; charset=utf-8")
      .send(exportHtml(found));
  });
};

/** A phone key in which leads/phone.ts finds no number: too few or too many digits, or words. */
const PHONE_UNREADABLE =
  "phone: This is not a phone number we can read. Give all its digits, with the country code " +
  "for a number outside Ghana (+44 20 7946 0958).";

/**
 * The key the request names: an address; or a phone number (leads/phone.ts reads it), narrowed
 * to one person's leads when an address comes with it.
 */
function keyOf(query: { email?: string; phone?: string }): PersonKey {
  const email = query.email?.trim() ? query.email : undefined;
  const phone = query.phone?.trim() ? query.phone : undefined;
  if (phone === undefined) {
    if (email === undefined) throw new Refused(400, ONE_KEY);
    return { by: "email", value: email };
  }
  if (!phoneE164(phone)) throw new Refused(400, PHONE_UNREADABLE);
  return email === undefined ? { by: "phone", value: phone } : { by: "phone", value: phone, email };
}
