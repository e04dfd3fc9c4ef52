/**
 * Registers a staff endpoint from its definition in the contract (staff-api/): its schemas, its
 * guard, and the answers every handler would otherwise write for itself. A handler gets the
 * request's parts parsed and typed from the definition, and returns one of its answers.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import {
  type AnswerOf,
  type BodyOf,
  type EndpointSpec,
  type NamesVersion,
  type ParamsOf,
  type QueryOf,
  type StatusOf,
} from "../../staff-api/endpoint";
import { refusal, zodRoute } from "./zod-schemas";
import { safeError } from "../privacy/log-safety";
import { firstIssue, unavailable } from "./route-kit";
import type { StaffIdentity } from "../staff/sign-in/sessions";

/**
 * A refusal with a status and a message to show. A handler makes one with its input's `refuse()`,
 * which takes only the statuses its endpoint declares; what the handlers share (reading a page's
 * cursor) throws one directly, with a status every endpoint that uses it declares. Either way the
 * route answers it only if its endpoint declares the status (see contractRoute).
 */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "Refused";
  }
}

/** The statuses `E` may refuse with: those it declares, but for its successes. */
export type RefusalOf<E extends EndpointSpec> = Exclude<StatusOf<E>, 200 | 201 | 202 | 204>;

/** Makes the refusal to throw: `throw refuse(404, "No such lead")`. */
export type Refuse<E extends EndpointSpec> = (status: RefusalOf<E>, message: string) => Refused;

const refuse = (status: number, message: string) => new Refused(status, message);

/** What the log says of a refusal its endpoint does not declare: a fault of ours, not the caller's. */
export const UNDECLARED_REFUSAL = "refused with a status its endpoint does not declare";

/**
 * One answer of a handler: `return answer(201, {message: "Note added"})`, with the record's
 * version for a versioned endpoint (`answer(200, lead, version)`, sent as its ETag). A function,
 * so that the status stays the literal its endpoint lists (a property would widen to number).
 */
export function answer<const S extends number, B>(
  status: S,
  body: B,
  version?: string,
): { status: S; body: B; version?: string } {
  return version === undefined ? { status, body } : { status, body, version };
}

/**
 * The versions a write's `If-Match` names (strong entity tags, unquoted; a weak one never
 * matches a write). HTTP's `*` ("any version") is not one: it would let a change skip the check
 * that it was made on the record as it now is, so it counts as no version at all (428).
 */
export type IfMatch = readonly string[];

/** Whether `version`, the record's as it now is, is one `ifMatch` names. */
export function versionMatches(ifMatch: IfMatch, version: string): boolean {
  return ifMatch.includes(version);
}

/**
 * The version of a record that keeps no counter of its own (a campaign, the welcome e-mail, a
 * subscriber, a staff account; decision 0068): a digest of the values a change must not be made
 * over, which its module lists in a fixed order. A change of any of them is a new version; a value
 * put back is the old version again, rightly, as the page that read it shows what is there.
 */
export function versionOfValues(values: readonly unknown[]): string {
  return createHash("sha256").update(JSON.stringify(values)).digest("base64url").slice(0, 22);
}

/** An `If-Match` header's versions; null when there is none, or only `*`. */
export function ifMatchOf(header: string | undefined): IfMatch | null {
  const text = header?.trim();
  if (!text || text === "*") return null;
  return text.split(",").flatMap((tag) => /^\s*"([^"]*)"\s*$/.exec(tag)?.slice(1) ?? []);
}

/** What the 428 says: a versioned write sent without the version it changes (or with `*`). */
export const VERSION_REQUIRED =
  "This change must name the version it was made on (If-Match). Reload the page and try again.";

/** The signed-in member of staff (the guard ran), or none for an endpoint of signing in. */
type StaffOf<E extends EndpointSpec> = E extends { signedIn: false } ? null : StaffIdentity;

export interface HandlerInput<E extends EndpointSpec> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  staff: StaffOf<E>;
  /** For a write of a versioned endpoint: the versions its If-Match names (it has one). */
  ifMatch: NamesVersion<E> extends true ? IfMatch : undefined;
  request: FastifyRequest;
  /** A refusal to throw, with one of the statuses the endpoint declares and a message to show. */
  refuse: Refuse<E>;
  /**
   * For an answer that is not JSON (a CSV stream, a page, a 204): return what it sends, the
   * reply (awaited, it gives undefined once the answer is out; contractRoute expects that).
   */
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
   * render in time). Its input must be the contract's body: it is parsed, asynchronously, once
   * the contract's schema has accepted the body, and refuses as the contract's does.
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
 * message when the endpoint declares that status; any other thrown error (a database away, or a
 * refusal with a status the endpoint does not declare, logged as the fault it is), 503 with
 * Retry-After. A write of a
 * `versioned` endpoint without If-Match answers 428; an answer with a version sends it as ETag.
 */
