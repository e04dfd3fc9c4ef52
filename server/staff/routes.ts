import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { emailKey } from "../../leads/email";
import { TOO_MANY, UNAVAILABLE } from "../../staff-api/answers";
import { sessionApi } from "../../staff-api/session";
import type { Config } from "../config";
import type { DB } from "../db/database";
import { maskEmails, safeError } from "../log-safety";
import type { OutboxWorker } from "../mail/outbox";
import { rateLimitKey } from "../security/client-key";
import { recordAudit } from "./audit";
import { answer, contractRoute } from "./contract-routes";
import { adminRoutes } from "./admin/admin-routes";
import { auditRoutes } from "./admin/audit-routes";
import { inboxRoutes } from "./inbox/inbox-routes";
import { passkeyRoutes } from "./sign-in/passkey-routes";
import { sessionLimitsOf } from "./auth";
import { clearCookieHeader, sessionCookie, setCookieHeader } from "./sign-in/cookie";
import { countHit, type SignInLimits } from "./sign-in/rate-limit";
import { revokeAllSessions, revokeSession } from "./sign-in/sessions";
import { type SignedIn, requestSignInLink, verifySignInToken } from "./sign-in/sign-in";
import { campaignRoutes } from "./newsletter/campaign-routes";
import { newsletterRoutes } from "./newsletter/newsletter-routes";
import { reportRoutes } from "./reports/report-routes";
import { subscriberRoutes } from "./subscribers/subscriber-routes";
import { hashSecret } from "./sign-in/tokens";

export interface StaffRoutesOptions {
  db: DB;
  outbox: OutboxWorker;
  config: Pick<Config, "publicUrl" | "staffSessions" | "mail">;
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
}

const ACCEPTED = {
  message: "If this address belongs to a staff account, a sign-in link is on its way.",
};
const BAD_LINK = { error: "This sign-in link is not valid any more. Ask for a new one." };

