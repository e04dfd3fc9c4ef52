/**
 * One staff endpoint, written once: the server registers its route from it
 * (server/http/contract-routes.ts) and the console calls it through it (console/api.ts), so
 * the two cannot disagree on its address, who may use it, what it reads or what it answers.
 */
import type * as z from "zod/mini";
import type { ContractEndpoint, StatusOf, Success } from "../common/contract";
import type { StaffRole } from "./roles";

// The core of an endpoint, which the public forms share (common/contract.ts), read from here too.
export {
  type BodyInputOf,
  type BodyOf,
  type Method,
  type ParamsOf,
  pathOf,
  type QueryOf,
  type StatusOf,
} from "../common/contract";

/** One staff endpoint as the server and the console read it: what `endpoint()` returns. */
export interface EndpointSpec extends ContractEndpoint {
  /**
   * Who may use it; none listed means any signed-in member of staff. An endpoint with
   * `signedIn: false` has none.
   */
  roles?: readonly StaffRole[];
  /**
   * false: no session needed, anyone may call it (the steps of signing in, which a visitor takes
   * before there is a session to check). Left out: signed-in staff with one of `roles`.
   */
  signedIn?: boolean;
  /**
   * When set, params that do not pass (an id that cannot be one) answer 404 with this message:
   * the address names no record. Without it they answer 400 like any other refusal.
   */
  notFound?: string;
  /**
   * The record at this address has a version, so that a change made on a page that read an
   * older one is refused instead of applied over a colleague's: a GET answers the version as its
   * `ETag` header; a write must send it back in `If-Match`, answering 428 without one and 412
   * when the record has changed since (its answer for 412 is the record as it now is, so that
   * the page can show what changed), and its answers carry the new `ETag`.
   */
  versioned?: boolean;
}

/**
 * What `endpoint()` takes: every schema optional but the answers, and either the roles of the
 * signed-in staff who may use it (the default) or `signedIn: false` and no roles.
 */
export type EndpointDefinition =
  | (EndpointSpec & { roles: readonly StaffRole[]; signedIn?: true })
  | (EndpointSpec & { signedIn: false; roles?: undefined });

/** Keeps the literal types of a definition (its path, roles and schemas) for both sides. */
export function endpoint<const E extends EndpointDefinition>(spec: E): E {
  return spec;
}

/** Whether `E` is a write that must name the version it changes (`versioned`, not a GET). */
export type NamesVersion<E extends EndpointSpec> = E extends { versioned: true }
  ? E["method"] extends "GET"
    ? false
    : true
  : false;

/**
 * One answer as the server's handler returns it: a status and its body, and for a versioned
 * endpoint the record's version, which the server sends as the `ETag` header.
 */
export type AnswerOf<E extends EndpointSpec> = {
  [S in StatusOf<E>]: { status: S; body: z.input<E["answers"][S]> } & (E extends {
    versioned: true;
  }
    ? { version?: string }
    : unknown);
}[StatusOf<E>];

type JsonSuccessOf<E extends EndpointSpec> = {
  [S in StatusOf<E>]: S extends Success ? z.output<E["answers"][S]> : never;
}[StatusOf<E>];
/**
 * What a successful call gives the console: the parsed body of a 2xx answer, or undefined when
 * the endpoint lists none (it answers 204, no body).
 */
export type SuccessOf<E extends EndpointSpec> = [JsonSuccessOf<E>] extends [never]
  ? undefined
  : JsonSuccessOf<E>;
