import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Transaction } from "kysely";
import { NO_CAMPAIGN, campaignsApi } from "../../../staff-api/newsletter";
import type { Database } from "../../db/schema";
import { type Campaign, listCampaigns, readCampaign } from "./campaign-reports";
import { changeCampaign, retryFailedCopies, sendCampaign } from "./campaign-sending";
import {
  CAMPAIGN_ACTIONS,
  type Refusal,
  campaignIsCurrent,
  campaignVersion,
  createCampaign,
  updateCampaign,
} from "./campaigns";
import { renderNewsletter } from "../markdown/content";
import { type AuditAction, recordAudit } from "../../audit/audit";
import {
  type IfMatch,
  Refused,
  answer,
  routesOn,
  versionMatches,
} from "../../http/contract-routes";
import { DRAFT } from "../newsletter-routes";
import { recipientsExportRoutes } from "./recipients-route";
import { testCopies } from "./test-copies";
import { auditActorOf, instant } from "../../http/route-kit";
import type { StaffIdentity } from "../../staff/sign-in/sessions";
import type { StaffRoutesOptions } from "../../staff-api-routes";

/** The refusal of a schedule whose time has passed. */
const PAST_TIME = "That time has passed. Choose a time still to come, or send it now.";

/** Why a campaign in `status` cannot do what was asked, in the words of the console. */
const CONFLICTS: Record<string, string> = {
  draft: "This campaign is a draft.",
  scheduled: "This campaign is scheduled; cancel it or send it now.",
  sending: "This campaign is being sent.",
  paused: "This campaign is paused; resume or cancel it.",
  sent: "This campaign has been sent.",
  cancelled: "This campaign was cancelled.",
};

/** The refusal of a change as the answer it gets: 404, or 409 with why. */
function refused(refusal: Refusal): Refused {
  return refusal.refused === "missing"
    ? new Refused(404, NO_CAMPAIGN)
    : new Refused(409, CONFLICTS[refusal.status] ?? "Not possible now.");
}

/**
 * Newsletter campaigns under /api/staff/campaigns, as staff-api/newsletter.ts defines them, for
 * marketing and admins: write and change a draft, preview it (GET gives its HTML and text), send
 * a test copy to oneself or up to five addresses, send now or at a set time, pause, resume, cancel, and read its report.
 * Every change is audited with the change.
 */
