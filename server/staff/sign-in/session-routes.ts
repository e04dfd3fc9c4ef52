/**
 * Signing in and the session under /api/staff/, as staff-api/session.ts defines them: ask for an
 * e-mailed link, verify its token, `me`, sign-out of one browser or of all; and the passkey routes
 * (passkey-routes.ts), which share the sign-in limits and what a sign-in answers.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { emailKey } from "../../../leads/email";
import { TOO_MANY, UNAVAILABLE } from "../../../staff-api/answers";
import { sessionApi } from "../../../staff-api/session";
import { maskEmails, safeError } from "../../privacy/log-safety";
import { rateLimitKey } from "../../security/client-key";
import { recordAudit } from "../../audit/audit";
import { sessionLimitsOf } from "../auth";
import { answer, routesOn } from "../../http/contract-routes";
import type { StaffRoutesOptions } from "../../staff-api-routes";
import { clearCookieHeader, sessionCookie, setCookieHeader } from "./cookie";
import { passkeyRoutes } from "./passkey-routes";
import { countHit } from "./rate-limit";
import { type StaffIdentity, revokeAllSessions, revokeSession } from "./sessions";
import type { DB } from "../../db/database";
import { type SignedIn, requestSignInLink, verifySignInToken } from "./sign-in";
import { hashSecret } from "./tokens";

const ACCEPTED = {
  message: "If this address belongs to a staff account, a sign-in link is on its way.",
};
const BAD_LINK = { error: "This sign-in link is not valid any more. Ask for a new one." };

/** The signed-in member of staff as `me` answers: who, and whether they are away. */
async function myAccount(db: DB, { accountId, email, name, role }: StaffIdentity) {
  const row = await db
    .selectFrom("staff_accounts")
    .select("away_since")
    .where("id", "=", accountId)
    .executeTakeFirst();
  return { email, name, role, away: (row?.away_since ?? null) !== null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const sessionRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, outbox, config, limits, now, signInAnswerMs, checkAnswers } = options;
  const route = routesOn(app, { checkAnswers });
  const cookie = sessionCookie(config.publicUrl);
  const sessionLimits = sessionLimitsOf(config);

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

  route(
    sessionApi.requestLink,
    {
      what: "staff sign-in link request",
      badRequest: (refused) => refused.issues[0]?.message ?? "Invalid",
    },
    async ({ body: { email: address, next }, request, reply }) => {
      const started = Date.now();
      try {
        const limited = await overLimit(request, reply, address);
        if (limited) return limited;
        const sent = await requestSignInLink(db, address, {
          publicUrl: config.publicUrl,
          now: now(),
          next,
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
  );

  route(
    sessionApi.verify,
    { what: "staff sign-in", badRequest: () => "token is missing or malformed" },
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
  );

  route(sessionApi.me, "staff session request", async ({ staff }) =>
    answer(200, await myAccount(db, staff)),
  );

  route(sessionApi.invitation, "staff session request", async ({ staff }) => {
    const row = await db
      .selectFrom("staff_accounts as invited")
      .leftJoin("staff_accounts as inviter", "inviter.id", "invited.invited_by")
      .select(["invited.invited_at", "inviter.name", "inviter.email"])
      .where("invited.id", "=", staff.accountId)
      .executeTakeFirst();
    return answer(200, {
      invitedBy: row?.name || row?.email || null,
      invitedAt: row?.invited_at ?? null,
    });
  });

  route(sessionApi.updateMe, "away change", async ({ staff, body: { away } }) => {
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      // Only a change is recorded: marking oneself away twice keeps the first time.
      const changed = await trx
        .updateTable("staff_accounts")
        .set({ away_since: away ? at : null, updated_at: at })
        .where("id", "=", staff.accountId)
        .where("away_since", away ? "is" : "is not", null)
        .executeTakeFirst();
      if (!changed.numUpdatedRows) return;
      await recordAudit(trx, {
        action: "staff.away-changed",
        at,
        actor: { id: staff.accountId, email: staff.email },
        record: { type: "staff_account", id: staff.accountId },
        detail: { away },
      });
    });
    return answer(200, await myAccount(db, staff));
  });

  /** Sign-out of this browser, or of every browser of the account: revoked in the database. */
  for (const [spec, everywhere] of [
    [sessionApi.signOut, false],
    [sessionApi.signOutEverywhere, true],
  ] as const) {
    route(spec, "staff sign-out", async ({ staff, reply }) => {
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
    });
  }

  await app.register(passkeyRoutes, {
    db,
    publicUrl: config.publicUrl,
    now,
    sessionMaxMs: sessionLimits.maxMs,
    overLimit,
    signedIn,
    checkAnswers,
  });
};
