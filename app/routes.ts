import { readdirSync } from "node:fs";
import { type RouteConfig, index, route } from "@react-router/dev/routes";
import {
  articleFeedPath,
  articlePath,
  articleSlug,
  demoPaths,
  formStatusPaths,
  newsletterLinkPaths,
  newsletterStatusPaths,
  pagePaths,
  policyPaths,
  productPaths,
  servicePaths,
} from "../common/paths";

// The route table. Every path comes from common/paths.ts; scripts/page-paths.test.ts checks that
// each page there has exactly one route here. The order is the order of the sitemap.

/** A page with a module of its own. */
const page = (path: string, file: string) => route(path.slice(1), file);

/**
 * A page whose module serves several pages and looks its content up by the path. Routes that
 * share a module need ids of their own: the path serves.
 */
const sharing = (file: string) => (path: string) =>
  route(path.slice(1), file, { id: path.slice(1) });

const service = sharing("routes/service.tsx");
/** Service pages by their names in servicePaths: the sitemap puts other pages between them. */
const services = (...names: (keyof typeof servicePaths)[]) =>
  names.map((name) => service(servicePaths[name]));
const product = sharing("routes/product.tsx");
const demo = sharing("routes/demo-request.tsx");
/** The terms and the policies: Markdown rendered at build time. */
const legal = sharing("routes/policy.tsx");
/** Where the links of newsletter e-mails lead: a page with one button that does the job. */
const newsletterLink = sharing("routes/newsletter-link.tsx");
/** Pages that say what a newsletter link's button or a form posted without JavaScript did. */
const status = sharing("routes/status.tsx");
/**
 * One page per Markdown file of content/articles/, newest first. A route each rather than one
 * route with a parameter: every page is prerendered, and an address that is no article then
 * meets the missing page in the browser too (the server already answers 404 for it).
 */
const article = sharing("routes/article.tsx");
const articleFiles = readdirSync(new URL("./content/articles/", import.meta.url))
  .filter((file) => file.endsWith(".md"))
  .toSorted()
  .reverse();

export default [
  index("routes/home.tsx"),
  page(pagePaths.aboutUs, "routes/about-us.tsx"),
  ...services("collections", "directDebit", "payouts", "webCheckout", "requestToPay"),
  page(pagePaths.valueAddedServices, "routes/value-added-services.tsx"),
  page(pagePaths.paymentServices, "routes/payment-services.tsx"),
  page(pagePaths.eCommerce, "routes/e-commerce.tsx"),
  ...services("bulkPay", "utilities", "sms", "ussd"),
  page(pagePaths.remittance, "routes/remittance.tsx"),
  page(pagePaths.helpCenter, "routes/help-center.tsx"),
  ...Object.values(productPaths).map(product),
  page(pagePaths.caseStudy, "routes/case-study.tsx"),
  page(pagePaths.contactUs, "routes/contact-us.tsx"),
  ...Object.values(demoPaths).map(demo),
  legal(pagePaths.termsAndConditions),
  page(pagePaths.careers, "routes/careers.tsx"),
  page(pagePaths.articles, "routes/articles.tsx"),
  ...articleFiles.map((file) => article(articlePath(articleSlug(file)))),
  // The articles' Atom feed: no page, a file written from the same list at build time.
  route(articleFeedPath.slice(1), "routes/articles-feed.ts"),
  page(pagePaths.getStarted, "routes/get-started.tsx"),
  legal(policyPaths.refund),
  legal(policyPaths.onboarding),
  legal(policyPaths.returns),
  page(pagePaths.innovationHub, "routes/innovation-hub.tsx"),
  legal(policyPaths.cancellation),
  ...Object.values(newsletterLinkPaths).map(newsletterLink),
  ...Object.values(newsletterStatusPaths).map(status),
  ...Object.values(formStatusPaths).map(status),
  // Anything else: the missing-page screen, which the server sends with status 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
