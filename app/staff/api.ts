import { redirect } from "react-router";
import { consolePaths } from "@common/paths";

/** How long the console waits for the API before saying so. */
const REQUEST_TIMEOUT_MS = 15_000;

/** An answer of the staff API that was not a success, with the message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
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
  return new ApiError(response.status, message);
}

/**
 * Calls the staff API with JSON both ways; the session cookie goes along by itself. Any answer
 * but 2xx throws an ApiError whose message can be shown as it is.
 */
export async function api<T = unknown>(
  path: string,
  { method = "GET", body }: { method?: string; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, FALLBACK[0] as string);
  }
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
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

/** Where to go after signing in: a path of the console (never another site), else its start. */
export function safeNext(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\")
    ? next
    : "/";
}

/** Query string of the given parameters, leaving out empty ones. */
export function query(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * For loaders: a signed-out answer becomes a trip to the sign-in page that comes back here;
 * anything else is thrown on to the page's error screen.
 */
export async function load<T>(request: Request, path: string): Promise<T> {
  try {
    return await api<T>(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(`/sign-in${query({ next: `${routerPath(url.pathname)}${url.search}` })}`);
    }
    throw error;
  }
}