export function contractRoute<E extends EndpointSpec>(
  app: FastifyInstance,
  spec: E,
  handler: Handler<E>,
  { what, checkAnswers = false, body: serverBody, bodyLimit, badRequest }: ContractRouteOptions,
) {
  app.route({
    method: spec.method,
    url: spec.path,
    ...zodRoute({
      params: spec.params,
      querystring: spec.query,
      body: spec.body,
      response: spec.answers,
    }),
    ...(bodyLimit !== undefined ? { bodyLimit } : {}),
    ...(spec.signedIn === false ? {} : { preHandler: app.requireStaff(...(spec.roles ?? [])) }),
    handler: async (request, reply) => {
      let refused = refusal(request);
      if (!refused && serverBody) {
        try {
          // The server's own check, asynchronous (a newsletter's Markdown renders in a worker).
          const checked = await z.safeParseAsync(serverBody, request.body);
          if (checked.success) request.body = checked.data;
          else refused = checked.error;
        } catch (error) {
          return unavailable(request, reply, error, what);
        }
      }
      if (refused) {
        const part = (refused as { validationContext?: string }).validationContext;
        if (spec.notFound !== undefined && part === "params") {
          return reply.code(404).send({ error: spec.notFound });
        }
        return reply
          .code(400)
          .send({ error: badRequest ? badRequest(refused) : firstIssue(refused) });
      }
      const ifMatch = ifMatchOf(request.headers["if-match"]);
      const namesVersion = spec.versioned === true && spec.method !== "GET";
      if (namesVersion && ifMatch === null) {
        const required = { error: VERSION_REQUIRED };
        if (checkAnswers) checkAnswer(spec, 428, required);
        return reply.code(428).send(required);
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
          ifMatch: (namesVersion ? ifMatch : undefined) as HandlerInput<E>["ifMatch"],
          request,
          reply,
          refuse,
        });
      } catch (error) {
        // Failed while its answer was going out (a stream broke): too late for another answer.
        if (reply.raw.headersSent) {
          request.log.error({ err: safeError(error) }, `${what} failed while answering`);
          return reply;
        }
        if (error instanceof Refused) {
          if (spec.answers[error.status] !== undefined && error.status >= 400) {
            return reply.code(error.status).send({ error: error.message });
          }
          // A status the console was never told about is a fault of ours, not the caller's: it is
          // logged as one and answered as any other fault (503, which every endpoint declares).
          const bug = new Error(`${UNDECLARED_REFUSAL}: ${error.status}`);
          return unavailable(request, reply, bug, `${what} ${spec.method} ${spec.path}`);
        }
        return unavailable(request, reply, error, what);
      }
      // A handler that sent its answer itself returned the reply; but Fastify's reply is a
      // thenable, which the async handler's promise follows, so that promise gives undefined
      // once the answer has gone out (all of a download), not the reply.
      if ((result as unknown) === reply || result === undefined) {
        if (reply.sent || reply.raw.headersSent) return reply;
        return unavailable(request, reply, new Error("handler answered nothing"), what);
      }
      const { status, body, version } = result as {
        status: number;
        body: unknown;
        version?: string;
      };
      if (checkAnswers) checkAnswer(spec, status, body, version);
      if (version !== undefined) reply.header("etag", `"${version}"`);
      return reply.code(status).send(body);
    },
  });
}

/**
 * One plugin's routes: `route(endpoint, what, handler)` registers each on `app` as contractRoute()
 * does, with the options all of them share (`checkAnswers`). `what` is the name its failures are
 * logged under, or the route's own options with it. The handler comes last, so that a route reads
 * as its endpoint and name and then what it does.
 */
export function routesOn(app: FastifyInstance, shared: Omit<ContractRouteOptions, "what">) {
  return <E extends EndpointSpec>(
    spec: E,
    options: string | ContractRouteOptions,
    handler: Handler<E>,
  ) =>
    contractRoute(app, spec, handler, {
      ...shared,
      ...(typeof options === "string" ? { what: options } : options),
    });
}

/**
 * Throws when `body` is not exactly what the endpoint's schema of `status` says, or when a
 * versioned endpoint answers its record (a success, or 412) without the record's version.
 */
export function checkAnswer(spec: EndpointSpec, status: number, body: unknown, version?: string) {
  const schema = spec.answers[status];
  if (!schema) throw new Error(`${spec.method} ${spec.path} has no answer ${status}`);
  if (spec.versioned && (status < 300 || status === 412) && version === undefined) {
    throw new Error(`${spec.method} ${spec.path} answered ${status} without its version`);
  }
  const result = z.safeParse(schema, body);
  if (!result.success) {
    throw new Error(
      `${spec.method} ${spec.path} answered ${status} off its contract: ${z.prettifyError(result.error)}`,
    );
  }
}
