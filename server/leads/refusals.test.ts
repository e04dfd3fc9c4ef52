import { describe, expect, it } from "vitest";
import {
  postForm,
  postJson,
  sampleContact as contact,
  sampleDemo as demo,
  testApp,
  testDatabase,
  describeLeadRoutes,
  postRaw,
} from "../testing/lead-api";
import { apiPaths } from "../../common/paths";

describeLeadRoutes("lead API", (api) => {
  const { post } = api;

  describe("spam and bad input", () => {
    it("answers a filled honeypot like a success and stores or sends nothing", async () => {
      for (const [path, body] of [
        [apiPaths.contact, { ...contact, website: "http://spam.example" }],
        [apiPaths.demo, { ...demo, website: "x" }],
        [apiPaths.subscribe, { email: "bot@example.com", website: "x" }],
      ] as const) {
        const res = await post(path, body);
        expect(res.statusCode, path).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, path).toBeLessThan(300);
      }
      expect(await api.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(0);
      expect(await api.db.selectFrom("demo_requests").selectAll().execute()).toHaveLength(0);
      expect(
        await api.db.selectFrom("newsletter_subscriptions").selectAll().execute(),
      ).toHaveLength(0);
      expect(await api.db.selectFrom("outbox").selectAll().execute()).toHaveLength(0);
    });

    it("answers malformed JSON with 400, a huge body with 413, a wrong type with 415", async () => {
      const malformed = await postRaw(api.app, apiPaths.contact, "application/json", "{nope");
      expect(malformed.statusCode).toBe(400);
      const huge = await post(apiPaths.contact, { ...contact, message: "x".repeat(20_000) });
      expect(huge.statusCode).toBe(413);
      const text = await postRaw(api.app, apiPaths.subscribe, "text/plain", "a@b.gh");
      expect(text.statusCode).toBe(415);
    });

    it("refuses non-object bodies and prototype pollution with 400", async () => {
      for (const payload of [
        "[]",
        "null",
        '"text"',
        "42",
        '{"__proto__":{"admin":true},"email":"a@b.gh"}',
      ]) {
        const res = await postRaw(api.app, apiPaths.subscribe, "application/json", payload);
        expect(res.statusCode, payload).toBe(400);
      }
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  });

  describe("when the database is gone", () => {
    it("answers 503 and /api/ready reports it", async () => {
      const broken = await testDatabase();
      const brokenApp = await testApp(broken, { outbox: api.outbox });
      await broken.destroy();
      const res = await brokenApp.inject({
        method: "POST",
        url: apiPaths.contact,
        payload: contact,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/try again/);
      const form = await postForm(brokenApp, apiPaths.subscribe, "email=ama%40example.com");
      expect(form.headers.location).toBe("/form/try-again-later");
      expect((await brokenApp.inject({ url: apiPaths.ready })).statusCode).toBe(503);
      await brokenApp.close();
    });

    it("reports ready while the database answers", async () => {
      const res = await api.app.inject({ url: apiPaths.ready });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ready", database: "up" });
    });
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After after the limit, per endpoint and per client", async () => {
    const db = await testDatabase();
    const app = await testApp(db, { config: { rateLimit: { max: 3, windowMs: 60_000 } } });
    const send = (ip: string, url: string = apiPaths.subscribe) =>
      postJson(app, url, { email: "a@b.gh" }, { remoteAddress: ip });
    for (let i = 0; i < 3; i += 1) expect((await send("10.0.0.1")).statusCode).toBe(202);
    const limited = await send("10.0.0.1");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/Too many attempts/);
    // Another client is not affected, nor is another endpoint for the same client.
    expect((await send("10.0.0.2")).statusCode).toBe(202);
    expect((await send("10.0.0.1", apiPaths.contact)).statusCode).toBe(400);
    // A form the browser posted itself is sent to a page that asks to try again later.
    const form = await postForm(app, apiPaths.subscribe, "email=a%40b.gh", {
      remoteAddress: "10.0.0.1",
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe("/form/try-again-later");
    await app.close();
    await db.destroy();
  });
});
