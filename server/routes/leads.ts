import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ContactSchema } from "../../leads/contact";
import { DEMO_PAGES, DemoRequestSchema } from "../../leads/demo";
import { fieldErrors } from "../../leads/fields";
import { NewsletterSchema } from "../../leads/newsletter";
import type { Config } from "../config";
import { safeError } from "../log-safety";
import type { DB } from "../db/database";
import { saveContact, saveDemoRequest, subscribe } from "../db/leads";
import type { OutboxWorker } from "../mail/outbox";
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

export const INVALID_ERROR = "Some fields are missing or invalid";
export const UNAVAILABLE_ERROR =
  "We could not save your details just now. Please try again in a few minutes.";

/**
 * POST /api/subscribe, /api/contact and /api/demo. Each validates with the form's own schema
 * (unknown fields dropped, lengths capped), stores the lead with its notification in one
 * transaction, and only then answers 2xx (D2, D9). A filled honeypot gets the same 2xx and
 * nothing happens (D11).
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

  // The forms post JSON; anything else is refused before it is parsed.
  app.addHook("onRequest", async (request, reply) => {
    const type = String(request.headers["content-type"] ?? "")
      .split(";")[0]
      ?.trim()
      .toLowerCase();
    if (request.method === "POST" && type !== "application/json") {
      return reply.code(415).send({ error: "Send the form as application/json" });
    }
  });

  function post<T extends { website?: string }>(
    path: string,
    schema: Schema<T>,
    status: number,
    store: (data: T, request: FastifyRequest) => Promise<unknown>,
  ) {
    app.post(path, { config: rateLimit }, async (request, reply: FastifyReply) => {
      const parsed = schema.safeParse(request.body ?? {});
      if (!parsed.success) {
        return reply.code(400).send({ error: INVALID_ERROR, fields: fieldErrors(parsed.error) });
      }
      const ok = { message: "Thank you" };
      if (parsed.data.website) {
        request.log.info({ route: path }, "honeypot filled, lead ignored");
        return reply.code(status).send(ok);
      }
      try {
        await store(parsed.data, request);
      } catch (error) {
        request.log.error({ err: safeError(error), route: path }, "could not store lead");
        return reply.code(503).header("retry-after", "60").send({ error: UNAVAILABLE_ERROR });
      }
      outbox.wake();
      return reply.code(status).send(ok);
    });
  }

  post("/api/subscribe", NewsletterSchema, 202, (data, request) =>
    subscribe(db, data.email, sourceOf(request), ({ confirmToken, unsubscribeToken }) =>
      newsletterConfirmation(
        data.email,
        `${config.publicUrl}/api/newsletter/confirm?token=${confirmToken}`,
        `${config.publicUrl}/api/newsletter/unsubscribe?token=${unsubscribeToken}`,
      ),
    ),
  );

  post("/api/contact", ContactSchema, 201, (data, request) =>
    saveContact(
      db,
      data,
      (receivedAt) => contactNotification(data, receivedAt, config.salesEmail),
      requestKeyOf(request),
    ),
  );

  post("/api/demo", DemoRequestSchema, 201, (data, request) => {
    const page = DEMO_PAGES[data.product];
    return saveDemoRequest(
      db,
      data,
      page,
      (receivedAt) => demoNotification(data, page, receivedAt, config.salesEmail),
      requestKeyOf(request),
    );
  });
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
