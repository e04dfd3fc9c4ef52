import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { staffApiPaths } from "../paths";
import { run as staffCli } from "../../cli/staff";
import { testDialects } from "../../testing";
import { cookieOf } from "../test-requests";
import {
  STAFF_SITE,
  addStaff,
  mailedSignInToken,
  requestSignInLink,
  signedInStaff,
  useStaffApi,
  verifySignInLink,
} from "../testing";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testDialects)("staff sign-in and sessions on $name", ({ url }) => {
  const api = useStaffApi(url);

  const requestLink = (email: string) => requestSignInLink(api, email);
  const mailedToken = (email: string) => mailedSignInToken(api, email);
  const verify = (token: unknown, app?: FastifyInstance) => verifySignInLink(api, token, { app });

  async function signIn(email: string): Promise<string> {
    expect((await requestLink(email)).statusCode).toBe(202);
    const res = await verify(await mailedToken(email));
    expect(res.statusCode).toBe(200);
    return cookieOf(res);
  }

  const me = (cookie: string, app?: FastifyInstance) =>
    api.as(cookie, { app }).get(staffApiPaths.me);

  const auditOf = (accountId: string) =>
    api.db
      .selectFrom("audit_log")
      .selectAll()
      .where((eb) => eb.or([eb("actor_id", "=", accountId), eb("record_id", "=", accountId)]))
      .orderBy("at")
      .execute();

  it("answers 202 to every address and mails a link only to an enabled account", async () => {
    await addStaff(api, "ama@example.com", "sales", "Ama Mensah");
    await addStaff(api, "kofi@example.com", "marketing");
    await staffCli(["disable", "--email", "kofi@example.com"], () => {}, {
      db: api.db,
      now: api.clock.now,
    });

    const answers = [];
    for (const email of ["AMA@example.com", "nobody@example.com", "kofi@example.com"]) {
      const res = await requestLink(email);
      answers.push({ status: res.statusCode, body: res.json() as unknown });
    }
    expect(answers[0]?.status).toBe(202);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    await api.outbox.runOnce();
    expect(api.transport.sent.map((m) => m.to)).toEqual(["ama@example.com"]);
    const [message] = api.transport.sent;
    expect(message?.text).toContain("Hello Ama Mensah");
    const token = await mailedToken("ama@example.com");
    expect(message?.html).toContain(`href="${STAFF_SITE}/staff/sign-in?token=${token}"`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    // Only the token's hash is stored; the outbox row is of its own kind.
    const rows = await api.db.selectFrom("staff_sign_in_tokens").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    const outbox = await api.db.selectFrom("outbox").select(["kind", "status"]).execute();
    expect(outbox).toEqual([{ kind: "staff-sign-in", status: "sent" }]);
    // Once sent, the stored message no longer holds the link.
    const stored = await api.db.selectFrom("outbox").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("signs in once with a valid token, and refuses it used, expired or unknown", async () => {
    const account = await addStaff(api, "esi@example.com", "admin", "Esi");
    await requestLink("esi@example.com");
    const token = await mailedToken("esi@example.com");

    // Opening the link (GET) signs nobody in.
    const opened = await api.app.inject({ url: `${staffApiPaths.verify}?token=${token}` });
    expect(opened.statusCode).toBe(405);

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: "esi@example.com", name: "Esi", role: "admin" });
    const setCookie = String(res.headers["set-cookie"]);
    const cookie = cookieOf(res);
    expect(setCookie).toMatch(
      /^staff_session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");

    const reused = await verify(token);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: expect.any(String) });

    await requestLink("esi@example.com");
    const late = await mailedToken("esi@example.com");
    api.advance(15 * MINUTE + 1000);
    expect((await verify(late)).statusCode).toBe(401);

    const unknown = await verify("A".repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(reused.json());

    const audit = await auditOf(account.id);
    expect(audit.map((e) => [e.action, JSON.parse(e.detail).reason])).toEqual([
      ["staff.account-added", undefined],
      ["staff.sign-in", undefined],
      ["staff.sign-in-failed", "used"],
      ["staff.sign-in-failed", "expired"],
    ]);
    const anonymous = await api.db
      .selectFrom("audit_log")
      .select(["detail"])
      .where("action", "=", "staff.sign-in-failed")
      .where("actor_id", "is", null)
      .execute();
    expect(anonymous.map((e) => JSON.parse(e.detail).reason)).toContain("unknown");
    // No secret in the log.
    const all = JSON.stringify(await api.db.selectFrom("audit_log").selectAll().execute());
    expect(all).not.toContain(token);
    expect(all).not.toContain(cookie.split("=")[1]);
  });

  it("lets exactly one of two concurrent verifies of one token succeed", async () => {
    await addStaff(api, "yaw@example.com");
    for (let round = 0; round < 5; round++) {
      await requestLink("yaw@example.com");
      const token = await mailedToken("yaw@example.com");
      const second = await api.anotherInstance();
      const answers = await Promise.all([verify(token), verify(token, second), verify(token)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
    }
    const sessions = await api.db.selectFrom("staff_sessions").select("id").execute();
    expect(sessions).toHaveLength(5);
  });

  it("keeps a session while it is used, and ends it after idle time or at the maximum", async () => {
    await addStaff(api, "abena@example.com", "marketing", "Abena");
    const session = await signIn("abena@example.com");
    expect(session).toMatch(/^staff_session=/);

    const ok = await me(session);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: "abena@example.com", name: "Abena", role: "marketing" });
    expect((await me("")).statusCode).toBe(401);
    expect((await me("staff_session=nonsense")).statusCode).toBe(401);

    const lastSeen = async () =>
      (await api.db.selectFrom("staff_sessions").select("last_seen_at").executeTakeFirstOrThrow())
        .last_seen_at;
    // Every request moves last_seen_at.
    api.advance(30_000);
    expect((await me(session)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(api.clock.now.toISOString());
    api.advance(1_000);
    expect((await me(session)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(api.clock.now.toISOString());

    // Used every 29 minutes it lives on; 30 minutes idle ends it.
    api.advance(29 * MINUTE);
    expect((await me(session)).statusCode).toBe(200);
    api.advance(30 * MINUTE);
    const idle = await me(session);
    expect(idle.statusCode).toBe(401);
    expect(String(idle.headers["set-cookie"])).toMatch(/^staff_session=; .*Max-Age=0/);

    // However busy, a session ends 12 hours after sign-in.
    const busy = await signIn("abena@example.com");
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      api.advance(20 * MINUTE);
      expect((await me(busy)).statusCode, `after ${elapsed}`).toBe(200);
    }
    api.advance(20 * MINUTE);
    expect((await me(busy)).statusCode).toBe(401);
  });

  it("signs out one browser, or every browser, in the database", async () => {
    const account = await addStaff(api, "kwame@example.com");
    const laptop = await signIn("kwame@example.com");
    const phone = await signIn("kwame@example.com");
    const tablet = await signIn("kwame@example.com");

    const out = await api.as(laptop).send("POST", staffApiPaths.signOut);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/^staff_session=; .*Max-Age=0/);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    // Signing out again with the dead cookie: 401, nothing to do.
    expect((await api.as(laptop).send("POST", staffApiPaths.signOut, {})).statusCode).toBe(401);

    const everywhere = await api.as(phone).send("POST", staffApiPaths.signOutEverywhere, {});
    expect(everywhere.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(401);
    const revoked = await api.db
      .selectFrom("staff_sessions")
      .select("revoked_at")
      .where("account_id", "=", account.id)
      .execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);

    // The next sign-in clears the dead sessions away.
    const fresh = await signIn("kwame@example.com");
    const left = await api.db
      .selectFrom("staff_sessions")
      .select("revoked_at")
      .where("account_id", "=", account.id)
      .execute();
    expect(left).toEqual([{ revoked_at: null }]);
    expect((await me(fresh)).statusCode).toBe(200);

    const actions = (await auditOf(account.id)).map((e) => e.action);
    expect(actions.filter((a) => a.startsWith("staff.sign-out"))).toEqual([
      "staff.sign-out",
      "staff.sign-out-everywhere",
    ]);
  });

  it("ends a disabled account's sessions at once, and its links stop working", async () => {
    const account = await addStaff(api, "efua@example.com", "admin");
    const session = await signIn("efua@example.com");
    await requestLink("efua@example.com");
    const unused = await mailedToken("efua@example.com");

    const out: string[] = [];
    await staffCli(["disable", "--email", "EFUA@example.com"], (t) => out.push(t), {
      db: api.db,
      now: api.clock.now,
    });
    expect(out.join("")).toMatch(/Disabled EFUA@example.com; its sessions are revoked/);
    expect((await me(session)).statusCode).toBe(401);
    expect((await verify(unused)).statusCode).toBe(401);
    expect((await requestLink("efua@example.com")).statusCode).toBe(202);
    await api.outbox.runOnce();
    expect(api.transport.sent.filter((m) => m.to === "efua@example.com")).toHaveLength(2);

    const audit = await auditOf(account.id);
    expect(audit.map((e) => e.action)).toEqual([
      "staff.account-added",
      "staff.sign-in",
      "staff.disabled",
      "staff.sign-in-failed",
    ]);
    expect(JSON.parse(audit[2]?.detail ?? "{}")).toMatchObject({ sessionsRevoked: 1 });
  });

  it("refuses cross-origin posts and anything but JSON, never with a 5xx", async () => {
    await addStaff(api, "ato@example.com");
    const session = await signIn("ato@example.com");
    const evil = api.as(session, { origin: "https://evil.test" });
    for (const path of Object.values(staffApiPaths).filter((p) => p !== staffApiPaths.me)) {
      const res = await evil.send("POST", path, { email: "ato@example.com" });
      expect(res.statusCode, path).toBe(403);
    }
    expect((await me(session)).statusCode).toBe(200);
    expect((await evil.get(staffApiPaths.me)).statusCode).toBe(403);

    const raw = (path: string, payload: string, type?: string) =>
      api.as(session).raw("POST", path, { contentType: type, body: payload });
    const cases: [string, string, string | undefined, number][] = [
      [
        staffApiPaths.requestLink,
        "email=ato@example.com",
        "application/x-www-form-urlencoded",
        415,
      ],
      [staffApiPaths.requestLink, '{"email":"ato@example.com"}', "text/plain", 415],
      [staffApiPaths.requestLink, '{"email":', "application/json", 400],
      [staffApiPaths.requestLink, "{}", "application/json", 400],
      [staffApiPaths.requestLink, '{"email":5}', "application/json", 400],
      [staffApiPaths.requestLink, '{"email":"not an address"}', "application/json", 400],
      [staffApiPaths.requestLink, '["ato@example.com"]', "application/json", 400],
      [staffApiPaths.requestLink, "null", "application/json", 400],
      [
        staffApiPaths.requestLink,
        JSON.stringify({ email: "a".repeat(20_000) }),
        "application/json",
        413,
      ],
      [staffApiPaths.verify, "{}", "application/json", 400],
      [staffApiPaths.verify, '{"token":123}', "application/json", 400],
      [staffApiPaths.verify, '{"token":"<script>"}', "application/json", 400],
      [staffApiPaths.verify, JSON.stringify({ token: "a".repeat(300) }), "application/json", 400],
      [staffApiPaths.verify, '{"token":"abc"}', "application/json", 401],
      [staffApiPaths.verify, '{"token":"abc"}', undefined, 415],
      [staffApiPaths.signOut, "bye", "text/plain", 415],
    ];
    for (const [path, payload, type, status] of cases) {
      const res = await raw(path, payload, type);
      expect(res.statusCode, `${path} ${type} ${payload.slice(0, 40)}`).toBe(status);
      expect(res.json(), path).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
    expect((await me(session)).statusCode).toBe(200);
  });

  it("takes a PUT as JSON only, like every other write", async () => {
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const put = (payload: string, type: string) =>
      marketing.raw("PUT", staffApiPaths.welcome, { contentType: type, body: payload });
    const form = await put("subject=Hi&markdown=Hello", "application/x-www-form-urlencoded");
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ error: "Send application/json" });
    const text = await put('{"subject":"Hi","markdown":"Hello"}', "text/plain");
    expect(text.statusCode).toBe(415);
    expect(await api.db.selectFrom("newsletter_settings").selectAll().execute()).toEqual([]);
    const json = await put('{"subject":"Hi","markdown":"Hello"}', "application/json");
    expect(json.statusCode, json.body).toBe(200);
  });

  it("guards routes by role: 401 without a session, 403 for a role not listed", async () => {
    const app = await api.anotherInstance();
    // A route as future staff routes will be written (this one exists in this test only).
    app.get(
      "/api/staff/test-admins-only",
      { preHandler: app.requireStaff("admin") },
      async (request) => ({ hello: request.staff?.email }),
    );
    await addStaff(api, "admin@example.com", "admin");
    await addStaff(api, "sales@example.com", "sales");
    const admin = await signIn("admin@example.com");
    const sales = await signIn("sales@example.com");
    const get = (cookie?: string) =>
      app.inject({ url: "/api/staff/test-admins-only", headers: cookie ? { cookie } : {} });
    expect((await get()).statusCode).toBe(401);
    const refused = await get(sales);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: expect.any(String) });
    const allowed = await get(admin);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ hello: "admin@example.com" });
    // /me is for every role.
    expect((await me(sales, app)).json()).toMatchObject({ role: "sales" });
  });

  it("keeps the audit log append-only", async () => {
    await addStaff(api, "adjoa@example.com");
    await expect(sql`update audit_log set action = 'tampered'`.execute(api.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(api.db)).rejects.toThrow(/append-only/);
    const count = await api.db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(0);
  });
});

