import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { createAlerts } from "./alerts/alerts";
import type { Config } from "./config";
import { maskEmails, safeError } from "./privacy/log-safety";
import { requestPathLogger } from "./request-log";
import type { DB } from "./db/database";
import {
  type ProviderRouteOptions,
  providerRoutes,
} from "./newsletter/returns/inbound/provider-routes";
import type { OutboxWorker } from "./mail/outbox";
import { returnEffects } from "./mail/deliveries";
import { healthRoutes } from "./http/health";
import { formStatusPaths } from "../common/paths";
import { isFormPost } from "./http/form-posts";
import { leadRoutes } from "./leads/form-routes";
import { mediaFileRoute } from "./media/media-file-route";
import { newsletterRoutes } from "./newsletter/subscribers/link-routes";
import { rateLimitKey } from "./security/client-key";
import { addSecurityHeaders } from "./security/headers";
import { restrictOrigins } from "./security/origin";
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from "./staff/sign-in/rate-limit";
import { staffAuth } from "./staff/auth";
import { staffRoutes } from "./staff-api-routes";
import { sitePlugin } from "./static/site-plugin";
import type { SiteFiles } from "./static/site-files";
import type { PageRenderer } from "./static/page-renderer";
import type { ContentKind, PublishedContent } from "../common/published";
import { loadPreviewContent, loadPublishedContent } from "./publishing/published-content";
import { publishedPages } from "./static/published-pages";
import { previewRoute } from "./static/preview-route";

export interface AppDeps {
  config: Pick<
    Config,
    | "logLevel"
    | "publicUrl"
    | "allowedOrigins"
    | "salesEmail"
    | "rateLimit"
    | "trustProxy"
    | "staffSessions"
    | "staffEmailDomains"
    | "alerts"
    | "mail"
    | "newsletter"
    | "mailFrom"
    | "deliverability"
  >;
  /** The lead store and its mail outbox; tests of the static site alone may leave them out. */
  db?: DB;
  outbox?: OutboxWorker;
  /** The prerendered site; API tests may leave it out. */
  site?: SiteFiles;
  /**
   * The site's renderer, for a form's page rendered again when the form, posted without
   * JavaScript, is refused; without it, such a form lands on the generic "not sent" page.
   */
  pages?: PageRenderer | null;
  /**
   * Published content's knobs, for tests: its loaders (the database's by default) and how often
   * its snapshot is refreshed (server/static/published-pages.ts).
   */
  published?: {
    load?: () => Promise<PublishedContent>;
    loadPreview?: (
      kind: ContentKind,
      id: string,
    ) => Promise<{ content: PublishedContent; path: string } | null>;
    refreshMs?: number;
    now?: () => number;
  };
  /** Where logs go (stdout by default); tests read them to check what is logged. */
  logStream?: NodeJS.WritableStream;
  /** The mail providers' webhooks' knobs, for tests: their SNS verifier and subscription fetch. */
  mailEvents?: Pick<ProviderRouteOptions, "sns" | "now">;
  /** The staff console's knobs, for tests; production uses the defaults. */
  staff?: {
    /** Sign-in rate limits; default DEFAULT_SIGN_IN_LIMITS, off when RATE_LIMIT_MAX is 0. */
    limits?: SignInLimits | null;
    /** The clock of links and sessions. */
    now?: () => Date;
    /** Minimum time before a sign-in link request is answered (default 250 ms). */
    signInAnswerMs?: number;
    /** Check staff answers against their contract before sending them (tests). */
    checkAnswers?: boolean;
  };
}