export const campaignRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, outbox, config, now, checkAnswers } = options;
  const route = routesOn(app, { checkAnswers });
  // Where the media library's pictures in a campaign are read and served from.
  const library = { db, publicUrl: config.publicUrl };
  const sendTest = testCopies(options);
  // The rate goes with the campaign so the console can tell how long sending takes.
  const rendered = async (campaign: Campaign) => ({
    ...campaign,
    ...(await renderNewsletter(campaign, library)),
    sendPerMinute: config.newsletter.sendPerMinute,
  });

  /**
   * A change and its audit entry in one transaction; the entry only if the change was made. A
   * refused change throws its answer.
   */
  async function changeAudited<R extends object>(
    request: FastifyRequest,
    id: string,
    make: (trx: Transaction<Database>) => Promise<R | Refusal>,
    entry: (result: R) => [AuditAction, Record<string, unknown>] | null,
  ): Promise<R> {
    const result = await db.transaction().execute(async (trx) => {
      const result = await make(trx);
      if ("refused" in result) return result;
      const made = entry(result);
      if (made) await audit(trx, request, made[0], id, made[1]);
      return result;
    });
    if ("refused" in result) throw refused(result);
    return result;
  }

  function change(staff: StaffIdentity) {
    return { accountId: staff.accountId, at: now().toISOString() };
  }

  function audit(
    trx: Parameters<typeof recordAudit>[0],
    request: FastifyRequest,
    action: AuditAction,
    id: string,
    detail: Record<string, unknown> = {},
  ) {
    return recordAudit(trx, {
      action,
      at: now().toISOString(),
      actor: auditActorOf(request),
      record: { type: "campaign", id },
      detail,
    });
  }

  recipientsExportRoutes(app, options);

  route(campaignsApi.list, "campaign list", async () =>
    answer(200, { items: await listCampaigns(db) }),
  );

  route(
    campaignsApi.create,
    { what: "campaign creation", ...DRAFT },
    async ({ body: content, staff, request }) => {
      const id = await db.transaction().execute(async (trx) => {
        const id = await createCampaign(trx, content, change(staff));
        await audit(trx, request, "campaign.created", id, { subject: content.subject });
        return id;
      });
      return answer(201, { id });
    },
  );

  /** The campaign as it now is, with its version (its ETag), answered with `status`. */
  async function campaignAnswer<const S extends 200 | 412>(status: S, id: string) {
    const campaign = await readCampaign(db, id);
    if (!campaign) throw new Refused(404, NO_CAMPAIGN);
    return answer(status, await rendered(campaign), campaignVersion(campaign));
  }

  /**
   * `make`, in the change's transaction, when the campaign is still at a version `ifMatch` names;
   * `{stale: true}` (nothing changed, nothing audited) when a colleague changed it since.
   */
  const ifCurrent =
    <R extends object>(
      id: string,
      ifMatch: IfMatch,
      make: (trx: Transaction<Database>) => Promise<R | Refusal>,
    ) =>
    async (trx: Transaction<Database>): Promise<R | Refusal | { stale: true }> => {
      const current = await campaignIsCurrent(trx, id, (version) =>
        versionMatches(ifMatch, version),
      );
      if (current === "missing") return { refused: "missing" };
      return current ? make(trx) : { stale: true };
    };

  route(campaignsApi.get, "campaign", async ({ params }) => campaignAnswer(200, params.id));

  route(
    campaignsApi.update,
    { what: "campaign change", ...DRAFT },
    async ({ params: { id }, body: content, staff, request, ifMatch }) => {
      const made = await changeAudited(
        request,
        id,
        ifCurrent(
          id,
          ifMatch,
          async (trx) => (await updateCampaign(trx, id, content, change(staff))) ?? {},
        ),
        (result) => ("stale" in result ? null : ["campaign.edited", { subject: content.subject }]),
      );
      return campaignAnswer("stale" in made ? 412 : 200, id);
    },
  );

  route(campaignsApi.test, "campaign test", async ({ params: { id }, body, refuse, ...asker }) => {
    const campaign = await readCampaign(db, id);
    if (!campaign) throw refuse(404, NO_CAMPAIGN);
    return sendTest(asker, {
      to: body?.to,
      content: await renderNewsletter(campaign, library),
      audit: { action: "campaign.test-sent", record: { type: "campaign", id } },
    });
  });

  route(
    campaignsApi.send,
    "campaign send",
    async ({ params: { id }, body, staff, request, refuse, ifMatch }) => {
      const at = body?.at;
      const when = at ? instant(at, false) : null;
      if (at && !when) throw refuse(400, "at: is not a valid date");
      // A time gone by is a mistake (a wrong day, a wrong zone), never a way to send at once:
      // that is a send without `at`, which the console asks to confirm first.
      if (when && when <= now().toISOString()) throw refuse(400, PAST_TIME);
      if (!when) {
        const campaign = await readCampaign(db, id);
        if (!campaign) throw refuse(404, NO_CAMPAIGN);
        if (campaign.audience === 0 && CAMPAIGN_ACTIONS.send.includes(campaign.status as never)) {
          throw refuse(409, "There are no confirmed subscribers to send it to yet.");
        }
      }
      const result = await changeAudited(
        request,
        id,
        ifCurrent(id, ifMatch, (trx) =>
          sendCampaign(trx, id, when ? new Date(when) : undefined, change(staff)),
        ),
        (made) => {
          if ("stale" in made) return null;
          return made.status === "scheduled"
            ? ["campaign.scheduled", { at: when }]
            : ["campaign.sent", {}];
        },
      );
      if ("stale" in result) return campaignAnswer(412, id);
      outbox.wake();
      const sent = await readCampaign(db, id);
      return answer(202, result, sent ? campaignVersion(sent) : undefined);
    },
  );

  route(
    campaignsApi.retry,
    "campaign retry",
    async ({ params: { id }, staff, request, refuse }) => {
      const result = await changeAudited(
        request,
        id,
        (trx) => retryFailedCopies(trx, id, change(staff)),
        ({ retried }) => (retried > 0 ? ["campaign.retried", { copies: retried }] : null),
      );
      if (result.retried === 0) throw refuse(409, "No copy of this campaign has failed.");
      outbox.wake();
      return answer(200, result);
    },
  );

  const actions = [
    ["pause", campaignsApi.pause, "campaign.paused"],
    ["resume", campaignsApi.resume, "campaign.resumed"],
    ["cancel", campaignsApi.cancel, "campaign.cancelled"],
  ] as const;
  for (const [action, spec, auditAction] of actions) {
    route(spec, `campaign ${action}`, async ({ params: { id }, staff, request }) => {
      const result = await changeAudited(
        request,
        id,
        (trx) => changeCampaign(trx, id, action, change(staff)),
        () => [auditAction, {}],
      );
      if (action === "resume") outbox.wake();
      return answer(200, result);
    });
  }
};