describe.each(testDialects)("staff sign-in rate limits on $name", ({ url }) => {
  const api = useStaffApi(url, {
    limits: {
      perEmail: { max: 3, windowMs: 15 * MINUTE },
      perClient: { max: 5, windowMs: 15 * MINUTE },
    },
  });
  const from = (app: FastifyInstance, remoteAddress: string, path: string, payload: unknown) =>
    api.signedOut({ app, remoteAddress }).send("POST", path, payload);

  it("limits each address across instances, the same for accounts and strangers", async () => {
    await addStaff(api, "ama@example.com");
    const other = await api.anotherInstance();
    const answers = async (email: string) => {
      const seen = [];
      for (let i = 0; i < 5; i++) {
        // A new client each time, alternating between the two instances.
        const res = await from(
          i % 2 ? other : api.app,
          `203.0.113.${i + 1}`,
          staffApiPaths.requestLink,
          {
            email,
          },
        );
        seen.push({
          status: res.statusCode,
          body: res.json() as unknown,
          retry: res.headers["retry-after"] !== undefined,
        });
      }
      return seen;
    };
    const account = await answers("ama@example.com");
    expect(account.map((a) => a.status)).toEqual([202, 202, 202, 429, 429]);
    expect(account[3]?.retry).toBe(true);
    const stranger = await answers("nobody@example.com");
    expect(stranger).toEqual(account);
    // Another spelling of the same address is the same address.
    const res = await from(api.app, "203.0.113.99", staffApiPaths.requestLink, {
      email: "AMA@Example.com",
    });
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    await api.outbox.runOnce();
    expect(api.transport.sent).toHaveLength(3);

    // The next window starts afresh.
    api.advance(15 * MINUTE);
    expect(
      (await from(other, "203.0.113.7", staffApiPaths.requestLink, { email: "ama@example.com" }))
        .statusCode,
    ).toBe(202);
  });

  it("limits each client across instances and both sign-in endpoints", async () => {
    const other = await api.anotherInstance();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const app = i % 2 ? other : api.app;
      statuses.push(
        (await from(app, "198.51.100.7", staffApiPaths.requestLink, { email: `p${i}@example.com` }))
          .statusCode,
      );
    }
    statuses.push(
      (await from(other, "198.51.100.7", staffApiPaths.verify, { token: "A".repeat(43) }))
        .statusCode,
    );
    statuses.push(
      (await from(api.app, "198.51.100.7", staffApiPaths.verify, { token: "A".repeat(43) }))
        .statusCode,
    );
    statuses.push(
      (await from(other, "198.51.100.7", staffApiPaths.requestLink, { email: "q@example.com" }))
        .statusCode,
    );
    expect(statuses).toEqual([202, 202, 202, 202, 401, 429, 429]);
    // Another client is not held back.
    expect(
      (await from(other, "198.51.100.8", staffApiPaths.requestLink, { email: "q@example.com" }))
        .statusCode,
    ).toBe(202);
  });
});
