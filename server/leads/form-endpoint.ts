import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { fieldErrors } from "../../leads/field-errors";
import { type FormEndpoint, sentStatusOf } from "../../leads/form-endpoint";
import { formStatusPaths } from "../../common/paths";
import type { Config } from "../config";
import { RequestKeyReusedError } from "./store";
import { type FormFields, answer, isFormPost, onlyJsonOrForms } from "../http/form-posts";
import { refusal, zodRoute } from "../http/zod-schemas";
import { safeError } from "../privacy/log-safety";
import type { OutboxWorker } from "../mail/outbox";
import type { PageRenderer } from "../static/page-renderer";

/** The rules of a lead form; every one has the `website` honeypot. */
type LeadSchema = z.ZodMiniType<{ website?: string | undefined }>;

/** What makes one lead endpoint different from the others. */
export interface LeadEndpoint<Schema extends LeadSchema> {
  /**
   * The form's endpoint (leads/): its address, its rules (the ones the browser checks before
   * sending) and its answers, 201 Created or 202 Accepted when an e-mail must confirm the lead.
   */
  endpoint: FormEndpoint<Schema>;
  /** A form posted without JavaScript sends flat text fields: this gives them the JSON shape. */
  fromForm: (fields: FormFields) => unknown;
  /** The page such a form lands on once its lead is stored (from formStatusPaths). */
  sentPage: string;
  /** The page the form is on, from what it posted: it comes back there when refused. */
  formPage: (fields: FormFields) => string | undefined;
  /** Stores the lead with its notification in one transaction. */
  store: (lead: z.output<Schema>, request: FastifyRequest) => Promise<unknown>;
}

const INVALID_ERROR = "Some fields are missing or invalid";
const HTML = "text/html; charset=utf-8";

/** What the browser posted itself, as posted, before it is given the JSON body's shape. */
const postedFields = new WeakMap<FastifyRequest, FormFields>();
const KEY_REUSED_ERROR =
  "This Idempotency-Key was already used for a different submission. Send it with a new key.";
const UNAVAILABLE_ERROR =
  "We could not save your details just now. Please try again in a few minutes.";

/**
 * Registers POST `endpoint.path`: validates with the form's own schema (unknown fields dropped,
 * lengths capped), stores the lead with its notification in one transaction, and only then
 * answers 2xx. A filled honeypot gets the same answer, and nothing is stored or sent. A form the
 * browser posted itself gets a page instead of JSON, whatever happened (see http/form-posts.ts):
 * refused, its own page again with what was typed and what to fix (`pages`), else a page that
 * says what happened.
 */
export function addLeadEndpoint<Schema extends LeadSchema>(
  app: FastifyInstance,
  { endpoint, fromForm, sentPage, formPage, store }: LeadEndpoint<Schema>,
  {
    outbox,
    rateLimit,
    pages,
  }: { outbox: OutboxWorker; rateLimit: Config["rateLimit"]; pages?: PageRenderer },
): void {
  const { path } = endpoint;
  const status = sentStatusOf(endpoint);
  const routeSchemas = zodRoute({ body: endpoint.body, response: endpoint.answers });
  app.route({
    method: endpoint.method,
    url: path,
    ...routeSchemas,
    // Per client and per endpoint; RATE_LIMIT_MAX=0 switches it off (benchmarks).
    config:
      rateLimit.max > 0
        ? { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs } }
        : {},
    onRequest: onlyJsonOrForms,
    // A posted form is given the JSON body's shape before the schema checks it.
    preValidation: async (request) => {
      if (!isFormPost(request)) return;
      postedFields.set(request, request.body as FormFields);
      request.body = fromForm(request.body as FormFields);
    },
    handler: async (request, reply) => {
      const invalid = refusal(request);
      if (invalid) {
        const fields = fieldErrors(invalid);
        const posted = postedFields.get(request);
        const page = posted && (await refusedFormPage(request, posted, fields));
        if (page) {
          return reply
            .code(400)
            .type(HTML)
            .header("content-security-policy", page.csp)
            .header("cache-control", "no-store")
            .send(page.html);
        }
        const body = { error: INVALID_ERROR, fields };
        return answer(request, reply, { status: 400, body }, formStatusPaths.notSent);
      }
      const lead = request.body as z.output<Schema>;
      const sent = { status, body: { message: "Thank you" } };
      if (lead.website) {
        request.log.info({ route: path }, "honeypot filled, lead ignored");
        return answer(request, reply, sent, sentPage);
      }
      try {
        await store(lead, request);
      } catch (error) {
        if (error instanceof RequestKeyReusedError) {
          // IETF's Idempotency-Key draft: a key reused for a different request is 422.
          const reused = { status: 422, body: { error: KEY_REUSED_ERROR } };
          return answer(request, reply, reused, formStatusPaths.notSent);
        }
        request.log.error({ err: safeError(error), route: path }, "could not store lead");
        reply.header("retry-after", "60");
        const unavailable = { status: 503, body: { error: UNAVAILABLE_ERROR } };
        return answer(request, reply, unavailable, formStatusPaths.tryAgainLater);
      }
      outbox.wake();
      return answer(request, reply, sent, sentPage);
    },
  });

  /**
   * The form's own page again, for a form posted without JavaScript and refused: what was typed
   * (never the honeypot), the summary and each field's message. None when no page can be
   * rendered; then the generic page says what happened.
   */
  async function refusedFormPage(
    request: FastifyRequest,
    { website: _honeypot, ...values }: FormFields,
    errors: Record<string, string>,
  ) {
    const pagePath = formPage(values);
    if (!pages || !pagePath) return undefined;
    try {
      return await pages.refusedForm(pagePath, { action: path, values, errors });
    } catch (error) {
      request.log.error({ err: safeError(error), route: path }, "could not render the form's page");
      return undefined;
    }
  }
}
