import { describe, expect, it } from "vitest";
import * as paths from "./paths";

// The site's addresses are public: bookmarked, shared, printed in e-mails already sent. This list
// is written out so that changing one is a visible, deliberate change.
describe("paths", () => {
  it("are the site's public addresses", () => {
    const { notFoundPath, unlistedPaths: _unlisted, ...groups } = paths;
    expect(notFoundPath).toBe("/404");
    expect(groups).toEqual({
      servicePaths: {
        collections: "/services/collections",
        directDebit: "/services/direct-debit",
        payouts: "/services/payouts",
        webCheckout: "/services/web-checkout",
        requestToPay: "/services/request-to-pay",
        bulkPay: "/bulk-pay",
        utilities: "/services/utilities",
        sms: "/services/sms",
        ussd: "/services/ussd",
      },
      productPaths: {
        pensions: "/products/pensions-management-system",
        banking: "/products/banking",
        aslan: "/products/aslan",
        schoolBilling: "/products/school-billing",
      },
      demoPaths: {
        aslan: "/schedule-aslan-demo",
        vas: "/request-vas-demo",
        "pension-management": "/schedule-pension-management-demo",
        "school-billing": "/schedule-school-billing-demo",
        banking: "/schedule-banking-demo",
      },
      policyPaths: {
        refund: "/refund-and-chargeback-policy",
        onboarding: "/merchant-onboarding-policy",
        returns: "/return-and-delivery-policy",
        cancellation: "/cancellation-policy",
      },
      pagePaths: {
        home: "/",
        aboutUs: "/about-us",
        valueAddedServices: "/services/value-added-services",
        paymentServices: "/services/payment-services",
        eCommerce: "/services/e-commerce",
        remittance: "/services/remittance",
        helpCenter: "/help-center",
        caseStudy: "/case-study",
        contactUs: "/contact-us",
        termsAndConditions: "/terms-and-conditions",
        careers: "/careers",
        articles: "/articles",
        getStarted: "/get-started",
        innovationHub: "/innovation-hub",
      },
      newsletterLinkPaths: {
        confirm: "/newsletter/confirm",
        unsubscribe: "/newsletter/unsubscribe",
      },
      newsletterStatusPaths: {
        confirmed: "/newsletter/confirmed",
        unsubscribed: "/newsletter/unsubscribed",
        invalid: "/newsletter/link-not-valid",
        unavailable: "/newsletter/try-again-later",
      },
      formStatusPaths: {
        messageSent: "/form/message-sent",
        demoRequested: "/form/demo-requested",
        checkInbox: "/form/check-your-inbox",
        notSent: "/form/not-sent",
        tryAgainLater: "/form/try-again-later",
      },
      apiPaths: {
        subscribe: "/api/subscribe",
        contact: "/api/contact",
        demo: "/api/demo",
        oneClickUnsubscribe: "/api/newsletter/unsubscribe",
        health: "/api/health",
        ready: "/api/ready",
      },
    });
  });

  it("keep the pages that follow an action out of the sitemap", () => {
    expect(paths.unlistedPaths).toHaveLength(11);
    expect(paths.unlistedPaths).not.toContain(paths.pagePaths.contactUs);
  });
});
