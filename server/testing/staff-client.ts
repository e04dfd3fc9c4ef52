/**
 * The staff API tests' client: requests as the console sends them, with or without a session.
 * Made by `api.as(cookie)`, `api.signedOut()` and `signedInStaff()` (./staff-api.ts).
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { type BodyInputOf, type EndpointSpec, type Method, pathOf } from "../../staff-api/endpoint";

/** A query string, or its parameters (one left undefined is left out). */
export type Query = Record<string, string | undefined> | URLSearchParams | string;

export interface ClientOptions {
  /** Another instance of the app (api.anotherInstance()); the test's own otherwise. */
  app?: FastifyInstance;
  /** The Origin header; the site's unless a test sends a cross-site request. */
  origin?: string;
  /** The client's address, for the sign-in rate limits. */
  remoteAddress?: string;
}

/** The version of the record at `path` as it now is (an ETag's text), for ANY_VERSION. */
export type CurrentVersion = (path: string) => Promise<string>;

/** ANY_VERSION's changes, one after the other (see there). */
let versionedChanges: Promise<unknown> = Promise.resolve();

/**
 * A body sent as it is, whatever its endpoint reads: what the console never sends (a field of the
 * wrong type, one missing, a body to an endpoint that reads none). Tests of refusals wrap theirs
 * in `unchecked()`, so that every other call's body is checked against its endpoint's schema.
 */
export class Unchecked {
  /** Makes the type nominal: no other object passes for one. */
  private readonly unchecked = true;
  constructor(readonly value: unknown) {}
}
export const unchecked = (value: unknown) => new Unchecked(value);

/** The `:name` params of an address. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The params of a call: those its address names, or any when the address is not known. */
type ParamsPart<P extends string> = string extends P
  ? { params?: Record<string, string> }
  : [ParamNames<P>] extends [never]
    ? { params?: undefined }
    : { params: Record<ParamNames<P>, string> };

/**
 * What a test's call of `E` sends: the params its address names (any text, so that a test can
 * name a record that is not there), a query, a body as the endpoint reads it (or `unchecked()`),
 * and headers.
 */
export type CallParts<E extends EndpointSpec> = ParamsPart<E["path"]> & {
  query?: Query;
  body?: BodyInputOf<E> | Unchecked;
  headers?: Record<string, string>;
};

/** The parts after the endpoint: none needed when its address has no params. */
export type CallArgs<E extends EndpointSpec> =
  object extends CallParts<E> ? [parts?: CallParts<E>] : [parts: CallParts<E>];

export interface StaffClient {
  /** The session cookie sent with every request (`staff_session=…`), or none. */
  readonly cookie: string | undefined;
  /** GETs `path`, with `query` when given. */
  get: (path: string, query?: Query) => Promise<LightMyRequestResponse>;
  /** Sends `body` as JSON (nothing when it is left out) with `method`, and any `headers`. */
  send: (
    method: Method,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  /** Calls `endpoint` (a GET) and expects a 200: its JSON body. */
  read: <T = Record<string, unknown>, E extends EndpointSpec = EndpointSpec>(
    endpoint: E,
    ...parts: CallArgs<E>
  ) => Promise<T>;
  /**
   * Sends `body` as it is, with `contentType` (none when left out or empty): what the console
   * never sends (a form, text, broken JSON, a type with no body), or a file (multipart bytes).
   */
  raw: (
    method: Method,
    path: string,
    options?: { contentType?: string; body?: string | Buffer; headers?: Record<string, string> },
  ) => Promise<LightMyRequestResponse>;
  /**
   * Calls a contract endpoint as the console does: its method, its address with `params` filled
   * in and `query` appended, `body` as JSON, and any `headers`.
   */
  call: <E extends EndpointSpec>(
    endpoint: E,
    ...parts: CallArgs<E>
  ) => Promise<LightMyRequestResponse>;
}

/**
 * The If-Match of a change to a versioned record (a lead) at the version it has when the change
 * is sent: for tests that are not about the version. The client reads the version (without the
 * read an API GET would audit) and sends it, as the console sends the version it read; the
 * server takes no `If-Match: *`. Changes sent with it go one after the other, so that two of them
 * sent at once do not both name the same version.
 */
export const ANY_VERSION = { "if-match": "(the version the record has)" };

/**
 * A raw address with its `:id` filled in, for tests that send what no call of an endpoint would
 * (the fuzz tests, which walk every route's address): the others call the endpoint.
 */
export function withId(path: string, id: string): string {
  return path.replace(":id", encodeURIComponent(id));
}

/** `path` with the query appended (none when it is empty). */
export function withQuery(path: string, query: Query = ""): string {
  const search =
    typeof query === "string" || query instanceof URLSearchParams
      ? String(query)
      : new URLSearchParams(
          Object.entries(query).filter(
            (entry): entry is [string, string] => entry[1] !== undefined,
          ),
        ).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A client of `app()` (read at each request, as the tests' app is built once their block
 * starts). Every request carries the Origin header, as the staff API's writes need; a body is
 * sent as JSON.
 */
export function staffClient(
  app: () => FastifyInstance,
  cookie: string | undefined,
  {
    origin,
    remoteAddress,
    currentVersion,
  }: Omit<ClientOptions, "app"> & { origin: string; currentVersion?: CurrentVersion },
): StaffClient {
  const raw: StaffClient["raw"] = (method, path, options = {}) => {
    if (options.headers?.["if-match"] !== ANY_VERSION["if-match"])
      return inject(method, path, options);
    if (!currentVersion) throw new Error("ANY_VERSION needs a client made by useStaffApi");
    const change = versionedChanges.then(async () => {
      const ifMatch = `"${await currentVersion(path.split("?")[0] ?? path)}"`;
      return inject(method, path, {
        ...options,
        headers: { ...options.headers, "if-match": ifMatch },
      });
    });
    versionedChanges = change.catch(() => undefined);
    return change;
  };
  const inject: StaffClient["raw"] = (method, path, { contentType, body, headers } = {}) =>
    app().inject({
      method,
      url: path,
      headers: {
        origin,
        ...(cookie ? { cookie } : {}),
        ...(contentType ? { "content-type": contentType } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const send = (method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
    body === undefined
      ? raw(method, path, { headers })
      : raw(method, path, {
          contentType: "application/json",
          body: JSON.stringify(body),
          headers,
        });
  const get = (path: string, query?: Query) => send("GET", withQuery(path, query));
  const call: StaffClient["call"] = (endpoint, ...[parts]) => {
    const { params, query, body, headers } = (parts ?? {}) as CallParts<EndpointSpec> & {
      params?: Record<string, string>;
    };
    const path = withQuery(pathOf(endpoint, params), query);
    return send(endpoint.method, path, body instanceof Unchecked ? body.value : body, headers);
  };
  return {
    cookie,
    get,
    send,
    raw,
    call,
    read: async (endpoint, ...parts) => {
      const res = await call(endpoint, ...parts);
      expect(res.statusCode, `${endpoint.method} ${endpoint.path}: ${res.body}`).toBe(200);
      return res.json();
    },
  };
}

/** The cookie to send back, from an answer's Set-Cookie header. */
export function cookieOf(res: LightMyRequestResponse): string {
  return String([res.headers["set-cookie"]].flat()[0]).split(";")[0] ?? "";
}
