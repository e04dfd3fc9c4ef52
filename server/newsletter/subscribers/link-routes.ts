import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { apiPaths, newsletterLinkPaths, newsletterStatusPaths } from "../../../common/paths";
import type { Alerts } from "../../alerts/alerts";
import type { DB } from "../../db/database";
import { confirmSubscription, unsubscribe } from "./lifecycle";
import { acceptFormPosts } from "../../http/form-posts";
import { refusal, zodRoute } from "../../http/zod-schemas";
import { safeError } from "../../privacy/log-safety";
import type { OutboxWorker } from "../../mail/outbox";
import { unsubscribeLinks } from "../links";
import { readWelcome, welcomeMail } from "../welcome";

/** Every link carries one token; anything else in the query string is ignored. */
const TokenQuery = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_-]+$/)),
});
type TokenRequest = FastifyRequest<{ Querystring: z.output<typeof TokenQuery> }>;

/**
 * Both the button's form and mail clients' one-click post a form body ("List-Unsubscribe=
 * One-Click", or nothing but the button), or no body; only the token in the query string counts.
 */
const IgnoredBody = z.unknown();
const Unsubscribed = z.object({ unsubscribed: z.literal(true) });
const Failed = z.object({ error: z.string() });

/**
 * The links of the double opt-in and unsubscribe e-mails. Mail security scanners open every link
 * in a message, so opening one must change nothing: a link opens a page whose button posts the
 * token, and only that post acts, then redirects to a page that says what happened. A bad token
 * is answered by the handler too (a page, or 400 for one-click), not by Fastify's 400.
 *
 * Links in e-mails sent before this went straight to /api/newsletter/…; those still lead to the
 * same pages. POST to /api/newsletter/unsubscribe is RFC 8058's one-click unsubscribe, which mail
 * clients send from the List-Unsubscribe header: it acts at once.
 */
export const newsletterRoutes: FastifyPluginAsync<{
  db: DB;
  outbox: OutboxWorker;
  /** The webhooks that announce a confirmation or an unsubscription (server/alerts/). */
  alerts: Alerts;
  /** The site's origin, for the links in the welcome e-mail. */
  publicUrl: string;
}> = async (app, { db, outbox, alerts, publicUrl }) => {
  // The body is ignored, so it has no reason to be large.
  acceptFormPosts(app, { bodyLimit: 1024 });
  const opened = zodRoute({ querystring: TokenQuery });
  const pressed = zodRoute({ querystring: TokenQuery, body: IgnoredBody });

  // Old links: show the page with the button, acting on nothing.
  for (const action of ["confirm", "unsubscribe"] as const) {
    app.get(`/api${newsletterLinkPaths[action]}`, opened, async (request: TokenRequest, reply) =>
      reply.redirect(
        refusal(request)
          ? newsletterStatusPaths.invalid
          : `${newsletterLinkPaths[action]}?token=${encodeURIComponent(request.query.token)}`,
        303,
      ),
    );
  }

  app.post(newsletterLinkPaths.confirm, pressed, async (request: TokenRequest, reply) => {
    if (refusal(request)) return reply.redirect(newsletterStatusPaths.invalid, 303);
    try {
      const result = await confirmSubscription(db, request.query.token, {
        alerts: (change) => alerts.forSubscriber("subscriber.confirmed", change),
        replacedAlerts: (change) => alerts.forSubscriber("subscriber.unsubscribed", change),
        welcome: async (trx, subscriber) =>
          welcomeMail(
            subscriber.email,
            await readWelcome(trx),
            unsubscribeLinks(publicUrl, subscriber.unsubscribeToken),
            { db: trx, publicUrl },
          ),
      });
      outbox.wake();
      return reply.redirect(
        result === "confirmed" ? newsletterStatusPaths.confirmed : newsletterStatusPaths.invalid,
        303,
      );
    } catch (error) {
      request.log.error({ err: safeError(error) }, "newsletter confirmation failed");
      return reply.redirect(newsletterStatusPaths.unavailable, 303);
    }
  });

  const handleUnsubscribe = (oneClick: boolean) =>
    async function (request: TokenRequest, reply: FastifyReply) {
      if (refusal(request)) {
        return oneClick
          ? reply.code(400).send({ error: "Invalid link" })
          : reply.redirect(newsletterStatusPaths.invalid, 303);
      }
      try {
        // An unknown token is a success too: nobody receives mail under it, and a person whose
        // data was erased (`leads -- forget`) still gets a truthful answer from an old e-mail.
        await unsubscribe(db, request.query.token, (change) =>
          alerts.forSubscriber("subscriber.unsubscribed", change),
        );
        outbox.wake();
        if (oneClick) return reply.code(200).send({ unsubscribed: true });
        return reply.redirect(newsletterStatusPaths.unsubscribed, 303);
      } catch (error) {
        request.log.error({ err: safeError(error) }, "newsletter unsubscribe failed");
        return oneClick
          ? reply.code(503).send({ error: "Please try again later" })
          : reply.redirect(newsletterStatusPaths.unavailable, 303);
      }
    };

  app.post(newsletterLinkPaths.unsubscribe, pressed, handleUnsubscribe(false));
  app.post(
    apiPaths.oneClickUnsubscribe,
    zodRoute({
      querystring: TokenQuery,
      body: IgnoredBody,
      response: { 200: Unsubscribed, 400: Failed, 503: Failed },
    }),
    handleUnsubscribe(true),
  );
};
