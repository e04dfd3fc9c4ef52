import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../testing/lead-api";
import { addStaff, signedInStaff, useStaffApi } from "../../testing/staff-api";
import { signInSteps } from "./sign-in.testing";
import { STAFF_ENDPOINTS } from "../../../staff-api/endpoints";
import { sessionApi } from "../../../staff-api/session";
import { welcomeApi } from "../../../staff-api/newsletter";

describe.each(testDialects)("staff sign-in and sessions on $name", ({ url }) => {
  const api = useStaffApi(url);

  const { signIn, me } = signInSteps(api);

  it("refuses cross-origin posts and anything but JSON, never with a 5xx", async () => {
    await addStaff(api, "ato@example.com");
    const session = await signIn("ato@example.com");
    const evil = api.as(session, { origin: "https://evil.test" });
    const paths = new Set(STAFF_ENDPOINTS.map((endpoint) => endpoint.path));
    for (const path of [...paths].filter((p) => p !== sessionApi.me.path)) {
      const res = await evil.send("POST", path, { email: "ato@example.com" });
      expect(res.statusCode, path).toBe(403);
    }
    expect((await me(session)).statusCode).toBe(200);
    expect((await evil.call(sessionApi.me)).statusCode).toBe(403);

    const raw = (path: string, payload: string, type?: string) =>
      api.as(session).raw("POST", path, { contentType: type, body: payload });
    const cases: [string, string, string | undefined, number][] = [
      [
        sessionApi.requestLink.path,
        "email=ato@example.com",
        "application/x-www-form-urlencoded",
        415,
      ],
      [sessionApi.requestLink.path, '{"email":"ato@example.com"}', "text/plain", 415],
      [sessionApi.requestLink.path, '{"email":', "application/json", 400],
      [sessionApi.requestLink.path, "{}", "application/json", 400],
      [sessionApi.requestLink.path, '{"email":5}', "application/json", 400],
      [sessionApi.requestLink.path, '{"email":"not an address"}', "application/json", 400],
      [sessionApi.requestLink.path, '["ato@example.com"]', "application/json", 400],
      [sessionApi.requestLink.path, "null", "application/json", 400],
      [
        sessionApi.requestLink.path,
        JSON.stringify({ email: "a".repeat(20_000) }),
        "application/json",
        413,
      ],
      [sessionApi.verify.path, "{}", "application/json", 400],
      [sessionApi.verify.path, '{"token":123}', "application/json", 400],
      [sessionApi.verify.path, '{"token":"<script>"}', "application/json", 400],
      [sessionApi.verify.path, JSON.stringify({ token: "a".repeat(300) }), "application/json", 400],
      [sessionApi.verify.path, '{"token":"abc"}', "application/json", 401],
      [sessionApi.verify.path, '{"token":"abc"}', undefined, 415],
      [sessionApi.signOut.path, "bye", "text/plain", 415],
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
      marketing.raw("PUT", welcomeApi.get.path, { contentType: type, body: payload });
    const form = await put("subject=Hi&markdown=Hello", "application/x-www-form-urlencoded");
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ error: "Send application/json" });
    const text = await put('{"subject":"Hi","markdown":"Hello"}', "text/plain");
    expect(text.statusCode).toBe(415);
    expect(await api.db.selectFrom("newsletter_settings").selectAll().execute()).toEqual([]);
    const { headers } = await marketing.call(welcomeApi.get);
    const json = await marketing.raw("PUT", welcomeApi.save.path, {
      contentType: "application/json",
      body: '{"subject":"Hi","markdown":"Hello"}',
      headers: { "if-match": String(headers.etag) },
    });
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
