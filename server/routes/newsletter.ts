import type { FastifyPluginAsync } from "fastify";
import type { DB } from "../db/database";
import { safeError } from "../log-safety";
import { confirmSubscription, unsubscribe } from "../db/leads";

/** Where the links in newsletter e-mails land (small pages of the site). */
export const NEWSLETTER_PAGES = {
  confirmed: "/newsletter/confirmed",
  unsubscribed: "/newsletter/unsubscribed",
  invalid: "/newsletter/link-not-valid",
  unavailable: "/newsletter/try-again-later",
} as const;

const TOKEN = {
  type: "string",
  minLength: 1,
  maxLength: 100,
  pattern: "^[A-Za-z0-9_-]+$",
} as const;

/**
 * The links of the double opt-in and unsubscribe e-mails (D10). Each acts, then redirects to a
 * page of the site that says what happened. POST to the unsubscribe URL is RFC 8058's one-click
 * unsubscribe, which mail clients send from the List-Unsubscribe header.
 */
export const newsletterRoutes: FastifyPluginAsync<{ db: DB }> = async (app, { db }) => {
  const querystring = {
    type: "object",
    properties: { token: TOKEN },
    required: ["token"],
  } as const;

  app.get<{ Querystring: { token: string } }>(
    "/api/newsletter/confirm",
    { schema: { querystring }, attachValidation: true },
    async (request, reply) => {
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
    },
  );

  const handleUnsubscribe = (oneClick: boolean) =>
    async function (
      this: unknown,
      request: import("fastify").FastifyRequest<{ Querystring: { token: string } }>,
      reply: import("fastify").FastifyReply,
    ) {
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

  app.get(
    "/api/newsletter/unsubscribe",
    { schema: { querystring }, attachValidation: true },
    handleUnsubscribe(false),
  );
  // Mail clients post "List-Unsubscribe=One-Click" as a form body; accept and ignore it.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );
  app.post(
    "/api/newsletter/unsubscribe",
    { schema: { querystring }, attachValidation: true },
    handleUnsubscribe(true),
  );
};