/** Builds the whole HTTP application. main.ts listens on it; tests call inject() on it. */
export async function buildApp({
  config,
  db,
  outbox,
  site,
  pages,
  logStream,
  staff = {},
  mailEvents = {},
  published = {},
}: AppDeps): Promise<FastifyInstance> {
  const loggedPath = requestPathLogger(site);
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            ...(logStream ? { stream: logStream } : {}),
            // Request logs carry method, path and status; never bodies, query strings with
            // tokens, headers with personal data, or what a path no route answers holds.
            serializers: {
              req: (req) => ({
                method: req.method,
                url: loggedPath(req),
                remoteAddress: req.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    // Lead bodies are small JSON documents; anything bigger is refused early with 413.
    bodyLimit: 16 * 1024,
    // Closing idle keep-alive sockets lets shutdown finish promptly.
    forceCloseConnections: "idle",
    // Slow or stalled clients are cut off instead of holding sockets (slowloris): all headers
    // within 10 s, the whole request within 15 s.
    connectionTimeout: 30_000,
    requestTimeout: 15_000,
    keepAliveTimeout: 5_000,
    http: {
      headersTimeout: 10_000,
      // Node enforces both limits only when it sweeps its connections, every 30 s by default,
      // so a stalled client could keep its socket up to 30 s past the limit. Sweeping every
      // second keeps the cut-off within a second of it.
      connectionsCheckingInterval: 1_000,
    },
  });

  addSecurityHeaders(app);
  restrictOrigins(app, config.allowedOrigins);

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500)
      request.log.error(
        { err: safeError(error), stack: maskEmails(error.stack ?? "") },
        "request failed",
      );
    if (status === 429 && reply.getHeader("retry-after") === undefined)
      reply.header("retry-after", "60");
    // A form the browser posted itself gets a page, not JSON (see http/form-posts.ts).
    if (status === 429 && isFormPost(request)) {
      return reply.redirect(formStatusPaths.tryAgainLater, 303);
    }
    // 4xx messages come from Fastify's own checks and are safe to show; 5xx details are not.
    reply.code(status).send({ error: status === 500 ? "Internal Server Error" : error.message });
  });

  await app.register(rateLimit, {
    global: false,
    // Counted per client, not per address: an IPv6 client's whole /64 is one (see client-key.ts).
    keyGenerator: (request) => rateLimitKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: "Too Many Requests",
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(healthRoutes, { db });
  if (db && outbox) {
    await app.register(leadRoutes, { db, outbox, config, pages: pages ?? undefined });
    const alerts = createAlerts(config.alerts, config.publicUrl);
    await app.register(newsletterRoutes, { db, outbox, alerts, publicUrl: config.publicUrl });
    await app.register(mediaFileRoute, { db });
    await app.register(providerRoutes, {
      db,
      config,
      effects: returnEffects(config),
      ...mailEvents,
    });
    const staffNow = staff.now ?? (() => new Date());
    await app.register(staffAuth, { db, config, now: staffNow });
    await app.register(staffRoutes, {
      db,
      outbox,
      config,
      alerts,
      limits:
        staff.limits !== undefined
          ? staff.limits
          : config.rateLimit.max > 0
            ? DEFAULT_SIGN_IN_LIMITS
            : null,
      now: staffNow,
      signInAnswerMs: staff.signInAnswerMs ?? 250,
      checkAnswers: staff.checkAnswers,
      isBuiltPage: (path) => site?.files.has(path) ?? false,
    });
    await app.register(previewRoute, {
      renderer: pages?.published ?? null,
      loadPreview:
        published.loadPreview ?? ((kind, id) => loadPreviewContent(db, kind, id, staffNow())),
    });
  }
  // A known path with the wrong method is 405 with Allow; anything else under /api/ is 404 JSON
  // (not the site's missing page), and so is any request no route serves: our own handler, as
  // Fastify's default one logs the full URL, query string included.
  const wrongMethodOrMissing = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "";
    const allowed = ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((method) =>
      hasRoute(method, path),
    );
    if (allowed.length) {
      return reply
        .code(405)
        .header("allow", allowed.join(", "))
        .send({ error: "Method Not Allowed" });
    }
    return reply.code(404).send({ error: "Not Found" });
  };
  // hasRoute() reads the path as a route pattern: one with "*" or ":" in odd places throws.
  const hasRoute = (method: string, url: string) => {
    try {
      return app.hasRoute({ method: method as "GET", url });
    } catch {
      return false;
    }
  };
  app.all("/api/*", wrongMethodOrMissing);
  app.setNotFoundHandler(wrongMethodOrMissing);
  const loadPublished =
    published.load ?? (db ? () => loadPublishedContent(db, new Date()) : undefined);
  const publishedSite =
    site && pages?.published && loadPublished
      ? publishedPages({
          renderer: pages.published,
          load: loadPublished,
          isBuilt: (path) => site.files.has(path),
          log: app.log,
          refreshMs: published.refreshMs,
          now: published.now,
        })
      : undefined;
  if (site) await app.register(sitePlugin, { site, published: publishedSite });
  return app;
}
