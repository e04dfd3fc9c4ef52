/**
 * Registers a staff endpoint from its definition in the contract (staff-api/): its schemas, its
 * guard, and the answers every handler would otherwise write for itself. A handler gets the
 * request's parts parsed and typed from the definition, and returns one of its answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import {
  type AnswerOf,
  type BodyOf,
  type EndpointSpec,
  type ParamsOf,
  type QueryOf,
} from "../../staff-api/endpoint";
import { refusal, zodRoute } from "../http/zod-schemas";
import { firstIssue, unavailable } from "./route-kit";
import type { StaffIdentity } from "./sign-in/sessions";

/** Thrown by a handler to refuse with a status of its endpoint and a message to show. */
export class Refused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "Refused";
  }
}

/**
 * One answer of a handler: `return answer(201, {message: "Note added"})`. A function, so that the
 * status stays the literal its endpoint lists (a property would widen to number).
 */
export function answer<const S extends number, B>(status: S, body: B): { status: S; body: B } {
  return { status, body };
}

/** The signed-in member of staff (the guard ran), or none for an endpoint of signing in. */
type StaffOf<E extends EndpointSpec> = E extends { signedIn: false } ? null : StaffIdentity;

export interface HandlerInput<E extends EndpointSpec> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  staff: StaffOf<E>;
  request: FastifyRequest;
  /** For an answer that is not JSON (a CSV stream, a 204): return what it sends. */
  reply: FastifyReply;
}

export type Handler<E extends EndpointSpec> = (
  input: HandlerInput<E>,
) => Promise<AnswerOf<E> | FastifyReply>;

export interface ContractRouteOptions {
  /** What the 503's log line names ("lead inbox request failed"). */
  what: string;
  /**
   * Parse every JSON answer with its schema before it is sent, failing with a 500 when it does
   * not match (tests): Fastify's serializer would silently drop a field the schema lacks.
   */
  checkAnswers?: boolean;
  /**
   * The server's own schema of the body when it checks more than the contract can: the
   * contract's fields and rules plus a check only the server runs (a newsletter's Markdown must
   * render in time). Its input must be the contract's body.
   */
  body?: z.ZodMiniType;
  /** Bytes the body may take when an endpoint needs more than the app's limit (a draft). */
  bodyLimit?: number;
  /**
   * What a refused request is told, when not its first issue as "field: message" (the sign-in
   * steps have their own words).
   */
  badRequest?: (refused: z.core.$ZodError) => string;
}

/**
 * Registers `spec` on `app`, guarded by its roles (by nothing when it says `signedIn: false`). A
 * refused params answers 404 when the endpoint says so (`notFound`), any other refused part 400
 * `{error: "field: message"}` (or `badRequest`'s words); a handler's `Refused` its status and
 * message; any other thrown error, a database away, 503 with Retry-After.
 */
export function contractRoute<E extends EndpointSpec>(
  app: FastifyInstance,
  spec: E,
  handler: Handler<E>,
  { what, checkAnswers = false, body, bodyLimit, badRequest }: ContractRouteOptions,
) {
  app.route({
    method: spec.method,
    url: spec.path,
    ...zodRoute({
      params: spec.params,
      querystring: spec.query,
      body: body ?? spec.body,
      response: spec.answers,
    }),
    ...(bodyLimit !== undefined ? { bodyLimit } : {}),
    ...(spec.signedIn === false ? {} : { preHandler: app.requireStaff(...(spec.roles ?? [])) }),
    handler: async (request, reply) => {
      const refused = refusal(request);
      if (refused) {
        const part = (refused as { validationContext?: string }).validationContext;
        if (spec.notFound !== undefined && part === "params") {
          return reply.code(404).send({ error: spec.notFound });
        }
        return reply
          .code(400)
          .send({ error: badRequest ? badRequest(refused) : firstIssue(request) });
      }
      let result: AnswerOf<E> | FastifyReply;
      try {
        // Fastify types the parts as unknown; zodRoute's validator replaced each with what the
        // definition's schema returned, so they are its output.
        result = await handler({
          params: request.params as ParamsOf<E>,
          query: request.query as QueryOf<E>,
          body: request.body as BodyOf<E>,
          staff: request.staff as StaffOf<E>,
          request,
          reply,
        });
      } catch (error) {
        if (error instanceof Refused)
          return reply.code(error.status).send({ error: error.message });
        return unavailable(request, reply, error, what);
      }
      if ((result as unknown) === reply) return reply;
      const { status, body } = result as { status: number; body: unknown };
      if (checkAnswers) checkAnswer(spec, status, body);
      return reply.code(status).send(body);
    },
  });
}

/** Throws when `body` is not exactly what the endpoint's schema of `status` says. */
export function checkAnswer(spec: EndpointSpec, status: number, body: unknown) {
  const schema = spec.answers[status];
  if (!schema) throw new Error(`${spec.method} ${spec.path} has no answer ${status}`);
  const result = z.safeParse(schema, body);
  if (!result.success) {
    throw new Error(
      `${spec.method} ${spec.path} answered ${status} off its contract: ${z.prettifyError(result.error)}`,
    );
  }
}
