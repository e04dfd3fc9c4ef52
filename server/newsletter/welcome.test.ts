import { describe, expect, it } from "vitest";
import { apiPaths, newsletterLinkPaths } from "../../common/paths";
import { postJson, testDialects } from "../testing/lead-api";
import { STAFF_SITE, signedInStaff, useStaffApi } from "../testing/staff-api";
import { DEFAULT_WELCOME } from "./welcome";
import { welcomeApi } from "../../staff-api/newsletter";
import { unchecked, ANY_VERSION } from "../testing/staff-client";

// The welcome e-mail: sent once to a subscriber who confirms, in the words marketing saved.

describe.each(testDialects)("the welcome e-mail on $name", ({ url }) => {
  const api = useStaffApi(url);
  /** A signed-in staff member's call to the console's API, with a JSON body if `payload`. */

  /** Subscribes and confirms `email`; returns the welcome e-mails it was sent. */
  async function subscribeAndConfirm(email: string, times = 1) {
    expect((await postJson(api.app, apiPaths.subscribe, { email })).statusCode).toBe(202);
    const row = await api.db
      .selectFrom("newsletter_subscriptions")
      .select("confirm_token")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < times; i++) {
      const res = await api.app.inject({
        method: "POST",
        url: `${newsletterLinkPaths.confirm}?token=${row.confirm_token}`,
        headers: { origin: STAFF_SITE },
      });
      expect(res.statusCode).toBe(303);
    }
    api.advance(1000); // the outbox runs on the tests' clock: the welcome is due now
    await api.outbox.runOnce();
    return api.transport.sent.filter((m) => m.to === email && !/confirm/i.test(m.subject));
  }

  it("welcomes a subscriber who confirms, once, with their own unsubscribe link", async () => {
    const [welcome, ...more] = await subscribeAndConfirm("efua@example.com", 2);
    expect(more).toEqual([]);
    expect(welcome?.subject).toBe(DEFAULT_WELCOME.subject);
    expect(welcome?.text).toContain("Akwaaba, and thank you for confirming");
    // Three paragraphs, no sentence broken in the middle.
    expect(welcome?.html.match(/<p>/g)).toHaveLength(3);
    expect(welcome?.html).not.toMatch(/<br/);
    const { unsubscribe_token: token } = await api.db
      .selectFrom("newsletter_subscriptions")
      .select("unsubscribe_token")
      .where("email", "=", "efua@example.com")
      .executeTakeFirstOrThrow();
    expect(welcome?.html).toContain(`${newsletterLinkPaths.unsubscribe}?token=${token}`);
    expect(welcome?.headers).toEqual({
      "List-Unsubscribe": `<${STAFF_SITE}${apiPaths.oneClickUnsubscribe}?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Feedback-ID": "newsletter-welcome:newsletter-welcome:newsletter:localhost",
    });
  });

  it("lets marketing preview and save it; the next subscriber gets the new words", async () => {
    const { cookie, account } = await signedInStaff(api, "mkt@example.com", "marketing");
    const draft = { subject: "Akwaaba!", markdown: "**Thank you.**\n\n<script>alert(1)</script>" };
    const preview = await api.as(cookie).call(welcomeApi.preview, { body: draft });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().html).toContain("<strong>Thank you.</strong>");
    expect(preview.json().html).not.toContain("<script");

    const saved = await api.as(cookie).call(welcomeApi.save, { headers: ANY_VERSION, body: draft });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ subject: "Akwaaba!", updatedBy: "mkt@example.com" });
    const read = await api.as(cookie).call(welcomeApi.get);
    expect(read.json()).toMatchObject({ subject: "Akwaaba!", markdown: draft.markdown });
    const audit = await api.db
      .selectFrom("audit_log")
      .select("action")
      .where("actor_id", "=", account.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain("newsletter.welcome-changed");

    const [welcome] = await subscribeAndConfirm("kwame@example.com");
    expect(welcome?.subject).toBe("Akwaaba!");
    expect(welcome?.html).toContain("&lt;script&gt;");
  });

  it("refuses an empty or oversized draft with a clear 400, and sales altogether", async () => {
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    for (const payload of [
      { subject: "", markdown: "x" },
      { subject: "x", markdown: "x".repeat(20_001) },
      {},
    ]) {
      const res = await api
        .as(marketing.cookie)
        .call(welcomeApi.save, { headers: ANY_VERSION, body: unchecked(payload) });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const res = await api.as(sales.cookie).call(welcomeApi.get);
    expect(res.statusCode).toBe(403);
  });
});
