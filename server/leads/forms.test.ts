import { describe, expect, it } from "vitest";
import { sampleContact as contact, sampleDemo as demo, describeLeadApi } from "../testing/lead-api";
import { apiPaths } from "../../common/paths";

describeLeadApi("lead API", (api) => {
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
          firstName: "Enter your first name",
          lastName: "Enter your last name",
          email: "Enter an e-mail address in the right format, like name@example.com",
          message: "Enter your message",
          agreeToPolicy: "Tick the box to agree to our privacy policy",
        },
      });
      expect(await api.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(0);
    });

    it("drops unknown fields and refuses over-long ones", async () => {
      expect((await post(apiPaths.contact, { ...contact, isAdmin: true })).statusCode).toBe(201);
      const tooLong = await post(apiPaths.contact, { ...contact, firstName: "x".repeat(201) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().fields.firstName).toBe("First name must be 200 characters or fewer");
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
        name: "Enter your name",
        email: "Enter your e-mail address",
        phone: "Enter your phone number",
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
});
