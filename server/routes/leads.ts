import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ContactSchema } from "../../leads/contact";
import { DEMO_PAGES, DemoRequestSchema } from "../../leads/demo";
import { fieldErrors } from "../../leads/fields";
import { NewsletterSchema } from "../../leads/newsletter";
import type { Config } from "../config";
import { safeError } from "../log-safety";
import type { DB } from "../db/database";
import { RequestKeyReusedError, saveContact, saveDemoRequest, subscribe } from "../db/leads";
import type { OutboxWorker } from "../mail/outbox";
import { newsletterLinks } from "./newsletter";
import { contactNotification, demoNotification, newsletterConfirmation } from "../mail/templates";

export interface LeadRoutesOptions {
  db: DB;
  outbox: OutboxWorker;
  config: Pick<Config, "publicUrl" | "salesEmail" | "rateLimit">;
}

interface Schema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly import("zod/mini").core.$ZodIssue[] } };
}

const FORM_TYPE = "application/x-www-form-urlencoded";
type FormFields = Record<string, string>;

export function isFormPost(request: FastifyRequest): boolean {
  return String(request.headers["content-type"] ?? "")
    .toLowerCase()
    .startsWith(FORM_TYPE);
}

/**
 * Before a page's JavaScript has started (a slow phone) or when it failed to load, a lead form
 * posts itself (method="post", action="/api/…"). The lead is handled the same way, and the answer
 * is a redirect to one of these small pages of the site, which says what happened.
 */
export const FORM_PAGES = {
  messageSent: "/form/message-sent",
  demoRequested: "/form/demo-requested",
  checkInbox: "/form/check-your-inbox",
  notSent: "/form/not-sent",
  tryAgainLater: "/form/try-again-later",
} as const;

export const INVALID_ERROR = "Some fields are missing or invalid";
export const KEY_REUSED_ERROR =
  "This Idempotency-Key was already used for a different submission. Send it with a new key.";
export const UNAVAILABLE_ERROR =
  "We could not save your details just now. Please try again in a few minutes.";

/**
 * POST /api/subscribe, /api/contact and /api/demo. Each validates with the form's own schema
 * (unknown fields dropped, lengths capped), stores the lead with its notification in one
 * transaction, and only then answers 2xx. A filled honeypot gets the same 2xx and nothing
 * happens.
 */
export const leadRoutes: FastifyPluginAsync<LeadRoutesOptions> = async (
  app,
  { db, outbox, config },
) => {
  // Per client (IP) and per endpoint; RATE_LIMIT_MAX=0 switches it off (benchmarks).
  const rateLimit: { rateLimit?: { max: number; timeWindow: number } } =
    config.rateLimit.max > 0
      ? { rateLimit: { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs } }
      : {};

  // The forms post JSON once the page's JavaScript runs, and post themselves as
  // application/x-www-form-urlencoded before that; anything else is refused before it is parsed.
  app.addHook("onRequest", async (request, reply) => {
    const type = String(request.headers["content-type"] ?? "")
      .split(";")[0]
      ?.trim()
      .toLowerCase();
    if (request.method === "POST" && type !== "application/json" && type !== FORM_TYPE) {
      return reply.code(415).send({ error: "Send the form as application/json" });
    }
  });
  app.addContentTypeParser(FORM_TYPE, { parseAs: "string" }, (_request, body, done) => {
    // One value per name (the first), as the forms have no repeated fields.
    const fields: FormFields = Object.create(null);
    for (const [name, value] of new URLSearchParams(body as string)) fields[name] ??= value;
    done(null, fields);
  });

  function post<T extends { website?: string }>(
    path: string,
    schema: Schema<T>,
    status: number,
    form: { fromFields: (fields: FormFields) => unknown; sentPage: string },
    store: (data: T, request: FastifyRequest) => Promise<unknown>,
  ) {
    app.post(path, { config: rateLimit }, async (request, reply: FastifyReply) => {
      // A form the browser posted itself gets a page that says what happened, not JSON.
      const posted = isFormPost(request);
      const answer = (json: { code: number; body: unknown }, page: string) =>
        posted ? reply.redirect(page, 303) : reply.code(json.code).send(json.body);

      const body = posted ? form.fromFields(request.body as FormFields) : request.body;
      const parsed = schema.safeParse(body ?? {});
      if (!parsed.success) {
        const invalid = { error: INVALID_ERROR, fields: fieldErrors(parsed.error) };
        return answer({ code: 400, body: invalid }, FORM_PAGES.notSent);
      }
      const ok = { code: status, body: { message: "Thank you" } };
      if (parsed.data.website) {
        request.log.info({ route: path }, "honeypot filled, lead ignored");
        return answer(ok, form.sentPage);
      }
      try {
        await store(parsed.data, request);
      } catch (error) {
        if (error instanceof RequestKeyReusedError) {
          // IETF's Idempotency-Key draft: a key reused for a different request is 422.
          return answer({ code: 422, body: { error: KEY_REUSED_ERROR } }, FORM_PAGES.notSent);
        }
        request.log.error({ err: safeError(error), route: path }, "could not store lead");
        reply.header("retry-after", "60");
        return answer({ code: 503, body: { error: UNAVAILABLE_ERROR } }, FORM_PAGES.tryAgainLater);
      }
      outbox.wake();
      return answer(ok, form.sentPage);
    });
  }

  post(
    "/api/subscribe",
    NewsletterSchema,
    202,
    {
      fromFields: (f) => ({ email: f.email, website: f.website }),
      sentPage: FORM_PAGES.checkInbox,
    },
    (data, request) =>
      subscribe(db, data.email, sourceOf(request), (tokens) =>
        newsletterConfirmation(data.email, newsletterLinks(config.publicUrl, tokens)),
      ),
  );

  post(
    "/api/contact",
    ContactSchema,
    201,
    {
      // A checked checkbox posts "on"; an unchecked one posts nothing.
      fromFields: ({ agreeToPolicy, ...f }) => ({ ...f, agreeToPolicy: agreeToPolicy === "on" }),
      sentPage: FORM_PAGES.messageSent,
    },
    (data, request) =>
      saveContact(
        db,
        data,
        (receivedAt) => contactNotification(data, receivedAt, config.salesEmail),
        requestKeyOf(request),
      ),
  );

  post(
    "/api/demo",
    DemoRequestSchema,
    201,
    {
      fromFields: ({ product, website, ...formData }) => ({ product, formData, website }),
      sentPage: FORM_PAGES.demoRequested,
    },
    (data, request) => {
      const page = DEMO_PAGES[data.product];
      return saveDemoRequest(
        db,
        data,
        page,
        (receivedAt) => demoNotification(data, page, receivedAt, config.salesEmail),
        requestKeyOf(request),
      );
    },
  );
};

/** The browser's Idempotency-Key for this submission, when it is a sane one. */
function requestKeyOf(request: FastifyRequest): string | null {
  const key = request.headers["idempotency-key"];
  return typeof key === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(key) ? key : null;
}

/** The page a sign-up came from, from the Referer path (marketing wants to know). */
function sourceOf(request: FastifyRequest): string {
  try {
    return new URL(String(request.headers.referer)).pathname.slice(0, 200);
  } catch {
    return "unknown";
  }
}

export type { FastifyInstance };
