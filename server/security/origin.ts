import type { FastifyInstance } from "fastify";

/**
 * The API serves only the site itself (issue: CORS). A browser sends Origin on cross-site
 * requests; one from an origin that is neither this host nor listed in ALLOWED_ORIGINS is refused
 * with 403 before anything runs (behind a proxy, `request.host` honours X-Forwarded-Host when
 * TRUST_PROXY is set), and no CORS headers are ever sent, so other sites' scripts can
 * neither post leads nor read answers. Clients without Origin (curl, mail clients' one-click
 * unsubscribe) are unaffected.
 */
export function restrictApiOrigins(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    const origin = request.headers.origin;
    if (!origin || allowedOrigins.includes(origin)) return;
    if (withoutDefaultPort(hostOf(origin)) === withoutDefaultPort(request.host)) return;
    return reply.code(403).send({ error: "Cross-origin requests are not allowed" });
  });
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
