import { describe, expect, it } from "vitest";
import {
  postForm,
  postJson,
  sampleContact as contact,
  sampleDemo as demo,
  testApp,
  testDatabase,
  testDialects,
  useLeadApi,
} from "../testing";
import { apiPaths } from "../../common/paths";

describe.each(testDialects)("lead API on $name", ({ url }) => {
  const api = useLeadApi(url);

  const { post } = api;

  describe("POST /api/contact", () => {
    it("stores the message with its notification and answers 201", async () => {
      const res = await post(apiPaths.contact, contact);
      expect(res.statusCode).toBe(201);
      const rows = await api.db.selectFrom("contact_messages").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        first_name: "Ama",
        last_name: "Mensah",
        email: "ama@example.com",
        phone: "+233 55 000 0000",
      });
      const mail = await api.db.selectFrom("outbox").selectAll().execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ kind: "contact", lead_id: rows[0]?.id, status: "pending" });
    });

    it("sends the sales team every field, phone included, with reply-to set to the visitor", async () => {
      await post(apiPaths.contact, contact);
      await api.outbox.runOnce();
      expect(api.transport.sent).toHaveLength(1);
      const [message] = api.transport.sent;
      expect(message?.to).toBe("sales@site.test");
      expect(message?.replyTo).toBe("ama@example.com");
      expect(message?.text).toContain("+233 55 000 0000");
      expect(message?.text).toContain("We would like to accept mobile money.");
      expect(message?.params).toMatchObject({
        from_name: "Ama Mensah",
        from_email: "ama@example.com",
      });
    });

    it("links the sales team's e-mail straight to the lead in the staff console", async () => {
      await post(apiPaths.contact, contact);
      await post(apiPaths.demo, demo);
      await api.outbox.runOnce();
      const contactRow = await api.db
        .selectFrom("contact_messages")
        .select("id")
        .executeTakeFirst();
      const demoRow = await api.db.selectFrom("demo_requests").select("id").executeTakeFirst();
      const [contactMail, demoMail] = api.transport.sent;
      const contactLink = `https://site.test/staff/leads/contact_${contactRow?.id}`;
      const demoLink = `https://site.test/staff/leads/demo_${demoRow?.id}`;
      expect(contactMail?.text).toContain(contactLink);
      expect(contactMail?.html).toContain(`href="${contactLink}"`);
      expect(demoMail?.text).toContain(demoLink);
      expect(demoMail?.html).toContain(`href="${demoLink}"`);
    });

    it("answers 400 with each invalid field's message and stores nothing", async () => {
      const res = await post(apiPaths.contact, {
        firstName: " ",
        email: "nope",
        agreeToPolicy: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "Some fields are missing or invalid",
        fields: {
          firstName: "First name is required",
          lastName: "Last name is required",
          email: "Email is invalid",
          message: "Message is required",
          agreeToPolicy: "To send a message you must first agree to our privacy policy",
        },
      });
      expect(await api.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(0);
    });

    it("drops unknown fields and refuses over-long ones", async () => {
      expect((await post(apiPaths.contact, { ...contact, isAdmin: true })).statusCode).toBe(201);
      const tooLong = await post(apiPaths.contact, { ...contact, firstName: "x".repeat(201) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().fields.firstName).toMatch(/at most 200/);
    });

    it("stores a retried submission once: the same Idempotency-Key is one lead", async () => {
      const key = { "idempotency-key": "retry-key-0001" };
      expect((await post(apiPaths.contact, contact, key)).statusCode).toBe(201);
      expect((await post(apiPaths.contact, contact, key)).statusCode).toBe(201);
      expect((await post(apiPaths.demo, demo, key)).statusCode).toBe(201);
      expect((await post(apiPaths.demo, demo, key)).statusCode).toBe(201);
      expect(await api.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(1);
      expect(await api.db.selectFrom("demo_requests").selectAll().execute()).toHaveLength(1);
      expect(await api.db.selectFrom("outbox").selectAll().execute()).toHaveLength(2);
      // Without a key (or with another one) each post is its own lead.
      await post(apiPaths.contact, contact);
      await post(apiPaths.contact, contact, { "idempotency-key": "retry-key-0002" });
      expect(await api.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(3);
    });

    it("refuses header injection and makes HTML injection harmless", async () => {
      const injected = await post(apiPaths.contact, {
        ...contact,
        firstName: "Eve\r\nBcc: all@example.com",
      });
      expect(injected.statusCode).toBe(400);
      expect(injected.json().fields.firstName).toMatch(/control characters/);
      await post(apiPaths.contact, { ...contact, message: "<script>alert(1)</script>" });
      await api.outbox.runOnce();
      const [message] = api.transport.sent;
      expect(message?.subject).not.toMatch(/[\r\n]/);
      expect(message?.html).not.toContain("<script>");
      expect(message?.html).toContain("&lt;script&gt;");
    });
  });

  describe("POST /api/demo", () => {
    it("keeps the {formData} shape, records product and page, and keeps free-text industry", async () => {
      const res = await post(apiPaths.demo, demo);
      expect(res.statusCode).toBe(201);
      const [row] = await api.db.selectFrom("demo_requests").selectAll().execute();
      expect(row).toMatchObject({
        product: "aslan",
        page: "/schedule-aslan-demo",
        name: "Kofi Boateng",
        industry: "Agriculture",
        job_title: "CEO",
      });
      await api.outbox.runOnce();
      expect(api.transport.sent[0]?.subject).toBe("Demo request (ASLAN): Kofi Boateng, Susu Co");
      expect(api.transport.sent[0]?.replyTo).toBe("kofi@example.com");
    });

    it("answers 400 with the demo form's messages", async () => {
      const res = await post(apiPaths.demo, {
        product: "vas",
        formData: { name: "", email: "", phone: "" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        name: "Your name is required",
        email: "Email is required",
        phone: "Phone Number is required",
      });
    });

    it("refuses an unknown product", async () => {
      const res = await post(apiPaths.demo, { ...demo, product: "crypto" });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.product).toBe("Unknown product");
    });
  });

  describe("POST /api/subscribe", () => {
    it("stores a pending subscription and sends a confirmation with unsubscribe headers", async () => {
      const res = await post(
        apiPaths.subscribe,
        { email: "Esi@Example.com" },
        { referer: "https://site.test/help-center" },
      );
      expect(res.statusCode).toBe(202);
      const [row] = await api.db.selectFrom("newsletter_subscriptions").selectAll().execute();
      // Stored as typed but for the domain, which ignores case.
      expect(row).toMatchObject({
        email: "Esi@example.com",
        email_key: "esi@example.com",
        status: "pending",
        source: "/help-center",
      });
      await api.outbox.runOnce();
      const [message] = api.transport.sent;
      expect(message?.to).toBe("Esi@example.com");
      expect(message?.text).toContain(
        `https://site.test/newsletter/confirm?token=${row?.confirm_token}`,
      );
      expect(message?.text).toContain(
        `https://site.test/newsletter/unsubscribe?token=${row?.unsubscribe_token}`,
      );
      expect(message?.headers).toEqual({
        "List-Unsubscribe": `<https://site.test/api/newsletter/unsubscribe?token=${row?.unsubscribe_token}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    });

    it("stores one row for an address subscribed twice and answers the same", async () => {
      const first = await post(apiPaths.subscribe, { email: "kwesi@example.com" });
      const second = await post(apiPaths.subscribe, { email: "KWESI@example.com" });
      expect(second.statusCode).toBe(first.statusCode);
      expect(second.body).toBe(first.body);
      expect(
        await api.db.selectFrom("newsletter_subscriptions").selectAll().execute(),
      ).toHaveLength(1);
      // The second request within the hour does not mail the person again.
      expect(await api.db.selectFrom("outbox").selectAll().execute()).toHaveLength(1);
    });
  });

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
      const malformed = await api.app.inject({
        method: "POST",
        url: apiPaths.contact,
        headers: { "content-type": "application/json" },
        payload: "{nope",
      });
      expect(malformed.statusCode).toBe(400);
      const huge = await post(apiPaths.contact, { ...contact, message: "x".repeat(20_000) });
      expect(huge.statusCode).toBe(413);
      const text = await api.app.inject({
        method: "POST",
        url: apiPaths.subscribe,
        headers: { "content-type": "text/plain" },
        payload: "a@b.gh",
      });
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
        const res = await api.app.inject({
          method: "POST",
          url: apiPaths.subscribe,
          headers: { "content-type": "application/json" },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
      }
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  });

  describe("a form the browser posts itself (before the page's JavaScript runs)", () => {
    const submit = (path: string, fields: Record<string, string> | string) =>
      postForm(api.app, path, fields);

    it("stores a contact message and sends the visitor to a page that says it was sent", async () => {
      const { agreeToPolicy: _checked, ...fields } = contact;
      const res = await submit(apiPaths.contact, { ...fields, agreeToPolicy: "on", website: "" });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe("/form/message-sent");
      const rows = await api.db.selectFrom("contact_messages").selectAll().execute();
      expect(rows).toMatchObject([{ first_name: "Ama", email: "ama@example.com" }]);
      expect(await api.db.selectFrom("outbox").selectAll().execute()).toHaveLength(1);
    });

    it("stores a demo request with its product from the hidden field", async () => {
      const res = await submit(apiPaths.demo, { product: "vas", ...demo.formData });
      expect(res.headers.location).toBe("/form/demo-requested");
      const rows = await api.db.selectFrom("demo_requests").selectAll().execute();
      expect(rows).toMatchObject([{ name: "Kofi Boateng", page: "/request-vas-demo" }]);
    });

    it("subscribes an address and asks the visitor to check their inbox", async () => {
      const res = await submit(apiPaths.subscribe, { email: "yaa@example.com" });
      expect(res.headers.location).toBe("/form/check-your-inbox");
      const rows = await api.db.selectFrom("newsletter_subscriptions").selectAll().execute();
      expect(rows).toMatchObject([{ email: "yaa@example.com" }]);
    });

    it("stores nothing and says so when a field is missing, the policy unchecked or the product unknown", async () => {
      const { agreeToPolicy: _checked, ...unchecked } = contact;
      for (const [path, fields] of [
        [apiPaths.contact, unchecked],
        [apiPaths.demo, { product: "vas", ...demo.formData, name: "" }],
        [apiPaths.demo, { product: "other", ...demo.formData }],
        [apiPaths.subscribe, { email: "not-an-address" }],
      ] as const) {
        const res = await submit(path, fields);
        expect(res.statusCode, path).toBe(303);
        expect(res.headers.location, path).toBe("/form/not-sent");
      }
      expect(await api.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(0);
      expect(await api.db.selectFrom("demo_requests").selectAll().execute()).toHaveLength(0);
      expect(
        await api.db.selectFrom("newsletter_subscriptions").selectAll().execute(),
      ).toHaveLength(0);
    });

    it("treats a filled honeypot like a sent form and stores nothing", async () => {
      const res = await submit(apiPaths.subscribe, { email: "bot@example.com", website: "x" });
      expect(res.headers.location).toBe("/form/check-your-inbox");
      expect(
        await api.db.selectFrom("newsletter_subscriptions").selectAll().execute(),
      ).toHaveLength(0);
    });

    it("does not let a field named __proto__ reach the schema", async () => {
      const res = await submit(apiPaths.subscribe, "__proto__=x&email=esi%40example.com");
      expect(res.headers.location).toBe("/form/check-your-inbox");
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });

    it("stores the same lead, with the same e-mail, as the JSON the page's script posts", async () => {
      const { agreeToPolicy: _checked, ...contactFields } = contact;
      const cases = [
        {
          path: apiPaths.contact,
          table: "contact_messages",
          json: contact,
          form: { ...contactFields, agreeToPolicy: "on", website: "" },
        },
        {
          path: apiPaths.demo,
          table: "demo_requests",
          json: demo,
          form: { product: demo.product, ...demo.formData },
        },
        {
          path: apiPaths.subscribe,
          table: "newsletter_subscriptions",
          json: { email: "Esi@Example.com" },
          form: { email: "Esi@Example.com" },
        },
      ] as const;
      const headers = { referer: "https://site.test/help-center" };
      // What was stored, without what differs between any two posts (ids, times, tokens); then
      // emptied for the next post.
      const takeStored = async (table: (typeof cases)[number]["table"]) => {
        const rows = await api.db.selectFrom(table).selectAll().execute();
        const mail = await api.db.selectFrom("outbox").selectAll().execute();
        await api.db.deleteFrom("outbox").execute();
        await api.db.deleteFrom(table).execute();
        return {
          rows: rows.map((row) => withoutKeys(row, VARYING_COLUMNS)),
          mail: mail.map(({ kind, payload }) => {
            const { to, replyTo, subject } = JSON.parse(payload) as Record<string, unknown>;
            return { kind, to, replyTo, subject };
          }),
        };
      };
      for (const { path, table, json, form } of cases) {
        expect((await post(path, json, headers)).statusCode, path).toBeLessThan(300);
        const fromJson = await takeStored(table);
        expect(fromJson.rows, path).toHaveLength(1);
        expect(fromJson.mail, path).toHaveLength(1);
        expect((await postForm(api.app, path, form, { headers })).statusCode, path).toBe(303);
        expect(await takeStored(table), path).toEqual(fromJson);
      }
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

/** Columns that differ between two posts of the same lead. */
const VARYING_COLUMNS = [
  "id",
  "created_at",
  "updated_at",
  "consent_at",
  "policy_agreed_at",
  "confirm_token",
  "unsubscribe_token",
];

function withoutKeys(row: object, keys: readonly string[]) {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
}
