import { createHash, timingSafeEqual } from "node:crypto";
import type {
  FastifyContextConfig,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from "fastify";
import * as z from "zod/mini";
import { apiPaths } from "../../../../common/paths";
import type { Config } from "../../../config";
import type { DB } from "../../../db/database";
import { refusal, zodRoute } from "../../../http/zod-schemas";
import { safeError } from "../../../privacy/log-safety";
import { recordAnswer } from "../../../leads/replies/inbound-reply";
import {
  PostmarkInbound,
  answeredLeads,
  postmarkAnswer,
} from "../../../leads/replies/postmark-inbound";
import { type ReturnEffects, type ReturnedMail, recordReturnedMails } from "../returns";
import { INBOUND_SIZE_LIMIT } from "./listener";
import { PostmarkEvent, postmarkReturn } from "./postmark-events";
import { sesReturns } from "./ses-events";
import {
  SnsMessage,
  type SnsVerifier,
  confirmSnsSubscription,
  snsSubscribeUrl,
  snsVerifier,
  verifySnsMessage,
} from "./sns-messages";

export interface ProviderRouteOptions {
  db: DB;
  config: Pick<Config, "deliverability" | "rateLimit">;
  /** What a return sets off (mail/deliveries.ts): a complainant's alerts, the brake's. */
  effects: ReturnEffects;
  /** Tests give a verifier that knows their certificate, and watch what would be fetched. */
  sns?: { verifier?: SnsVerifier; confirm?: (url: URL) => Promise<void> };
  now?: () => Date;
}

const Recorded = z.object({ recorded: z.number() });
const Failed = z.object({ error: z.string() });
const sesAnswers = { 200: Recorded, 400: Failed, 403: Failed, 404: Failed, 503: Failed };
const postmarkAnswers = { 200: Recorded, 400: Failed, 401: Failed, 404: Failed, 503: Failed };

/**
 * Providers post events in bursts from a handful of addresses (a campaign's bounces arrive
 * together), so their limit per client is well above the forms'; RATE_LIMIT_MAX=0 still turns
 * it off.
 */
const PROVIDER_RATE = { max: 600, timeWindow: 60_000 };
/** SNS's largest message is 256 KB; its envelope and Postmark's events fit with room to spare. */
const BODY_LIMIT = 320 * 1024;

const NOT_FOUND = { error: "Not Found" };

/**
 * The mail providers' webhooks for bounces and complaints (docs/mail-deliverability.md,
 * "Provider webhooks"): Amazon SES through SNS, its signature verified and its topic one of
 * SES_SNS_TOPIC_ARNS; Postmark with basic auth. Each event becomes ReturnedMail, recorded once.
 * And Postmark's inbound webhook, with the same credentials: a customer's answer to sales, to
 * the leads its reply+ recipients name (server/leads/replies/postmark-inbound.ts). A route whose
 * provider is not configured answers 404, as if it did not exist.
 */
export const providerRoutes: FastifyPluginAsync<ProviderRouteOptions> = async (app, options) => {
  const { db, config, effects } = options;
  const { inbound, sesTopicArns, postmark } = config.deliverability;
  const verifier = options.sns?.verifier ?? snsVerifier();
  const confirm = options.sns?.confirm ?? confirmSnsSubscription;
  const now = options.now ?? (() => new Date());
  const rateLimit: FastifyContextConfig =
    config.rateLimit.max > 0 ? { rateLimit: PROVIDER_RATE } : {};

  /** Records each return; 503 (the provider retries) when the database cannot take them. */
  async function record(request: FastifyRequest, reply: FastifyReply, returns: ReturnedMail[]) {
    try {
      await recordReturnedMails(db, returns, effects);
    } catch (error) {
      request.log.error({ err: safeError(error) }, "provider event not stored");
      return reply.code(503).send({ error: "Cannot store the event now; try again later" });
    }
    return reply.code(200).send({ recorded: returns.length });
  }

  app.post(
    apiPaths.mailEventsSes,
    {
      // SNS posts JSON labelled text/plain; both labels are read.
      ...zodRoute({
        body: z.union([z.string(), z.record(z.string(), z.unknown())]),
        response: sesAnswers,
      }),
      bodyLimit: BODY_LIMIT,
      config: rateLimit,
      // After the rate limit (an onRequest hook), before the body is read.
      preParsing: async (_request, reply) => {
        if (!sesTopicArns) return reply.code(404).send(NOT_FOUND);
      },
    },
    async (request, reply) => {
      const payload = refusal(request) ? undefined : readJson(request.body);
      const parsed = payload && z.safeParse(SnsMessage, payload);
      if (!payload || !parsed?.success)
        return reply.code(400).send({ error: "Not an Amazon SNS message" });
      const verdict = await verifySnsMessage(verifier, payload);
      if (verdict === "unchecked")
        return reply.code(503).send({ error: "Cannot check the signature now; try again later" });
      if (verdict === "forged")
        return reply.code(403).send({ error: "The signature does not verify" });
      const message = parsed.data;
      if (!sesTopicArns?.includes(message.TopicArn))
        return reply.code(403).send({ error: "Not one of the configured SNS topics" });
      if (message.Type === "SubscriptionConfirmation") {
        const url = snsSubscribeUrl(message);
        if (!url) return reply.code(400).send({ error: "The SubscribeURL is not Amazon SNS's" });
        try {
          await confirm(url);
        } catch (error) {
          request.log.warn({ err: safeError(error) }, "SNS subscription not confirmed");
          return reply.code(503).send({ error: "Cannot confirm the subscription now" });
        }
        request.log.info({ topic: message.TopicArn }, "SNS subscription confirmed");
        return reply.code(200).send({ recorded: 0 });
      }
      if (message.Type === "UnsubscribeConfirmation") return reply.code(200).send({ recorded: 0 });
      return record(request, reply, sesReturns(message.Message, message.MessageId, inbound, now()));
    },
  );

  /** Postmark's credentials, checked after the rate limit (an onRequest hook), before the body is read. */
  const postmarkCredentials = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!postmark) return reply.code(404).send(NOT_FOUND);
    if (!basicAuthMatches(request.headers.authorization, postmark)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Basic realm="mail events", charset="UTF-8"')
        .send({ error: "Wrong or missing credentials" });
    }
  };

  app.post(
    apiPaths.mailEventsPostmark,
    {
      ...zodRoute({ body: PostmarkEvent, response: postmarkAnswers }),
      bodyLimit: BODY_LIMIT,
      config: rateLimit,
      preParsing: postmarkCredentials,
    },
    async (request, reply) => {
      if (refusal(request)) return reply.code(400).send({ error: "Not a Postmark event" });
      const event = request.body as PostmarkEvent;
      const mail = postmarkReturn(event, inbound, now());
      return record(request, reply, mail ? [mail] : []);
    },
  );

  app.post(
    apiPaths.mailInboundPostmark,
    {
      ...zodRoute({ body: PostmarkInbound, response: postmarkAnswers }),
      // As large a message as the inbound listener takes.
      bodyLimit: INBOUND_SIZE_LIMIT,
      config: rateLimit,
      // Without the inbound domain no reply+ address exists for an answer to come back to.
      preParsing: async (request, reply) =>
        inbound ? postmarkCredentials(request, reply) : reply.code(404).send(NOT_FOUND),
    },
    async (request, reply) => {
      if (refusal(request))
        return reply.code(400).send({ error: "Not a Postmark inbound message" });
      const message = request.body as PostmarkInbound;
      // Forged or unknown addresses name no lead: 200 all the same, or Postmark would retry.
      const leads = answeredLeads(message, inbound);
      if (!leads.length) return reply.code(200).send({ recorded: 0 });
      try {
        const answer = await postmarkAnswer(message);
        const recorded = await recordAnswer(db, answer, leads, now(), request.log);
        return reply.code(200).send({ recorded });
      } catch (error) {
        request.log.error({ err: safeError(error) }, "answer to a reply not stored");
        return reply.code(503).send({ error: "Cannot store the answer now; try again later" });
      }
    },
  );
};

/** The body as an object: SNS's text/plain is JSON text; undefined when it is not. */
function readJson(body: unknown): object | undefined {
  if (typeof body !== "string") return body as object;
  try {
    const json: unknown = JSON.parse(body);
    return json && typeof json === "object" && !Array.isArray(json) ? json : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether an Authorization header carries these basic-auth credentials. Both sides are hashed
 * first, so the comparison takes the same time whatever their lengths and contents.
 */
export function basicAuthMatches(
  header: string | undefined,
  expected: { user: string; password: string },
): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  const given = match ? Buffer.from(match[1] as string, "base64").toString("utf8") : "";
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(`${expected.user}:${expected.password}`));
}
