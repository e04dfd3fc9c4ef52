import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from "fastify";
import type { Config } from "../config";
import type { DB } from "../db/database";
import { safeError } from "../privacy/log-safety";
import { clearCookieHeader, readCookie, sessionCookie } from "./sign-in/cookie";
import { type StaffRole, roleAllows } from "../../staff-api/roles";
import { type SessionLimits, type StaffIdentity, findSession } from "./sign-in/sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member of staff; set by requireStaff() on the routes that use it. */
    staff: StaffIdentity | null;
  }
  interface FastifyInstance {
    /**
     * preHandler of every staff route: no valid session → 401 (and the cookie is cleared), a
     * role not listed → 403; no roles listed means any signed-in member of staff. On success
     * `request.staff` is the member of staff.
     */
    requireStaff: (...roles: StaffRole[]) => preHandlerAsyncHookHandler;
  }
}

export interface StaffAuthOptions {
  db: DB;
  config: Pick<Config, "publicUrl" | "staffSessions">;
  now: () => Date;
}

export function sessionLimitsOf(config: Pick<Config, "staffSessions">): SessionLimits {
  return {
    idleMs: config.staffSessions.idleMinutes * 60_000,
    maxMs: config.staffSessions.maxHours * 60 * 60_000,
  };
}

/**
 * Gives the whole app `app.requireStaff(...roles)` and `request.staff`. Not encapsulated (Fastify's
 * skip-override, what fastify-plugin sets), so that routes registered anywhere can use it.
 */
const plugin: FastifyPluginAsync<StaffAuthOptions> = async (app, { db, config, now }) => {
  const cookie = sessionCookie(config.publicUrl);
  const limits = sessionLimitsOf(config);
  app.decorateRequest("staff", null);
  app.decorate("requireStaff", (...roles: StaffRole[]): preHandlerAsyncHookHandler => {
    return async function requireStaff(request, reply) {
      const secret = readCookie(request.headers.cookie, cookie.name);
      let identity;
      try {
        identity = await findSession(db, secret, now(), limits);
      } catch (error) {
        request.log.error({ err: safeError(error) }, "staff session check failed");
        reply.header("cache-control", "no-store").header("retry-after", "60");
        return reply.code(503).send({ error: "Please try again in a few minutes." });
      }
      if (!identity) {
        reply.header("cache-control", "no-store");
        reply.header("set-cookie", clearCookieHeader(cookie));
        return reply.code(401).send({ error: "Not signed in" });
      }
      if (!roleAllows(identity.role, roles)) {
        reply.header("cache-control", "no-store");
        return reply.code(403).send({ error: "Your role does not allow this" });
      }
      request.staff = identity;
    };
  });
};

export const staffAuth = Object.assign(plugin, {
  [Symbol.for("skip-override")]: true,
  [Symbol.for("fastify.display-name")]: "staff-auth",
});
