import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The route table, in the order of the spec (section 2.1). Pages that share one layout share one
// module: the module looks its content up by the URL path.
export default [
  index("routes/home.tsx"),
  route("about-us", "routes/about-us.tsx"),
  route("services/collections", "routes/service.tsx", { id: "service-collections" }),
  route("services/direct-debit", "routes/service.tsx", { id: "service-direct-debit" }),
  route("services/payouts", "routes/service.tsx", { id: "service-payouts" }),
  route("services/web-checkout", "routes/service.tsx", { id: "service-web-checkout" }),
  route("services/request-to-pay", "routes/service.tsx", { id: "service-request-to-pay" }),
  route("services/value-added-services", "routes/value-added-services.tsx"),
  route("services/payment-services", "routes/payment-services.tsx"),
  route("services/e-commerce", "routes/e-commerce.tsx"),
  route("bulk-pay", "routes/service.tsx", { id: "service-bulk-pay" }),
  route("services/utilities", "routes/service.tsx", { id: "service-utilities" }),
  route("services/sms", "routes/service.tsx", { id: "service-sms" }),
  route("services/ussd", "routes/service.tsx", { id: "service-ussd" }),
  route("services/remittance", "routes/remittance.tsx"),
  route("help-center", "routes/help-center.tsx"),
  route("products/pensions-management-system", "routes/product.tsx", { id: "product-pensions" }),
  route("products/banking", "routes/product.tsx", { id: "product-banking" }),
  route("products/aslan", "routes/product.tsx", { id: "product-aslan" }),
  route("products/school-billing", "routes/product.tsx", { id: "product-school-billing" }),
  route("case-study", "routes/case-study.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("schedule-aslan-demo", "routes/demo-request.tsx", { id: "demo-aslan" }),
  route("request-vas-demo", "routes/demo-request.tsx", { id: "demo-vas" }),
  route("schedule-pension-management-demo", "routes/demo-request.tsx", { id: "demo-pensions" }),
  route("schedule-school-billing-demo", "routes/demo-request.tsx", { id: "demo-school-billing" }),
  route("schedule-banking-demo", "routes/demo-request.tsx", { id: "demo-banking" }),
  route("terms-and-conditions", "routes/terms-and-conditions.tsx"),
  route("careers", "routes/careers.tsx"),
  route("articles", "routes/articles.tsx"),
  route("get-started", "routes/get-started.tsx"),
  route("refund-and-chargeback-policy", "routes/policy.tsx", { id: "policy-refund" }),
  route("merchant-onboarding-policy", "routes/policy.tsx", { id: "policy-onboarding" }),
  route("return-and-delivery-policy", "routes/policy.tsx", { id: "policy-return" }),
  route("innovation-hub", "routes/innovation-hub.tsx"),
  route("cancellation-policy", "routes/policy.tsx", { id: "policy-cancellation" }),
  // Where the links of newsletter e-mails lead: a page with one button that does the job, then
  // a page that says what it did. "unlisted-" keeps them out of the sitemap.
  route("newsletter/confirm", "routes/newsletter-link.tsx", {
    id: "unlisted-newsletter-confirm",
  }),
  route("newsletter/unsubscribe", "routes/newsletter-link.tsx", {
    id: "unlisted-newsletter-unsubscribe",
  }),
  route("newsletter/confirmed", "routes/status.tsx", {
    id: "unlisted-newsletter-confirmed",
  }),
  route("newsletter/unsubscribed", "routes/status.tsx", {
    id: "unlisted-newsletter-unsubscribed",
  }),
  route("newsletter/link-not-valid", "routes/status.tsx", {
    id: "unlisted-newsletter-invalid",
  }),
  route("newsletter/try-again-later", "routes/status.tsx", {
    id: "unlisted-newsletter-later",
  }),
  // Where a lead form that posted itself lands (server/routes/leads.ts, FORM_PAGES).
  route("form/message-sent", "routes/status.tsx", { id: "unlisted-form-message-sent" }),
  route("form/demo-requested", "routes/status.tsx", { id: "unlisted-form-demo-requested" }),
  route("form/check-your-inbox", "routes/status.tsx", { id: "unlisted-form-check-inbox" }),
  route("form/not-sent", "routes/status.tsx", { id: "unlisted-form-not-sent" }),
  route("form/try-again-later", "routes/status.tsx", { id: "unlisted-form-later" }),
  // Anything else: the missing-page screen, served with status 404 (D14).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
