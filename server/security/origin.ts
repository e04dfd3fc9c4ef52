import type { FastifyInstance, FastifyRequest } from "fastify";

/** Methods that change nothing; every other one is a write. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Only the site's own pages may post to the server or call its API. A browser sends Origin with
 * every cross-site request and every POST, and a plain HTML form needs no CORS preflight, so
 * without this any site could make its visitors' browsers post leads. A write (any method but
 * GET, HEAD and OPTIONS, on any path) or any request to an API route whose Origin is not one of
 * `allowedOrigins` (PUBLIC_URL's origin and ALLOWED_ORIGINS) is refused with 403 before anything
 * runs; so is one that Fetch Metadata marks cross-site. No CORS headers are ever sent. Clients
 * that send neither header (curl, mail clients' one-click unsubscribe) are unaffected.
 *
 * An origin is its scheme, host and port together, compared in their serialised form
 * (`https://x` and `https://x:443` are one origin; `http://x` and `https://x:8443` are others).
 * The Host header takes no part: a page on `http://` is not the `https://` site however the
 * hosts compare, and a name that an attacker's DNS points at this server (DNS rebinding) sends
 * a Host that matches its own Origin.
 *
 * The rule looks at the method and at the route the router chose (after it decoded the path),
 * never at the raw request line: "/%61pi/contact" and "http://host/api/contact" reach the same
 * handler as "/api/contact" and must meet the same check.
 */
export function restrictOrigins(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins.map(serialisedOrigin).filter((o) => o !== undefined));
  app.addHook("onRequest", async (request, reply) => {
    if (!isWrite(request) && !isApiRoute(request)) return;
    if (isAllowed(request, allowed)) return;
    return reply.code(403).send({ error: "Cross-origin requests are not allowed" });
  });
}

function isWrite(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method);
}

function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith("/api/") ?? false;
}

function isAllowed(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers["sec-fetch-site"] !== "cross-site";
  const serialised = serialisedOrigin(origin);
  return serialised !== undefined && allowed.has(serialised);
}

/**
 * `scheme://host[:port]` as the URL standard serialises it (lower-case, default port left out),
 * or undefined for anything that is not an http(s) origin: `null` (sandboxed frames, files,
 * some redirects), other schemes, text that is not a URL.
 */
export function serialisedOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  return url.origin;
}
