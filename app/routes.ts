import {
  articleFeedPath,
  articlePath,
  articleSlug,
  demoPaths,
  formStatusPaths,
  newsletterLinkPaths,
  newsletterStatusPaths,
  notFoundPath,
  pagePaths,
  policyPaths,
  productPaths,
  servicePaths,
} from "../common/paths";

// The route table: which module of routes/ renders each path (app/render.tsx). Every path comes
// from common/paths.ts; scripts/page-paths.test.ts checks that each page there has exactly one
// route here. The order is the order of the sitemap.

export interface RouteEntry {
  /** The page's address, "/" or "/about-us". */
  path: string;
  /** Its module, relative to app/. */
  file: string;
  /** Without the shared header and footer (the innovation hub has its own). */
  standalone?: boolean;
}

/** A page with a module of its own. */
const page = (path: string, file: string, options: { standalone?: boolean } = {}): RouteEntry => ({
  path,
  file,
  ...options,
});

/** A page whose module serves several pages and looks its content up by the path. */
const sharing = (file: string) => (path: string) => page(path, file);

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
 * route with a parameter: every page is prerendered, and an address that is no article meets
 * the missing page.
 */
const article = sharing("routes/article.tsx");

/**
 * Every page, given the articles' file names (`YYYY-MM-DD-<slug>.md`). They are passed in
 * because the two readers list them differently: the renderer from the Markdown it bundles
 * (content/markdown.server.ts, `articleFiles`), the scripts and browser tests from the folder
 * (scripts/page-paths.ts); page-paths.test.ts checks that both agree.
 */
export const routeTable = (articleFiles: readonly string[]): RouteEntry[] => [
  page(pagePaths.home, "routes/home.tsx"),
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
  ...articleFiles
    .toSorted()
    .reverse()
    .map((file) => article(articlePath(articleSlug(file)))),
  // The articles' Atom feed: no page, a file written from the same list at build time.
  page(articleFeedPath, "routes/articles-feed.ts"),
  page(pagePaths.getStarted, "routes/get-started.tsx"),
  legal(policyPaths.refund),
  legal(policyPaths.onboarding),
  legal(policyPaths.returns),
  page(pagePaths.innovationHub, "routes/innovation-hub.tsx", { standalone: true }),
  legal(policyPaths.cancellation),
  ...Object.values(newsletterLinkPaths).map(newsletterLink),
  ...Object.values(newsletterStatusPaths).map(status),
  ...Object.values(formStatusPaths).map(status),
];

/** Anything else: the missing-page screen, prerendered at notFoundPath, sent with status 404. */
export const notFoundRoute: RouteEntry = page(notFoundPath, "routes/not-found.tsx");
