import type { FastifyRequest, FastifySchema, FastifySchemaCompiler } from "fastify";
import * as z from "zod/mini";

/** The zod schemas of one route: what it reads, and what it answers under each status. */
export interface RouteSchemas {
  /** The address's `:name` segments. */
  params?: z.ZodMiniType;
  body?: z.ZodMiniType;
  querystring?: z.ZodMiniType;
  /** One per status the route answers with a JSON body; a redirect has none. */
  response?: Record<number, z.ZodMiniType>;
}

/**
 * Fastify route options for rules written once, in zod (leads/ for the forms).
 *
 * Fastify gets JSON schemas generated from them: they describe the route, and Fastify serialises
 * each answer with the schema of its status. A JSON schema cannot say everything our rules say
 * (trimmed, no control characters, "Email is invalid"), so requests are checked by the zod
 * schemas themselves: the browser and the server refuse the same input with the same messages.
 * A refused part does not answer 400 by itself (`attachValidation`): the handler answers it in its
 * own way, a JSON list of messages or a page (see `refusal`). What zod returns (trimmed, unknown
 * fields dropped) replaces the request's part.
 */
export function zodRoute(schemas: RouteSchemas) {
  const validatorCompiler: FastifySchemaCompiler<unknown> = ({ httpPart }) => {
    const schema = {
      params: schemas.params,
      body: schemas.body,
      querystring: schemas.querystring,
    }[httpPart ?? ""];
    if (!schema) throw new Error(`No zod schema for the ${httpPart} of this route`);
    return (data) => {
      // No body at all is checked as an empty one, so it gets each missing field's message.
      const result = z.safeParse(schema, data ?? {});
      return result.success ? { value: result.data } : { error: result.error };
    };
  };
  const schema: FastifySchema = {};
  if (schemas.params) schema.params = jsonSchema(schemas.params, "input");
  if (schemas.body) schema.body = jsonSchema(schemas.body, "input");
  if (schemas.querystring) schema.querystring = jsonSchema(schemas.querystring, "input");
  if (schemas.response) {
    schema.response = Object.fromEntries(
      Object.entries(schemas.response).map(([status, answer]) => [
        status,
        jsonSchema(answer, "output"),
      ]),
    );
  }
  return { schema, validatorCompiler, attachValidation: true };
}

/** Draft 7, the JSON schema version Fastify speaks; the input side for what a client sends. */
export function jsonSchema(schema: z.ZodMiniType, io: "input" | "output") {
  return z.toJSONSchema(schema, { io, target: "draft-7" });
}

/** What zod refused in this request (its body or query), or null when it passed. */
export function refusal(request: FastifyRequest): z.core.$ZodError | null {
  // zodRoute's validator returns zod's own error, which Fastify attaches as is.
  return (request.validationError as unknown as z.core.$ZodError | undefined) ?? null;
}
