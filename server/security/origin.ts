import type { FastifyInstance, FastifyRequest } from "fastify";

/** Methods that change nothing; every other one is a write. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Only the site's own pages may post to the server or call its API. A browser sends Origin with
 * every cross-site request and every POST, and a plain HTML form needs no CORS preflight, so
 * without this any site could make its visitors' browsers post leads. A write (any method but
 * GET, HEAD and OPTIONS, on any path) or any request to an API route whose Origin is neither this
 * host nor listed in ALLOWED_ORIGINS is refused with 403 before anything runs; so is one that
 * Fetch Metadata marks cross-site. Behind a proxy, `request.host` honours X-Forwarded-Host when
 * TRUST_PROXY is set. No CORS headers are ever sent. Clients that send neither header (curl,
 * mail clients' one-click unsubscribe) are unaffected.
 *
 * The rule looks at the method and at the route the router chose (after it decoded the path),
 * never at the raw request line: "/%61pi/contact" and "http://host/api/contact" reach the same
 * handler as "/api/contact" and must meet the same check.
 */
export function restrictOrigins(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook("onRequest", async (request, reply) => {
    if (!isWrite(request) && !isApiRoute(request)) return;
    if (isAllowed(request, allowedOrigins)) return;
    return reply.code(403).send({ error: "Cross-origin requests are not allowed" });
  });
}

function isWrite(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method);
}

function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith("/api/") ?? false;
}

function isAllowed(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers["sec-fetch-site"] !== "cross-site";
  if (allowedOrigins.includes(origin)) return true;
  const host = hostOf(origin);
  return host !== "" && withoutDefaultPort(host) === withoutDefaultPort(request.host);
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return "";
  }
}

/** "site:443" and "site" name the same host; so do "site:80" and "site". */
function withoutDefaultPort(host: string): string {
  return host.replace(/:(80|443)$/, "");
}
