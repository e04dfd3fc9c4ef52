import type { FastifyPluginAsync } from "fastify";
import { normalizeEmail } from "../../../leads/email";
import {
  MAIL_TEMPLATES,
  NO_SUPPRESSION,
  mailDomainApi,
  mailTemplatesApi,
  suppressionsApi,
} from "../../../staff-api/mail";
import { recordAudit } from "../audit";
import { answer, routesOn } from "../contract-routes";
import { auditActorOf, auditFilters, auditedRead, pageKept, pageOf } from "../route-kit";
import type { StaffRoutesOptions } from "../routes";
import { checkSendingDomain } from "./domain-checks";
import { renderSample } from "./mail-samples";
import { addManualSuppression, liftSuppression, listSuppressions } from "./suppressions";

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
 * What comes back from subscriber mail, for the console, as staff-api/mail.ts defines it: the
 * suppression list (marketing, admins), each page read recorded in the audit log (the search as
 * its length only) and each lift recorded with the entry's id, reason and date, never the address;
 * and for admins the sending domain's DNS check and the preview of every kind of e-mail, which
 * read no personal data.
 */
export const mailRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, now, config, checkAnswers } = options;
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

  route(mailDomainApi.check, "sending-domain check", async () => {
    const checks = await checkSendingDomain({
      mailFrom: config.mailFrom,
      deliverability: config.deliverability,
      publicUrl: config.publicUrl,
    });
    return answer(200, { checks });
  });

  // Not audited: the samples are invented (mail-samples.ts), so reading them reads nobody's data.
  route(mailTemplatesApi.list, "mail templates", async () =>
    answer(200, { items: MAIL_TEMPLATES.map(({ kind, name }) => ({ kind, name })) }),
  );

  // Rendered as the real e-mail is, and then only answered: nothing is sent or queued.
  route(mailTemplatesApi.get, "mail template preview", async ({ params }) => {
    const rendered = await renderSample(params.kind, { db, publicUrl: config.publicUrl });
    return answer(200, { kind: params.kind, ...rendered });
  });
};
