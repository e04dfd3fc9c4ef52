import { describe, expect, it } from "vitest";
import { apiPaths } from "../../common/paths";
import { MAX_SOURCE_URL, MAX_UTM, cleanSource } from "../../leads/source";
import {
  postForm,
  postJson,
  sampleContact,
  sampleDemo,
  describeLeadRoutes,
} from "../testing/lead-api";

// Where a lead's visit came from travels with every form (leads/source.ts). A value that is not
// what it should be is dropped, never a reason to lose the lead or to answer 5xx.

const SOURCE = {
  landingPage: "/services/ussd",
  referrer: "https://www.google.com/",
  utmSource: "facebook",
  utmMedium: "social",
  utmCampaign: "harmattan-2026",
  utmTerm: "ussd codes",
  utmContent: "video",
};

describe("cleanSource", () => {
  it("keeps a visit's landing page, referrer and campaign tags", () => {
    expect(cleanSource(SOURCE)).toEqual(SOURCE);
    expect(cleanSource({ landingPage: "/", utmSource: "  x  " })).toEqual({
      landingPage: "/",
      utmSource: "x",
    });
  });

  it("drops each value that is not what it should be, and keeps the others", () => {
    const bad = {
      landingPage: "//evil.example/phish",
      referrer: "https://google.com/search?q=my+email%40example.com",
      utmSource: "x".repeat(MAX_UTM + 1),
      utmMedium: "email\u0000",
      utmCampaign: 42,
      utmTerm: "bidi\u202e",
      utmContent: "ok",
    };
    expect(cleanSource(bad)).toEqual({ utmContent: "ok" });
    expect(cleanSource({ landingPage: `/${"a".repeat(MAX_SOURCE_URL)}` })).toBeUndefined();
    expect(cleanSource({ referrer: "javascript:alert(1)" })).toBeUndefined();
    expect(cleanSource({ referrer: "https://user:pw@example.com/" })).toBeUndefined();
    for (const junk of [null, "text", 7, [SOURCE], {}]) expect(cleanSource(junk)).toBeUndefined();
  });
});

describeLeadRoutes("attribution", (api) => {
  it("stores a demo request's source and shows it where staff read leads", async () => {
    const res = await postJson(api.app, apiPaths.demo, { ...sampleDemo, source: SOURCE });
    expect(res.statusCode).toBe(201);
    const row = await api.db.selectFrom("demo_requests").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      landing_page: "/services/ussd",
      referrer: "https://www.google.com/",
      utm_source: "facebook",
      utm_medium: "social",
      utm_campaign: "harmattan-2026",
      utm_term: "ussd codes",
      utm_content: "video",
    });
    // The sales e-mail says where the lead came from.
    await api.outbox.runOnce();
    const mail = api.transport.sent.find((m) => /demo request/i.test(m.subject));
    expect(mail?.text).toContain("harmattan-2026");
    expect(mail?.text).toContain("/services/ussd");
  });

  it("stores a contact message and a sign-up with what is valid, and without what is not", async () => {
    const contact = await postJson(api.app, apiPaths.contact, {
      ...sampleContact,
      source: { landingPage: "/about-us", utmSource: "x".repeat(5000), referrer: 12 },
    });
    expect(contact.statusCode).toBe(201);
    const stored = await api.db
      .selectFrom("contact_messages")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ landing_page: "/about-us", utm_source: null, referrer: null });

    const signUp = await postJson(api.app, apiPaths.subscribe, {
      email: "esi@example.com",
      source: { utmCampaign: "newsletter-push" },
    });
    expect(signUp.statusCode).toBe(202);
    // Signing up again from another campaign keeps the first one.
    await postJson(api.app, apiPaths.subscribe, {
      email: "esi@example.com",
      source: { utmCampaign: "second" },
    });
    const subscriber = await api.db
      .selectFrom("newsletter_subscriptions")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(subscriber.utm_campaign).toBe("newsletter-push");
  });

  it("never refuses or fails a lead for its source, whatever shape it has", async () => {
    for (const source of [null, "utm_source=x", [1, 2], { landingPage: { nested: true } }, 1e308]) {
      const res = await postJson(api.app, apiPaths.contact, {
        ...sampleContact,
        email: `p${Math.random().toString(36).slice(2)}@example.com`,
        source,
      });
      expect(res.statusCode, JSON.stringify(source)).toBe(201);
    }
    // A form posted without JavaScript carries no source: the lead is stored as ever.
    const res = await postForm(api.app, apiPaths.demo, {
      product: "banking",
      name: "Kofi",
      email: "kofi@example.com",
      phone: "0550000000",
    });
    expect(res.statusCode).toBe(303);
    const demo = await api.db.selectFrom("demo_requests").selectAll().executeTakeFirstOrThrow();
    expect(demo).toMatchObject({ page: "/schedule-banking-demo", landing_page: null });
  });
});
