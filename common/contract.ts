/**
 * What every endpoint of the API is, written once for both sides: its method, its address, the
 * `zod/mini` schemas of what it reads and of each answer by status. The staff API
 * (staff-api/endpoint.ts) adds who may use one; the public forms (leads/) are endpoints of this
 * kind as they are. The types read off a definition are here too, and `pathOf()`.
 */
import type * as z from "zod/mini";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One endpoint: what a client calls and what the server registers. */
export interface ContractEndpoint {
  method: Method;
  /**
   * The address, written in the definition and nowhere else (`"/api/staff/leads/:id"`); `:name`
   * segments are the params. Whatever else needs it reads it from the definition (`pathOf`).
   */
  path: string;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /**
   * The JSON body of each status it answers with. A status missing here has no JSON body: an
   * export's CSV, or a 204.
   */
  answers: Record<number, z.ZodMiniType>;
}

type Part<S, Io extends "input" | "output"> = S extends z.ZodMiniType
  ? Io extends "input"
    ? z.input<S>
    : z.output<S>
  : undefined;

/** The params, query and body as the server's handler gets them: parsed. */
export type ParamsOf<E extends ContractEndpoint> = Part<E["params"], "output">;
export type QueryOf<E extends ContractEndpoint> = Part<E["query"], "output">;
export type BodyOf<E extends ContractEndpoint> = Part<E["body"], "output">;
/** The body a caller sends, before parsing. */
export type BodyInputOf<E extends ContractEndpoint> = Part<E["body"], "input">;

/** A status as a key of `answers`: a number, or its text when it came in a spread object. */
type StatusKey<K> = K extends number ? K : K extends `${infer N extends number}` ? N : never;

/** The statuses an endpoint answers with a JSON body. */
export type StatusOf<E extends ContractEndpoint> = StatusKey<keyof E["answers"]>;

/** The statuses of success. */
export type Success = 200 | 201 | 202 | 204;

/** The success statuses an endpoint declares with a JSON body. */
export type SuccessStatusOf<E extends ContractEndpoint> = Extract<StatusOf<E>, Success>;

/** The address with its `:name` params filled in. */
export function pathOf(spec: ContractEndpoint, params: Record<string, string> | undefined): string {
  return spec.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${spec.path} needs ${name}`);
    return encodeURIComponent(value);
  });
}

/** Keeps the literal types of a definition (its method, path and schemas) for both sides. */
export function contractEndpoint<const E extends ContractEndpoint>(spec: E): E {
  return spec;
}
