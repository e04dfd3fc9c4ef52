import { redirect } from "react-router";
import * as z from "zod/mini";
import { consolePaths } from "@common/paths";
import {
  type EndpointSpec,
  type NamesVersion,
  type SuccessOf,
  pathOf,
} from "../staff-api/endpoint";

/** How long the console waits for the API before saying so. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * An answer of the staff API that was not a success, with the message to show, and its JSON body
 * as it came (null without one) for a refusal that carries more than a message (`refusalOf`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const FALLBACK: Record<number, string> = {
  0: "The server could not be reached. Check your connection and try again.",
  401: "Your session has ended. Please sign in again.",
  403: "Your role does not give access to this.",
  404: "This record does not exist, or it has been erased.",
  429: "Too many attempts. Please wait a minute and try again.",
};

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  const message =
    response.status < 500 && typeof body?.error === "string"
      ? body.error
      : (FALLBACK[response.status] ?? "Something went wrong on our side. Please try again.");
  return new ApiError(response.status, message, body);
}

/**
 * The body of a refusal with `status` that `spec` declares with more than a message (an access
 * request's 409 lists the people found), parsed with the endpoint's schema of that status; null
 * when `error` is not that refusal, or its body does not parse.
 */
export function refusalOf<E extends EndpointSpec, S extends keyof E["answers"] & number>(
  error: unknown,
  spec: E,
  status: S,
): z.output<E["answers"][S]> | null {
  const schema = spec.answers[status];
  if (!(error instanceof ApiError) || error.status !== status || !schema) return null;
  const parsed = z.safeParse(schema, error.body);
  return parsed.success ? (parsed.data as z.output<E["answers"][S]>) : null;
}

/**
 * A change refused because the record changed since the page read it (412): `current` is the
 * record as it now is, parsed with the endpoint's schema of 412 (see `staleRecord`), and
 * `version` its version, for the page to show and to build on.
 */
export class StaleError extends ApiError {
  constructor(
    readonly current: unknown,
    readonly version: string,
  ) {
    super(412, "Someone else changed this while you had it open. Your change was not saved.");
    this.name = "StaleError";
  }
}

/** The record a call of `spec` was refused for, as it now is, when `error` is that refusal. */
export function staleRecord<E extends EndpointSpec & { answers: { 412: z.ZodMiniType } }>(
  error: unknown,
  _spec: E,
): { current: z.output<E["answers"][412]>; version: string } | null {
  // call() parsed it with this endpoint's schema of 412 before throwing.
  return error instanceof StaleError
    ? { current: error.current as z.output<E["answers"][412]>, version: error.version }
    : null;
}

/**
 * Sends a request of the staff API; any answer but 2xx (and, for a versioned endpoint, 412)
 * throws an ApiError.
 */
async function send(
  path: string,
  {
    method = "GET",
    body,
    ifMatch,
    versioned = false,
    form,
  }: {
    method?: string;
    body?: unknown;
    ifMatch?: string;
    versioned?: boolean;
    /** A file's upload: sent as multipart/form-data, whose boundary the browser writes. */
    form?: FormData;
  },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(ifMatch !== undefined ? { "if-match": ifMatch } : {}),
      },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
      credentials: "same-origin",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, FALLBACK[0] as string);
  }
  if (!response.ok && !(versioned && response.status === 412)) throw await errorOf(response);
  return response;
}

/**
 * What an action answers when its call failed: the API's message, which can be shown as it is,
 * or `fallback` for anything else (the page's own words for "nothing was done").
 */
export function failure(error: unknown, fallback: string): { ok: false; error: string } {
  return { ok: false, error: error instanceof ApiError ? error.message : fallback };
}

/**
 * What a call of `spec` sends: the params of its address, its query (text, as an address carries
 * it; empty values are left out and the server checks the rest) and its body.
 */
export type CallInput<E extends EndpointSpec> = (E["params"] extends z.ZodMiniType
  ? { params: z.input<E["params"]> }
  : { params?: undefined }) &
  (E["query"] extends z.ZodMiniType
    ? { query?: { [K in keyof z.input<E["query"]>]?: string | null } }
    : { query?: undefined }) &
  (E["body"] extends z.ZodMiniType ? { body: z.input<E["body"]> } : { body?: undefined }) &
  // The version of the record the change was made on, as its read answered it (its ETag).
  (NamesVersion<E> extends true ? { version: string } : { version?: undefined });

