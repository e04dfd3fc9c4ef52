import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { DB } from "../db/database";
import { safeError } from "../log-safety";
import { confirmSubscription, unsubscribe } from "../db/leads";
import type { NewsletterLinks } from "../mail/templates";

/** Pages of the site that say what happened to a newsletter link. */
export const NEWSLETTER_PAGES = {
  confirmed: "/newsletter/confirmed",
  unsubscribed: "/newsletter/unsubscribed",
  invalid: "/newsletter/link-not-valid",
  unavailable: "/newsletter/try-again-later",
} as const;

/**
 * The pages the links in newsletter e-mails open. Each shows one button; only pressing it (a POST
 * to the page's own address, token in the query string) confirms or unsubscribes.
 */
export const NEWSLETTER_LINK_PAGES = {
  confirm: "/newsletter/confirm",
  unsubscribe: "/newsletter/unsubscribe",
} as const;

/** RFC 8058's one-click unsubscribe, posted by mail clients from the List-Unsubscribe header. */
const ONE_CLICK_UNSUBSCRIBE = "/api/newsletter/unsubscribe";

/** The links of a subscriber's e-mails, for their two tokens. */
export function newsletterLinks(
  publicUrl: string,
  { confirmToken, unsubscribeToken }: { confirmToken: string; unsubscribeToken: string },
): NewsletterLinks {
  return {
    confirmUrl: `${publicUrl}${NEWSLETTER_LINK_PAGES.confirm}?token=${confirmToken}`,
    unsubscribeUrl: `${publicUrl}${NEWSLETTER_LINK_PAGES.unsubscribe}?token=${unsubscribeToken}`,
    oneClickUnsubscribeUrl: `${publicUrl}${ONE_CLICK_UNSUBSCRIBE}?token=${unsubscribeToken}`,
  };
}

const TOKEN = {
  type: "string",
  minLength: 1,
  maxLength: 100,
  pattern: "^[A-Za-z0-9_-]+$",
} as const;

type TokenRequest = FastifyRequest<{ Querystring: { token: string } }>;

/**
 * The links of the double opt-in and unsubscribe e-mails. Mail security scanners open every link
 * in a message, so opening one must change nothing: a link opens a page whose button posts the
 * token, and only that post acts, then redirects to a page that says what happened.
 *
 * Links in e-mails sent before this went straight to /api/newsletter/…; those still lead to the
 * same pages. POST to /api/newsletter/unsubscribe is RFC 8058's one-click unsubscribe, which mail
 * clients send from the List-Unsubscribe header: it acts at once.
 */
export const newsletterRoutes: FastifyPluginAsync<{ db: DB }> = async (app, { db }) => {
  const schema = {
    querystring: { type: "object", properties: { token: TOKEN }, required: ["token"] },
  } as const;
  // A bad token is answered by the handler (a page, or 400 for one-click), not by Fastify's 400.
  const options = { schema, attachValidation: true };

  // Both the button's form and mail clients' one-click post a form body ("List-Unsubscribe=
  // One-Click", or nothing but the button); only the token in the query string counts.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  // Old links: show the page with the button, acting on nothing.
  for (const action of ["confirm", "unsubscribe"] as const) {
    app.get(`/api/newsletter/${action}`, options, async (request: TokenRequest, reply) =>
      reply.redirect(
        request.validationError
          ? NEWSLETTER_PAGES.invalid
          : `${NEWSLETTER_LINK_PAGES[action]}?token=${encodeURIComponent(request.query.token)}`,
        303,
      ),
    );
  }

  app.post(NEWSLETTER_LINK_PAGES.confirm, options, async (request: TokenRequest, reply) => {
    if (request.validationError) return reply.redirect(NEWSLETTER_PAGES.invalid, 303);
    try {
      const result = await confirmSubscription(db, request.query.token);
      return reply.redirect(
        result === "confirmed" ? NEWSLETTER_PAGES.confirmed : NEWSLETTER_PAGES.invalid,
        303,
      );
    } catch (error) {
      request.log.error({ err: safeError(error) }, "newsletter confirmation failed");
      return reply.redirect(NEWSLETTER_PAGES.unavailable, 303);
    }
  });

  const handleUnsubscribe = (oneClick: boolean) =>
    async function (request: TokenRequest, reply: FastifyReply) {
      if (request.validationError) {
        return oneClick
          ? reply.code(400).send({ error: "Invalid link" })
          : reply.redirect(NEWSLETTER_PAGES.invalid, 303);
      }
      try {
        // An unknown token is a success too: nobody receives mail under it, and a person whose
        // data was erased (`leads -- forget`) still gets a truthful answer from an old e-mail.
        await unsubscribe(db, request.query.token);
        if (oneClick) return reply.code(200).send({ unsubscribed: true });
        return reply.redirect(NEWSLETTER_PAGES.unsubscribed, 303);
      } catch (error) {
        request.log.error({ err: safeError(error) }, "newsletter unsubscribe failed");
        return oneClick
          ? reply.code(503).send({ error: "Please try again later" })
          : reply.redirect(NEWSLETTER_PAGES.unavailable, 303);
      }
    };

  app.post(NEWSLETTER_LINK_PAGES.unsubscribe, options, handleUnsubscribe(false));
  app.post(ONE_CLICK_UNSUBSCRIBE, options, handleUnsubscribe(true));
};
