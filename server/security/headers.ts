import type { FastifyInstance } from "fastify";
import { LOCKED_DOWN_CSP } from "./csp";

/** Two years, the value HSTS preload lists ask for. */
const HSTS = "max-age=63072000; includeSubDomains; preload";

const COMMON: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  // For browsers without CSP frame-ancestors.
  "x-frame-options": "DENY",
};

/**
 * Security headers on every answer, pages and API alike. Pages set their own CSP (with the
 * hashes of their inline scripts, see static/); everything else gets a policy that allows
 * nothing. HSTS only over HTTPS (directly, or behind a TLS proxy trusted with TRUST_PROXY).
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    for (const [name, value] of Object.entries(COMMON)) {
      // A route whose answer is meant for other sites sets its own (the media library's pictures,
      // shown in e-mails read on webmail: server/media/media-file-route.ts).
      if (name === "cross-origin-resource-policy" && reply.hasHeader(name)) continue;
      reply.header(name, value);
    }
    if (!reply.hasHeader("content-security-policy"))
      reply.header("content-security-policy", LOCKED_DOWN_CSP);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    return payload;
  });
}