/**
 * What a call gives the page: the answer, and for a versioned endpoint (`versioned`) the
 * record's version with it, which a change sends back.
 */
export type CallResult<E extends EndpointSpec> = E extends { versioned: true }
  ? { value: SuccessOf<E>; version: string }
  : SuccessOf<E>;

/** The arguments after `spec`: none needed when the endpoint reads nothing required. */
type CallArgs<E extends EndpointSpec> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The address of a call: `spec`'s path with its params, and its query string. */
export function addressOf<E extends EndpointSpec>(spec: E, ...[input]: CallArgs<E>): string {
  const params = input?.params as Record<string, string> | undefined;
  return `${pathOf(spec, params)}${query(input?.query ?? {})}`;
}

/**
 * Calls an endpoint of the contract (staff-api/) and returns its answer parsed with the
 * contract's schema of that status: typed from the contract, never cast. An answer that does not
 * parse means this page was built for another version of the server. A versioned endpoint's
 * answer comes with its ETag (`version`); its change sends `version` as If-Match, and a 412
 * throws a StaleError with the record as it now is.
 */
export async function call<E extends EndpointSpec>(
  spec: E,
  ...args: CallArgs<E>
): Promise<CallResult<E>> {
  const [input] = args;
  const versioned = spec.versioned === true;
  const response = await send(addressOf(spec, ...args), {
    method: spec.method,
    body: input?.body,
    ifMatch: input?.version,
    versioned,
  });
  const schema = spec.answers[response.status];
  let value: unknown = undefined;
  if (schema) {
    const parsed = z.safeParse(schema, await response.json().catch(() => undefined));
    if (!parsed.success) throw new ApiError(response.status, OUT_OF_DATE);
    value = parsed.data;
  }
  if (!versioned) return value as CallResult<E>;
  const version = response.headers.get("etag");
  if (version === null) throw new ApiError(response.status, OUT_OF_DATE);
  if (response.status === 412) throw new StaleError(value, version);
  return { value, version } as CallResult<E>;
}

const OUT_OF_DATE = "The console is out of date. Please reload the page.";

/**
 * Uploads `file` to an endpoint that takes one (the media library's: multipart/form-data with
 * one part, `file`; the only staff write that is not JSON), its answer parsed as `call()`'s. A
 * refusal (not a picture, too large) is thrown as an ApiError with the server's words.
 */
export async function upload<E extends EndpointSpec>(spec: E, file: File): Promise<SuccessOf<E>> {
  const form = new FormData();
  form.append("file", file, file.name);
  const response = await send(pathOf(spec, undefined), { method: spec.method, form });
  const schema = spec.answers[response.status];
  const parsed = schema && z.safeParse(schema, await response.json().catch(() => undefined));
  if (!parsed?.success) throw new ApiError(response.status, OUT_OF_DATE);
  return parsed.data as SuccessOf<E>;
}

/**
 * A console path as the router names it, without its basename ("/staff/leads" → "/leads").
 * Loaders' redirects and links take these; the router adds the basename.
 */
export function routerPath(consolePath: string): string {
  return consolePath.startsWith(consolePaths.console)
    ? consolePath.slice(consolePaths.console.length) || "/"
    : consolePath;
}

/** Query string of the given parameters, leaving out empty ones. */
export function query(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * What a filtered list's loader reads from its address: the non-empty filters among `names`, as
 * the API takes them; the same as the query string the list's later pages take (`search`); and
 * whether any is set.
 */
export function filtersIn(request: Request, names: readonly string[]) {
  const params = new URL(request.url).searchParams;
  const filters: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return { filters, search: query(filters), filtered: Object.keys(filters).length > 0 };
}

/**
 * For loaders: a signed-out answer becomes a trip to the sign-in page that comes back here (`next`
 * is the console path, /staff/…, as the sign-in link e-mail carries it); anything else is thrown
 * on to the page's error screen.
 */
export async function signedIn<T>(request: Request, answer: () => Promise<T>): Promise<T> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(
        `${routerPath(consolePaths.signIn)}${query({ next: `${url.pathname}${url.search}` })}`,
      );
    }
    throw error;
  }
}

/** `signedIn` for a `call` of the contract. */
export function loadCall<E extends EndpointSpec>(
  request: Request,
  spec: E,
  ...args: CallArgs<E>
): Promise<CallResult<E>> {
  return signedIn(request, () => call(spec, ...args));
}
