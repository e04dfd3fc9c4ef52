import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { newsletterLinkPaths } from "../../common/paths";
import type { Transaction } from "kysely";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import { zodRoute } from "../http/zod-schemas";
import type { OutboxWorker } from "../mail/outbox";
import { enqueueMail } from "../mail/outbox";
import { newsletterMail } from "../mail/templates";
import { type Campaign, listCampaigns, readCampaign } from "../newsletter/campaign-reports";
import { changeCampaign, retryFailedCopies, sendCampaign } from "../newsletter/campaign-sending";
import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TEST_KIND,
  type Refusal,
  createCampaign,
  updateCampaign,
} from "../newsletter/campaigns";
import { NewsletterContentSchema, renderNewsletter } from "../newsletter/content";
import { TOO_MANY } from "./answers";
import { type AuditAction, recordAudit } from "./audit";
import { DRAFT_BODY_LIMIT, NEWSLETTER_ROLES } from "./newsletter-routes";
import { staffApiPaths } from "./paths";
import { countHit } from "./rate-limit";
import {
  Failed,
  RECORD_REFUSALS,
  REFUSALS,
  auditActorOf,
  firstIssue,
  instant,
  isoDate,
  unavailable,
} from "./route-kit";
import type { StaffIdentity } from "./sessions";

/** Test copies a member of staff may send themselves in an hour. */
const TEST_COPIES = { max: 10, windowMs: 60 * 60_000 };

const Status = z.enum(CAMPAIGN_STATUSES);
const Summary = {
  id: z.string(),
  subject: z.string(),
  status: Status,
  scheduledAt: z.nullable(z.string()),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.nullable(z.string()),
  recipients: z.number(),
  sent: z.number(),
  failed: z.number(),
};
const CampaignList = z.object({ items: z.array(z.object(Summary)) });
const CampaignAnswer = z.object({
  ...Summary,
  markdown: z.string(),
  waiting: z.number(),
  unsubscribedSince: z.number(),
  audience: z.number(),
  html: z.string(),
  text: z.string(),
});
const Created = z.object({ id: z.string() });
const Accepted = z.object({ message: z.string() });
const StatusAnswer = z.object({ status: Status });
const Retried = z.object({ status: Status, retried: z.number() });
const SendBody = z.optional(z.object({ at: z.optional(z.nullable(isoDate())) }));
const NoBody = z.optional(z.object({}));
const CHANGE_REFUSALS = { ...RECORD_REFUSALS, 409: Failed };

const CAMPAIGN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_CAMPAIGN = { error: "There is no such campaign." };

/** Why a campaign in `status` cannot do what was asked, in the words of the console. */
const CONFLICTS: Record<string, string> = {
  draft: "This campaign is a draft.",
  scheduled: "This campaign is scheduled; cancel it or send it now.",
  sending: "This campaign is being sent.",
  paused: "This campaign is paused; resume or cancel it.",
  sent: "This campaign has been sent.",
  cancelled: "This campaign was cancelled.",
};

function refuse(reply: FastifyReply, refusal: Refusal) {
  return refusal.refused === "missing"
    ? reply.code(404).send(NO_CAMPAIGN)
    : reply.code(409).send({ error: CONFLICTS[refusal.status] ?? "Not possible now." });
}

const answer = (campaign: Campaign) => ({ ...campaign, ...renderNewsletter(campaign) });

/**
 * Newsletter campaigns under /api/staff/campaigns, for marketing and admins: write and change a
 * draft, preview it (GET gives its HTML and text), send a test copy to oneself, send now or at a
 * set time, pause, resume, cancel, and read its report. Every change is audited with the change.
 */
