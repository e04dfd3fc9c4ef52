import type { FastifyPluginAsync } from "fastify";
import { normalizeEmail } from "../../../leads/email";
import { NO_SUPPRESSION, suppressionsApi } from "../../../staff-api/mail";
import { recordAudit } from "../../audit/audit";
import { answer, routesOn } from "../../http/contract-routes";
import { auditActorOf, auditFilters, auditedRead, pageKept, pageOf } from "../../http/route-kit";
import type { StaffRoutesOptions } from "../../staff-api-routes";
import { addManualSuppression, liftSuppression, listSuppressions } from "./suppression-list";

/** A reason as the refusal of a second entry names it. */
const REASON_WORDS = {
  "hard-bounce": "its mailbox does not exist",
  "soft-bounce": "it bounced three times",
  complaint: "they marked the newsletter as spam",
  manual: "added by hand",
} as const;

/** Why an entry stays, by its reason. */
const KEPT_BECAUSE = {
  "hard-bounce":
    "This address bounced for good: the mailbox does not exist. Mailing it again harms how providers treat all our mail, so it stays on the list.",
  complaint:
    "This person marked the newsletter as spam. They stay on the list; only they can sign up again, on the site.",
} as const;

/**
 * The suppression list in the console (marketing, admins), as staff-api/mail.ts defines it: each
 * page read recorded in the audit log (the search as its length only), each entry added by hand
 * and each lift recorded with the entry's id, reason and date, never the address.
 */
export const suppressionRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, now, checkAnswers } = options;
  const route = routesOn(app, { checkAnswers });

  route(suppressionsApi.list, "suppression list", async ({ query, request }) => {
    const page = pageOf(query);
    const body = await auditedRead(
      db,
      { request, action: "suppression.list", at: now() },
      (trx) => listSuppressions(trx, query.q, page),
      () => ({ filters: auditFilters(query, { q: "length" }), page: pageKept(page) }),
    );
    return answer(200, body);
  });

  route(suppressionsApi.add, "suppression add", async ({ body, request, refuse }) => {
    const outcome = await addManualSuppression(
      db,
      { email: normalizeEmail(body.email), note: body.note, at: now().toISOString() },
      (trx, id) =>
        recordAudit(trx, {
          action: "suppression.added",
          at: now().toISOString(),
          actor: auditActorOf(request),
          record: { type: "mail_suppression", id },
          detail: { reason: "manual" },
        }),
    );
    if ("exists" in outcome) {
      throw refuse(409, `This address is on the list already (${REASON_WORDS[outcome.exists]}).`);
    }
    return answer(201, outcome.added);
  });

  route(suppressionsApi.lift, "suppression lift", async ({ params, request, reply, refuse }) => {
    const at = now().toISOString();
    const outcome = await liftSuppression(db, params.id, (trx, lifted) =>
      recordAudit(trx, {
        action: "suppression.lifted",
        at,
        actor: auditActorOf(request),
        record: { type: "mail_suppression", id: params.id },
        detail: { reason: lifted.reason, since: lifted.at },
      }),
    );
    if (!outcome) throw refuse(404, NO_SUPPRESSION);
    if ("refused" in outcome) {
      throw refuse(
        409,
        outcome.refused === "hard-bounce" || outcome.refused === "complaint"
          ? KEPT_BECAUSE[outcome.refused]
          : "This entry cannot be lifted.",
      );
    }
    return reply.code(204).send();
  });
};
