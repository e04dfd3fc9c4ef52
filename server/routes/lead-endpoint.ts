import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { fieldErrors } from "../../leads/field-errors";
import { formStatusPaths } from "../../common/paths";
import type { Config } from "../config";
import { RequestKeyReusedError } from "../db/leads";
import { type FormFields, answer, isFormPost, onlyJsonOrForms } from "../http/form-posts";
import { refusal, zodRoute } from "../http/zod-schemas";
import { safeError } from "../log-safety";
import type { OutboxWorker } from "../mail/outbox";

/** The rules of a lead form; every one has the `website` honeypot. */
type LeadSchema = z.ZodMiniType<{ website?: string | undefined }>;

/** What makes one lead endpoint different from the others. */
export interface LeadEndpoint<Schema extends LeadSchema> {
  /** From apiPaths. */
  path: string;
  /** The form's rules, the ones the browser checks before sending (leads/). */
  schema: Schema;
  /** The answer to a stored lead: 201 Created, or 202 Accepted when an e-mail must confirm it. */
  status: 201 | 202;
  /** A form posted without JavaScript sends flat text fields: this gives them the JSON shape. */
  fromForm: (fields: FormFields) => unknown;
  /** The page such a form lands on once its lead is stored (from formStatusPaths). */
  sentPage: string;
  /** Stores the lead with its notification in one transaction. */
  store: (lead: z.output<Schema>, request: FastifyRequest) => Promise<unknown>;
}

const INVALID_ERROR = "Some fields are missing or invalid";
const KEY_REUSED_ERROR =
  "This Idempotency-Key was already used for a different submission. Send it with a new key.";
const UNAVAILABLE_ERROR =
  "We could not save your details just now. Please try again in a few minutes.";

/** What a lead endpoint answers a script, by status. */
const answerSchemas = {
  sent: z.object({ message: z.string() }),
  // `fields` names each refused field with its message. Without it: a body that is not JSON.
  invalid: z.object({ error: z.string(), fields: z.optional(z.record(z.string(), z.string())) }),
  error: z.object({ error: z.string() }),
};

/**
 * Registers POST `endpoint.path`: validates with the form's own schema (unknown fields dropped,
 * lengths capped), stores the lead with its notification in one transaction, and only then
 * answers 2xx. A filled honeypot gets the same answer, and nothing is stored or sent. A form the
 * browser posted itself gets a page instead of JSON, whatever happened (see http/form-posts.ts).
 */
export function addLeadEndpoint<Schema extends LeadSchema>(
  app: FastifyInstance,
  endpoint: LeadEndpoint<Schema>,
  { outbox, rateLimit }: { outbox: OutboxWorker; rateLimit: Config["rateLimit"] },
): void {
  const { path, status, sentPage } = endpoint;
  const routeSchemas = zodRoute({
    body: endpoint.schema,
    response: {
      [status]: answerSchemas.sent,
      400: answerSchemas.invalid,
      422: answerSchemas.error,
      503: answerSchemas.error,
    },
  });
  app.post(
    path,
    {
      ...routeSchemas,
      // Per client and per endpoint; RATE_LIMIT_MAX=0 switches it off (benchmarks).
      config:
        rateLimit.max > 0
          ? { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs } }
          : {},
      onRequest: onlyJsonOrForms,
      // A posted form is given the JSON body's shape before the schema checks it.
      preValidation: async (request) => {
        if (isFormPost(request)) request.body = endpoint.fromForm(request.body as FormFields);
      },
    },
    async (request, reply) => {
      const invalid = refusal(request);
      if (invalid) {
        const body = { error: INVALID_ERROR, fields: fieldErrors(invalid) };
        return answer(request, reply, { status: 400, body }, formStatusPaths.notSent);
      }
      const lead = request.body as z.output<Schema>;
      const sent = { status, body: { message: "Thank you" } };
      if (lead.website) {
        request.log.info({ route: path }, "honeypot filled, lead ignored");
        return answer(request, reply, sent, sentPage);
      }
      try {
        await endpoint.store(lead, request);
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
  );
}