export const campaignRoutes: FastifyPluginAsync<{
  db: DB;
  outbox: OutboxWorker;
  publicUrl: string;
  now: () => Date;
}> = async (app, { db, outbox, publicUrl, now }) => {
  const guard = app.requireStaff(...NEWSLETTER_ROLES);

  /** The campaign id of the address, or null after answering 404. */
  function campaignId(request: FastifyRequest, reply: FastifyReply): string | null {
    const { id } = request.params as { id: string };
    if (CAMPAIGN_ID.test(id)) return id;
    void reply.code(404).send(NO_CAMPAIGN);
    return null;
  }

  /** The campaign id of the address with a valid body, or null after answering 404 or 400. */
  function checked(request: FastifyRequest, reply: FastifyReply): string | null {
    const id = campaignId(request, reply);
    if (!id) return null;
    const invalid = firstIssue(request);
    if (!invalid) return id;
    void reply.code(400).send({ error: invalid });
    return null;
  }

  /** A change and its audit entry in one transaction; the entry only if the change was made. */
  function changeAudited<R extends object>(
    request: FastifyRequest,
    id: string,
    make: (trx: Transaction<Database>) => Promise<R | Refusal>,
    entry: (result: R) => [AuditAction, Record<string, unknown>] | null,
  ): Promise<R | Refusal> {
    return db.transaction().execute(async (trx) => {
      const result = await make(trx);
      if ("refused" in result) return result;
      const made = entry(result);
      if (made) await audit(trx, request, made[0], id, made[1]);
      return result;
    });
  }

  function change(request: FastifyRequest) {
    return { accountId: (request.staff as StaffIdentity).accountId, at: now().toISOString() };
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

  app.get(
    staffApiPaths.campaigns,
    { ...zodRoute({ response: { 200: CampaignList, ...REFUSALS } }), preHandler: guard },
    async (request, reply) => {
      try {
        return { items: await listCampaigns(db) };
      } catch (error) {
        return unavailable(request, reply, error, "campaign list");
      }
    },
  );

  app.post(
    staffApiPaths.campaigns,
    {
      ...zodRoute({ body: NewsletterContentSchema, response: { 201: Created, ...REFUSALS } }),
      bodyLimit: DRAFT_BODY_LIMIT,
      preHandler: guard,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const content = request.body as z.output<typeof NewsletterContentSchema>;
      try {
        const id = await db.transaction().execute(async (trx) => {
          const id = await createCampaign(trx, content, change(request));
          await audit(trx, request, "campaign.created", id, { subject: content.subject });
          return id;
        });
        return reply.code(201).send({ id });
      } catch (error) {
        return unavailable(request, reply, error, "campaign creation");
      }
    },
  );

  app.get(
    staffApiPaths.campaign,
    { ...zodRoute({ response: { 200: CampaignAnswer, ...RECORD_REFUSALS } }), preHandler: guard },
    async (request, reply) => {
      const id = campaignId(request, reply);
      if (!id) return reply;
      try {
        const campaign = await readCampaign(db, id);
        return campaign ? answer(campaign) : reply.code(404).send(NO_CAMPAIGN);
      } catch (error) {
        return unavailable(request, reply, error, "campaign");
      }
    },
  );

  app.patch(
    staffApiPaths.campaign,
    {
      ...zodRoute({
        body: NewsletterContentSchema,
        response: { 200: CampaignAnswer, ...CHANGE_REFUSALS },
      }),
      bodyLimit: DRAFT_BODY_LIMIT,
      preHandler: guard,
    },
    async (request, reply) => {
      const id = checked(request, reply);
      if (!id) return reply;
      const content = request.body as z.output<typeof NewsletterContentSchema>;
      try {
        const result = await changeAudited(
          request,
          id,
          async (trx) => (await updateCampaign(trx, id, content, change(request))) ?? {},
          () => ["campaign.edited", { subject: content.subject }],
        );
        if ("refused" in result) return refuse(reply, result);
        return answer((await readCampaign(db, id)) as Campaign);
      } catch (error) {
        return unavailable(request, reply, error, "campaign change");
      }
    },
  );

  app.post(
    staffApiPaths.campaignTest,
    {
      ...zodRoute({ body: NoBody, response: { 202: Accepted, ...RECORD_REFUSALS, 429: Failed } }),
      preHandler: guard,
    },
    async (request, reply) => {
      const id = checked(request, reply);
      if (!id) return reply;
      const staff = request.staff as StaffIdentity;
      try {
        const campaign = await readCampaign(db, id);
        if (!campaign) return reply.code(404).send(NO_CAMPAIGN);
        const hit = await countHit(db, `campaign-test:${staff.accountId}`, TEST_COPIES, now());
        if (!hit.allowed) {
          return reply
            .header("retry-after", String(hit.retryAfterSeconds))
            .code(429)
            .send(TOO_MANY);
        }
        const rendered = renderNewsletter(campaign);
        // Like a subscriber's copy, but its unsubscribe link leads to the page without a token
        // (it unsubscribes nobody) and it carries no one-click header.
        const page = `${publicUrl}${newsletterLinkPaths.unsubscribe}`;
        const message = {
          ...newsletterMail(
            staff.email,
            { ...rendered, subject: `[Test] ${rendered.subject}` },
            { unsubscribeUrl: page, oneClickUnsubscribeUrl: page },
          ),
          headers: {},
        };
        await db.transaction().execute(async (trx) => {
          await enqueueMail(trx, {
            kind: CAMPAIGN_TEST_KIND,
            leadId: staff.accountId,
            message,
            now: now().toISOString(),
          });
          await audit(trx, request, "campaign.test-sent", id);
        });
        outbox.wake();
        return reply.code(202).send({ message: `A test copy is on its way to ${staff.email}.` });
      } catch (error) {
        return unavailable(request, reply, error, "campaign test");
      }
    },
  );

  app.post(
    staffApiPaths.campaignSend,
    {
      ...zodRoute({ body: SendBody, response: { 202: StatusAnswer, ...CHANGE_REFUSALS } }),
      preHandler: guard,
    },
    async (request, reply) => {
      const id = checked(request, reply);
      if (!id) return reply;
      const at = (request.body as z.output<typeof SendBody>)?.at;
      const when = at ? instant(at, false) : null;
      if (at && !when) return reply.code(400).send({ error: "at: is not a valid date" });
      try {
        if (!when) {
          const campaign = await readCampaign(db, id);
          if (!campaign) return reply.code(404).send(NO_CAMPAIGN);
          if (campaign.audience === 0 && CAMPAIGN_ACTIONS.send.includes(campaign.status as never)) {
            return reply
              .code(409)
              .send({ error: "There are no confirmed subscribers to send it to yet." });
          }
        }
        const result = await changeAudited(
          request,
          id,
          (trx) => sendCampaign(trx, id, when ? new Date(when) : undefined, change(request)),
          ({ status }) =>
            status === "scheduled" ? ["campaign.scheduled", { at: when }] : ["campaign.sent", {}],
        );
        if ("refused" in result) return refuse(reply, result);
        outbox.wake();
        return reply.code(202).send(result);
      } catch (error) {
        return unavailable(request, reply, error, "campaign send");
      }
    },
  );

  app.post(
    staffApiPaths.campaignRetry,
    {
      ...zodRoute({ body: NoBody, response: { 200: Retried, ...CHANGE_REFUSALS } }),
      preHandler: guard,
    },
    async (request, reply) => {
      const id = checked(request, reply);
      if (!id) return reply;
      try {
        const result = await changeAudited(
          request,
          id,
          (trx) => retryFailedCopies(trx, id, change(request)),
          ({ retried }) => (retried > 0 ? ["campaign.retried", { copies: retried }] : null),
        );
        if ("refused" in result) return refuse(reply, result);
        if (result.retried === 0) {
          return reply.code(409).send({ error: "No copy of this campaign has failed." });
        }
        outbox.wake();
        return result;
      } catch (error) {
        return unavailable(request, reply, error, "campaign retry");
      }
    },
  );

  const actions = [
    ["pause", staffApiPaths.campaignPause, "campaign.paused"],
    ["resume", staffApiPaths.campaignResume, "campaign.resumed"],
    ["cancel", staffApiPaths.campaignCancel, "campaign.cancelled"],
  ] as const;
  for (const [action, path, auditAction] of actions) {
    app.post(
      path,
      {
        ...zodRoute({ body: NoBody, response: { 200: StatusAnswer, ...CHANGE_REFUSALS } }),
        preHandler: guard,
      },
      async (request, reply) => {
        const id = checked(request, reply);
        if (!id) return reply;
        try {
          const result = await changeAudited(
            request,
            id,
            (trx) => changeCampaign(trx, id, action, change(request)),
            () => [auditAction, {}],
          );
          if ("refused" in result) return refuse(reply, result);
          if (action === "resume") outbox.wake();
          return result;
        } catch (error) {
          return unavailable(request, reply, error, `campaign ${action}`);
        }
      },
    );
  }
};
