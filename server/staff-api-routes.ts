import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Alerts } from "./alerts/alerts";
import type { Config } from "./config";
import type { DB } from "./db/database";
import type { OutboxWorker } from "./mail/outbox";
import { adminRoutes } from "./staff/accounts/admin-routes";
import { auditRoutes } from "./audit/audit-routes";
import { inboxRoutes } from "./leads/inbox/inbox-routes";
import { duplicateRoutes } from "./leads/duplicates/duplicate-routes";
import { deskRoutes } from "./leads/desk/desk-routes";
import { replyRoutes } from "./leads/replies/reply-routes";
import { mailRoutes } from "./mail/mail-routes";
import { MULTIPART_ROUTE, mediaRoutes } from "./media/media-routes";
import { suppressionRoutes } from "./newsletter/returns/suppression-routes";
import { campaignRoutes } from "./newsletter/campaigns/campaign-routes";
import { newsletterRoutes } from "./newsletter/newsletter-routes";
import { peopleRoutes } from "./people/people-routes";
import { reportRoutes } from "./leads/reports/report-routes";
import { serviceHoursRoutes } from "./leads/service-hours/service-hours-routes";
import { routingRoutes } from "./leads/routing/routing-routes";
import { publishingRoutes } from "./publishing/publishing-routes";
import type { SignInLimits } from "./staff/sign-in/rate-limit";
import { sessionRoutes } from "./staff/sign-in/session-routes";
import { subscriberRoutes } from "./newsletter/subscribers/subscriber-routes";

export interface StaffRoutesOptions {
  db: DB;
  outbox: OutboxWorker;
  config: Pick<
    Config,
    | "publicUrl"
    | "staffSessions"
    | "staffEmailDomains"
    | "mail"
    | "newsletter"
    | "mailFrom"
    | "deliverability"
  >;
  /** The webhooks that announce a subscriber's change (server/alerts/), as the links do. */
  alerts: Alerts;
  /** null switches the sign-in limits off (RATE_LIMIT_MAX=0, for benchmarks). */
  limits: SignInLimits | null;
  /** The clock; tests move it to expire links and sessions. */
  now: () => Date;
  /**
   * The sign-in request answers no sooner than this after it arrived, whether or not a link was
   * sent, so that timing does not tell which addresses have accounts.
   */
  signInAnswerMs: number;
  /** Check the answers of the routes registered from the contract against it (tests). */
  checkAnswers?: boolean;
  /** Whether the site has a built page at a path: no published item may take its address. */
  isBuiltPage?: (path: string) => boolean;
}

/** The methods staff routes write with. */
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The staff console's API under /api/staff/, as the contract (staff-api/) defines it: one plugin
 * per area, each in its domain's folder (staff/sign-in/, staff/accounts/, leads/inbox/,
 * leads/reports/, leads/routing/, newsletter/subscribers/, newsletter/, newsletter/campaigns/,
 * newsletter/returns/, audit/, mail/, people/, media/), all under the hooks below. Every staff route
 * guards itself with `app.requireStaff(...roles)` (staff/auth.ts, registered first;
 * contractRoute() adds it from the endpoint's roles), but the steps of signing in, which need no
 * session.
 */
export const staffRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  // Nothing a staff answer says may be kept by a browser or a proxy.
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });
  // Writes take JSON only (the Origin check of security/origin.ts has already run); a sign-out
  // or a DELETE may also come with no body at all.
  app.addHook("onRequest", async (request, reply) => {
    if (!WRITES.has(request.method)) return;
    const type = String(request.headers["content-type"] ?? "")
      .split(";")[0]
      ?.trim()
      .toLowerCase();
    if (type === "application/json") return;
    // The media library's upload alone sends a file (server/media/media-routes.ts).
    if (type === "multipart/form-data" && routeOf(request) === MULTIPART_ROUTE) return;
    if (!type && !hasBody(request)) return;
    return reply.code(415).send({ error: "Send application/json" });
  });

  // Signing in and the session, passkeys, the lead inbox, the subscribers, the newsletter, the
  // reports and the admin pages' API, each a slice of its own, under the hooks above.
  await app.register(sessionRoutes, options);
  for (const slice of [
    inboxRoutes,
    duplicateRoutes,
    deskRoutes,
    replyRoutes,
    subscriberRoutes,
    reportRoutes,
    serviceHoursRoutes,
    newsletterRoutes,
    campaignRoutes,
    adminRoutes,
    auditRoutes,
    mailRoutes,
    suppressionRoutes,
    peopleRoutes,
    routingRoutes,
    publishingRoutes,
    mediaRoutes,
  ]) {
    await app.register(slice, options);
  }
};

/** "METHOD /path" of the route that answers a request, as its pattern (`:id` unfilled). */
function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ""}`;
}

/** Whether a request announces a body (a POST without one sends neither header, or length 0). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return (
    request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0")
  );
}