/** The methods staff routes write with. */
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The staff console's API under /api/staff/: sign-in by e-mailed link, the session, sign-out, as
 * staff-api/session.ts defines them; the lead inbox (inbox-routes.ts), passkeys
 * (passkey-routes.ts) and the rest under the same hooks. Every staff route guards itself with
 * `app.requireStaff(...roles)` (auth.ts, registered first; contractRoute() adds it from the
 * endpoint's roles), but the steps of signing in, which need no session.
 */
export const staffRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, outbox, config, limits, now, signInAnswerMs, checkAnswers } = options;
  const cookie = sessionCookie(config.publicUrl);
  const sessionLimits = sessionLimitsOf(config);

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
    if (!type && !hasBody(request)) return;
    return reply.code(415).send({ error: "Send application/json" });
  });

  /**
   * Counts a sign-in attempt against the client's limit and, when it names one, the address's:
   * the 429 to answer (Retry-After set) when either is exceeded, else null. Both counters are in
   * the shared database.
   */
  async function overLimit(request: FastifyRequest, reply: FastifyReply, address?: string) {
    if (!limits) return null;
    const at = now();
    const hits = [
      await countHit(db, `client:${rateLimitKey(request.ip)}`, limits.perClient, at),
      // Counted under the address's hash: the table need not hold strangers' addresses.
      ...(address
        ? [await countHit(db, `email:${hashSecret(emailKey(address))}`, limits.perEmail, at)]
        : []),
    ];
    const refused = hits.filter((hit) => !hit.allowed);
    if (!refused.length) return null;
    const wait = Math.max(...refused.map((hit) => hit.retryAfterSeconds));
    request.log.info({ route: request.routeOptions.url }, "staff sign-in rate-limited");
    reply.header("retry-after", String(wait));
    return answer(429, TOO_MANY);
  }

  /** The answer to a sign-in, by link or passkey: the session cookie, and who signed in. */
  function signedIn(reply: FastifyReply, result: SignedIn) {
    reply.header(
      "set-cookie",
      setCookieHeader(cookie, result.sessionSecret, sessionLimits.maxMs / 1000),
    );
    const { email: address, name, role } = result.account;
    return answer(200, { email: address, name, role });
  }

  contractRoute(
    app,
    sessionApi.requestLink,
    async ({ body: { email: address }, request, reply }) => {
      const started = Date.now();
      try {
        const limited = await overLimit(request, reply, address);
        if (limited) return limited;
        const sent = await requestSignInLink(db, address, {
          publicUrl: config.publicUrl,
          now: now(),
        });
        if (sent) outbox.wake();
      } catch (error) {
        // Logged here, with the address masked, rather than by contractRoute without it.
        request.log.error(
          { err: safeError(error), email: maskEmails(address) },
          "staff sign-in link request failed",
        );
        reply.header("retry-after", "60");
        return answer(503, UNAVAILABLE);
      }
      const left = signInAnswerMs - (Date.now() - started);
      if (left > 0) await sleep(left);
      return answer(202, ACCEPTED);
    },
    {
      what: "staff sign-in link request",
      checkAnswers,
      badRequest: (refused) => refused.issues[0]?.message ?? "Invalid",
    },
  );

  contractRoute(
    app,
    sessionApi.verify,
    async ({ body: { token }, request, reply }) => {
      // Tokens cannot be guessed, but whoever tries is held back per client.
      const limited = await overLimit(request, reply);
      if (limited) return limited;
      const result = await verifySignInToken(db, token, {
        now: now(),
        client: rateLimitKey(request.ip),
        sessionMaxMs: sessionLimits.maxMs,
      });
      if (!result.ok) {
        request.log.info({ reason: result.reason }, "staff sign-in refused");
        return answer(401, BAD_LINK);
      }
      return signedIn(reply, result);
    },
    { what: "staff sign-in", checkAnswers, badRequest: () => "token is missing or malformed" },
  );

  contractRoute(
    app,
    sessionApi.me,
    async ({ staff: { email: address, name, role } }) =>
      answer(200, { email: address, name, role }),
    { what: "staff session request", checkAnswers },
  );

  /** Sign-out of this browser, or of every browser of the account: revoked in the database. */
  for (const [spec, everywhere] of [
    [sessionApi.signOut, false],
    [sessionApi.signOutEverywhere, true],
  ] as const) {
    contractRoute(
      app,
      spec,
      async ({ staff, reply }) => {
        const at = now();
        const actor = { id: staff.accountId, email: staff.email };
        await db.transaction().execute(async (trx) => {
          if (everywhere) {
            const revoked = await revokeAllSessions(trx, staff.accountId, at);
            await recordAudit(trx, {
              action: "staff.sign-out-everywhere",
              at: at.toISOString(),
              actor,
              record: { type: "staff_account", id: staff.accountId },
              detail: { sessionsRevoked: revoked },
            });
          } else {
            await revokeSession(trx, staff.sessionId, at);
            await recordAudit(trx, {
              action: "staff.sign-out",
              at: at.toISOString(),
              actor,
              record: { type: "staff_session", id: staff.sessionId },
            });
          }
        });
        return reply.header("set-cookie", clearCookieHeader(cookie)).code(204).send();
      },
      { what: "staff sign-out", checkAnswers },
    );
  }

  // The lead inbox, passkeys, the subscribers and the admin pages' API, under the hooks above.
  await app.register(inboxRoutes, { db, now, checkAnswers });
  await app.register(passkeyRoutes, {
    db,
    publicUrl: config.publicUrl,
    now,
    sessionMaxMs: sessionLimits.maxMs,
    overLimit,
    signedIn,
    checkAnswers,
  });
  await app.register(subscriberRoutes, { db, now, checkAnswers });
  await app.register(reportRoutes, { db, now, checkAnswers });
  await app.register(newsletterRoutes, { db, now, checkAnswers });
  await app.register(campaignRoutes, {
    db,
    outbox,
    publicUrl: config.publicUrl,
    now,
    checkAnswers,
  });
  await app.register(adminRoutes, {
    db,
    outbox,
    config,
    now,
    checkAnswers: options.checkAnswers,
  });
  await app.register(auditRoutes, { db, now, checkAnswers: options.checkAnswers });
};

/** Whether a request announces a body (a POST without one sends neither header, or length 0). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return (
    request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0")
  );
}
