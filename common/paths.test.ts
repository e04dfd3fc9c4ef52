import { describe, expect, it } from "vitest";
import * as paths from "./paths";

// The site's addresses are public: bookmarked, shared, printed in e-mails already sent. This list
// is written out so that changing one is a visible, deliberate change.
describe("paths", () => {
  it("are the site's public addresses", () => {
    const {
      notFoundPath,
      articleFeedPath,
      unlistedPaths: _unlisted,
      articlePath: _articlePath,
      articleSlug: _articleSlug,
      consoleLeadPath: _consoleLeadPath,
      ...groups
    } = paths;
    const all = Object.values(groups).flatMap((group) => Object.values(group));
    expect(notFoundPath).toBe("/404");
    expect(articleFeedPath).toBe("/articles/feed.xml");
    expect(new Set(all).size).toBe(all.length);
    expect(all.toSorted()).toEqual([
      "/",
      "/about-us",
      "/api/contact",
      "/api/demo",
      "/api/health",
      "/api/mail/events/postmark",
      "/api/mail/events/ses",
      "/api/mail/inbound/postmark",
      "/api/newsletter/unsubscribe",
      "/api/ready",
      "/api/subscribe",
      "/articles",
      "/bulk-pay",
      "/cancellation-policy",
      "/careers",
      "/case-study",
      "/contact-us",
      "/form/check-your-inbox",
      "/form/demo-requested",
      "/form/message-sent",
      "/form/not-sent",
      "/form/try-again-later",
      "/get-started",
      "/help-center",
      "/innovation-hub",
      "/merchant-onboarding-policy",
      "/newsletter/confirm",
      "/newsletter/confirmed",
      "/newsletter/link-not-valid",
      "/newsletter/try-again-later",
      "/newsletter/unsubscribe",
      "/newsletter/unsubscribed",
      "/products/aslan",
      "/products/banking",
      "/products/pensions-management-system",
      "/products/school-billing",
      "/refund-and-chargeback-policy",
      "/request-vas-demo",
      "/return-and-delivery-policy",
      "/schedule-aslan-demo",
      "/schedule-banking-demo",
      "/schedule-pension-management-demo",
      "/schedule-school-billing-demo",
      "/services/collections",
      "/services/direct-debit",
      "/services/e-commerce",
      "/services/payment-services",
      "/services/payouts",
      "/services/remittance",
      "/services/request-to-pay",
      "/services/sms",
      "/services/ussd",
      "/services/utilities",
      "/services/value-added-services",
      "/services/web-checkout",
      "/staff",
      "/staff/account",
      "/staff/admin/access-request",
      "/staff/admin/accounts",
      "/staff/admin/audit",
      "/staff/admin/emails",
      "/staff/admin/erase",
      "/staff/admin/outbox",
      "/staff/admin/routing",
      "/staff/admin/sending-domain",
      "/staff/admin/service-hours",
      "/staff/leads",
      "/staff/newsletter/campaigns",
      "/staff/newsletter/campaigns/new",
      "/staff/newsletter/welcome",
      "/staff/preview",
      "/staff/reports",
      "/staff/sign-in",
      "/staff/sign-out",
      "/staff/site/articles",
      "/staff/site/case-studies",
      "/staff/site/media",
      "/staff/site/positions",
      "/staff/subscribers",
      "/staff/suppressions",
      "/staff/welcome",
      "/terms-and-conditions",
    ]);
  });

  it("give each article an address from its file name, without the date", () => {
    expect(paths.articleSlug("./articles/2025-03-04-mobile-money-for-shops.md")).toBe(
      "mobile-money-for-shops",
    );
    expect(paths.articlePath("mobile-money-for-shops")).toBe("/articles/mobile-money-for-shops");
    expect(() => paths.articleSlug("mobile-money.md")).toThrow(/YYYY-MM-DD/);
    expect(() => paths.articleSlug("2025-03-04-Mobile Money.md")).toThrow(/YYYY-MM-DD/);
  });

  it("keep the pages that follow an action out of the sitemap", () => {
    expect(paths.unlistedPaths).toHaveLength(11);
    expect(paths.unlistedPaths).not.toContain(paths.pagePaths.contactUs);
  });

  it("take a console path as where to go after signing in, and nothing that leaves the console", () => {
    for (const next of ["/staff/leads/demo_1", "/staff/leads?status=new&q=a%20b", "/staff/"]) {
      expect(paths.consoleNext(next), next).toBe(next);
    }
    for (const next of [
      null,
      "",
      "/staff",
      "/leads/demo_1",
      "//evil.example/staff/",
      "https://evil.example/staff/leads",
      "/staff/../admin",
      "/staff/%2e%2e/x",
      "/staff/./leads",
      "/staff\\..\\x",
      "/staff/\\evil.example",
      "/staff/leads\nSet-Cookie: x",
      "/staff/leads /x",
      "/staff/sign-in?next=/staff/leads",
      "/staff/é",
      `/staff/${"a".repeat(2000)}`,
    ]) {
      expect(paths.consoleNext(next), String(next)).toBeNull();
    }
  });
});
