import type { FastifyPluginAsync } from "fastify";
import { MAIL_TEMPLATES, mailDomainApi, mailTemplatesApi } from "../../staff-api/mail";
import { answer, routesOn } from "../http/contract-routes";
import type { StaffRoutesOptions } from "../staff-api-routes";
import { checkSendingDomain } from "./domain/domain-checks";
import { renderSample } from "./emails/samples";

/**
 * For admins: the sending domain's DNS check and the preview of every kind of e-mail, as
 * staff-api/mail.ts defines them; neither reads personal data.
 */
export const mailRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, config, checkAnswers } = options;
  const route = routesOn(app, { checkAnswers });

  route(mailDomainApi.check, "sending-domain check", async () => {
    const checks = await checkSendingDomain({
      mailFrom: config.mailFrom,
      deliverability: config.deliverability,
      publicUrl: config.publicUrl,
    });
    return answer(200, { checks });
  });

  // Not audited: the samples are invented (emails/samples.ts), so reading them reads nobody's data.
  route(mailTemplatesApi.list, "mail templates", async () =>
    answer(200, { items: MAIL_TEMPLATES.map(({ kind, name }) => ({ kind, name })) }),
  );

  // Rendered as the real e-mail is, and then only answered: nothing is sent or queued.
  route(mailTemplatesApi.get, "mail template preview", async ({ params }) => {
    const rendered = await renderSample(params.kind, { db, publicUrl: config.publicUrl });
    return answer(200, { kind: params.kind, ...rendered });
  });
};
