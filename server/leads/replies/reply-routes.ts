import type { FastifyPluginAsync } from "fastify";
import { NO_SUCH_LEAD, leadsApi } from "../../../staff-api/leads";
import { answer, routesOn } from "../../http/contract-routes";
import type { StaffRoutesOptions } from "../../staff-api-routes";
import { sendReply } from "./send-reply";

/**
 * `POST /api/staff/leads/:id/replies` (staff-api/leads.ts `leadsApi.reply`): a reply e-mailed to
 * the lead, 202 once queued; 409 when the person may not be written to. Registered inside
 * staffRoutes, whose hooks (no-store, JSON-only writes) apply.
 */
export const replyRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, now, outbox, config } = options;
  const route = routesOn(app, { checkAnswers: options.checkAnswers });
  route(leadsApi.reply, "lead reply", async ({ params, body, staff, refuse }) => {
    const replier = { accountId: staff.accountId, email: staff.email, name: staff.name };
    const inbound = config.deliverability.inbound;
    const outcome = await sendReply(db, params.id, body.text, replier, now(), inbound);
    if (outcome === "no such lead") throw refuse(404, NO_SUCH_LEAD);
    if (outcome !== "sent") throw refuse(409, outcome.refused);
    outbox.wake();
    return answer(202, { message: "Reply queued: it goes out in a moment." });
  });
};
