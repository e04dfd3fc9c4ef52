import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../testing/lead-api";
import { sessionLimitsOf } from "../auth";
import { findSession } from "./sessions";
import { cookieOf, ANY_VERSION } from "../../testing/staff-client";
import {
  addStaff,
  mailedSignInTokens,
  requestSignInLink,
  signedInStaff,
  useStaffApi,
  verifySignInLink,
} from "../../testing/staff-api";
import { sessionApi } from "../../../staff-api/session";
import { accountsApi } from "../../../staff-api/admin";
import { passkeysApi } from "../../../staff-api/passkeys";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The tests' idle limit (testConfig: 30 minutes). */
const IDLE = 30 * MINUTE;

describe.each(testDialects)("staff sessions and sign-in links on $name", ({ url }) => {
  const api = useStaffApi(url);

  const me = (cookie: string, app?: FastifyInstance) => api.as(cookie, { app }).call(sessionApi.me);
  const requestLink = (email: string, app?: FastifyInstance) =>
    requestSignInLink(api, email, { app });
  const verify = (token: string) => verifySignInLink(api, token);
  const mailedTokens = (email: string) => mailedSignInTokens(api, email);

  /** The account's links that would still sign in. */
  const workingLinks = (accountId: string) =>
    api.db
      .selectFrom("staff_sign_in_tokens")
      .select("id")
      .where("account_id", "=", accountId)
      .where("used_at", "is", null)
      .where("voided_at", "is", null)
      .where("expires_at", ">", api.clock.now.toISOString())
      .execute();

  it("ends a session for idleness only after a whole idle period without a request", async () => {
    const { cookie } = await signedInStaff(api, "ama@example.com", "sales");
    const other = await api.anotherInstance();

    // A request less than a minute after sign-in, then one just short of the idle limit after
    // it, on another instance: the session lives on, counted from the last request.
    api.advance(59 * SECOND);
    expect((await me(cookie)).statusCode).toBe(200);
    api.advance(IDLE - 1);
    expect((await me(cookie, other)).statusCode).toBe(200);
    // And a whole idle period after the last request, it has ended.
    api.advance(IDLE);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("never moves a session's last request back when requests finish out of order", async () => {
    const { cookie } = await signedInStaff(api, "kofi@example.com", "sales");
    const secret = cookie.split("=")[1];
    const limits = sessionLimitsOf({ staffSessions: { idleMinutes: 30, maxHours: 12 } });
    const start = api.clock.now.getTime();
    const at = (ms: number) => new Date(start + ms);

    // Two instances: the request of the later moment is recorded first, the earlier one after.
    expect(await findSession(api.db, secret, at(5 * MINUTE), limits)).not.toBeNull();
    expect(await findSession(api.db, secret, at(5 * MINUTE - 10 * SECOND), limits)).not.toBeNull();
    const row = await api.db
      .selectFrom("staff_sessions")
      .select("last_seen_at")
      .executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBe(at(5 * MINUTE).toISOString());
    expect(await findSession(api.db, secret, at(5 * MINUTE + IDLE - 1), limits)).not.toBeNull();
    // Every request is recorded, however close to the one before.
    expect(await findSession(api.db, secret, at(5 * MINUTE + IDLE), limits)).not.toBeNull();
    expect(await findSession(api.db, secret, at(5 * MINUTE + 2 * IDLE - 1), limits)).not.toBeNull();
    expect(await findSession(api.db, secret, at(5 * MINUTE + 3 * IDLE), limits)).toBeNull();
  });

  it("voids an account's earlier unused links when it is sent a new one", async () => {
    const account = await addStaff(api, "esi@example.com");
    await requestLink("esi@example.com");
    await requestLink("esi@example.com");
    const [first, second] = await mailedTokens("esi@example.com");
    expect((await verify(first ?? "")).statusCode).toBe(401);
    const signedIn = await verify(second ?? "");
    expect(signedIn.statusCode).toBe(200);
    expect((await me(cookieOf(signedIn))).statusCode).toBe(200);
    // A link's session records no passkey.
    const sessions = await api.db.selectFrom("staff_sessions").select("passkey_id").execute();
    expect(sessions).toEqual([{ passkey_id: null }]);

    // Asked for at once on two instances, only one of the links still works.
    const other = await api.anotherInstance();
    const answers = await Promise.all(
      [api.app, other, api.app, other].map((app) => requestLink("esi@example.com", app)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
    expect(await workingLinks(account.id)).toHaveLength(1);
    const tokens = (await mailedTokens("esi@example.com")).slice(2);
    const statuses = [];
    for (const token of tokens) statuses.push((await verify(token)).statusCode);
    expect(statuses.sort()).toEqual([200, 401, 401, 401]);
  });

  it("voids a disabled account's unused links and pending passkey registration", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await signedInStaff(api, "yaw@example.com", "sales");
    await requestLink("yaw@example.com");
    const [token] = await mailedTokens("yaw@example.com");
    const registering = await sales.call(passkeysApi.registerOptions, { body: {} });
    expect(registering.statusCode).toBe(200);
    const account = { id: sales.account.id };
    const disabled = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: account,
      body: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await workingLinks(sales.account.id)).toEqual([]);
    expect(await api.db.selectFrom("staff_passkey_challenges").select("purpose").execute()).toEqual(
      [],
    );
    const entry = await api.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "staff.disabled")
      .where("record_id", "=", sales.account.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail)).toMatchObject({ sessionsRevoked: 1, signInLinksVoided: 1 });

    // Enabled again, the account needs a new link: the one sent before is void.
    const enabled = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: account,
      body: { disabled: false },
    });
    expect(enabled.statusCode).toBe(200);
    expect((await verify(token ?? "")).statusCode).toBe(401);
    expect((await me(sales.cookie)).statusCode).toBe(401);
    await requestLink("yaw@example.com");
    const fresh = (await mailedTokens("yaw@example.com")).at(-1);
    expect((await verify(fresh ?? "")).statusCode).toBe(200);
  });
});
