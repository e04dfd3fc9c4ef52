/**
 * Every address of the website and its API, written once. The route table (app/routes.ts), the
 * site's links and content, the lead rules (leads/), the server and the tests read them from here.
 * This module imports nothing, so the server can use it without loading any of the website.
 *
 * Page addresses are public: they are shared, bookmarked and printed in e-mails. Changing one is
 * a deliberate act; common/paths.test.ts lists them all, so the change shows up in review.
 */

/** Service pages that share one layout (app/routes/service.tsx). */
export const servicePaths = {
  collections: "/services/collections",
  directDebit: "/services/direct-debit",
  payouts: "/services/payouts",
  webCheckout: "/services/web-checkout",
  requestToPay: "/services/request-to-pay",
  bulkPay: "/bulk-pay",
  utilities: "/services/utilities",
  sms: "/services/sms",
  ussd: "/services/ussd",
} as const;

/** Product pages that share one layout (app/routes/product.tsx). */
export const productPaths = {
  pensions: "/products/pensions-management-system",
  banking: "/products/banking",
  aslan: "/products/aslan",
  schoolBilling: "/products/school-billing",
} as const;

/**
 * The demo request pages, one per product a demo lead can be about. The keys are the `product`
 * values of POST /api/demo; the server records the page with the lead.
 */
export const demoPaths = {
  aslan: "/schedule-aslan-demo",
  vas: "/request-vas-demo",
  "pension-management": "/schedule-pension-management-demo",
  "school-billing": "/schedule-school-billing-demo",
  banking: "/schedule-banking-demo",
} as const;

/** Policies written in Markdown (app/content/policies/), shown by one layout. */
export const policyPaths = {
  refund: "/refund-and-chargeback-policy",
  onboarding: "/merchant-onboarding-policy",
  returns: "/return-and-delivery-policy",
  cancellation: "/cancellation-policy",
} as const;

/** The other pages of the site, each with a module of its own. */
export const pagePaths = {
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
} as const;

/**
 * The pages the links of newsletter e-mails open. Each shows one button; pressing it posts to the
 * page's own address, where the server acts on the token. Not in the sitemap.
 */
export const newsletterLinkPaths = {
  confirm: "/newsletter/confirm",
  unsubscribe: "/newsletter/unsubscribe",
} as const;

/**
 * Small pages that say what happened after a newsletter link's button was pressed, or after a
 * lead form posted itself without JavaScript. The server redirects to them. Not in the sitemap.
 */
export const newsletterStatusPaths = {
  confirmed: "/newsletter/confirmed",
  unsubscribed: "/newsletter/unsubscribed",
  invalid: "/newsletter/link-not-valid",
  unavailable: "/newsletter/try-again-later",
} as const;

export const formStatusPaths = {
  messageSent: "/form/message-sent",
  demoRequested: "/form/demo-requested",
  checkInbox: "/form/check-your-inbox",
  notSent: "/form/not-sent",
  tryAgainLater: "/form/try-again-later",
} as const;

/**
 * The server's public endpoints: the forms, the newsletter's one-click unsubscribe, health and the
 * mail providers' events. A staff endpoint's address is written in its definition (staff-api/),
 * and read from there by the server, the console and the tests.
 */
export const apiPaths = {
  subscribe: "/api/subscribe",
  contact: "/api/contact",
  demo: "/api/demo",
  /** RFC 8058 one-click unsubscribe, posted by mail clients from the List-Unsubscribe header. */
  oneClickUnsubscribe: "/api/newsletter/unsubscribe",
  health: "/api/health",
  ready: "/api/ready",
  /** Bounces and complaints from the mail providers (server/newsletter/returns/inbound/): Amazon SES through
   * SNS, and Postmark. Not under /api/staff: the providers sign or authenticate each call. */
  mailEventsSes: "/api/mail/events/ses",
  mailEventsPostmark: "/api/mail/events/postmark",
  /** Customers' answers to sales through Postmark's inbound webhook (server/leads/replies/), with
   * the events route's credentials: for a company that runs no inbound SMTP listener. */
  mailInboundPostmark: "/api/mail/inbound/postmark",
} as const;

/**
 * The staff console's pages (console/): a single-page app the server sends for every address
 * under `console`. Not in the route table, the sitemap or search engines.
 */
export const consolePaths = {
  console: "/staff",
  /** An e-mailed sign-in link opens this with `?token=…`; its button posts the token. */
  signIn: "/staff/sign-in",
  /** Where the header's "Sign out" posts; no page of its own. */
  signOut: "/staff/sign-out",
  leads: "/staff/leads",
  subscribers: "/staff/subscribers",
  reports: "/staff/reports",
  welcome: "/staff/newsletter/welcome",
  campaigns: "/staff/newsletter/campaigns",
  /** The form of a new campaign's draft; a campaign's own page is consoleCampaignPath(). */
  newCampaign: "/staff/newsletter/campaigns/new",
  suppressions: "/staff/suppressions",
  account: "/staff/account",
  /** Where an invitation's link lands: who invited them, their role, a passkey to add. */
  firstSignIn: "/staff/welcome",
  accounts: "/staff/admin/accounts",
  audit: "/staff/admin/audit",
  erase: "/staff/admin/erase",
  accessRequest: "/staff/admin/access-request",
  outbox: "/staff/admin/outbox",
  sendingDomain: "/staff/admin/sending-domain",
  /** The sales team's working hours, public holidays and response targets (admins). */
  serviceHours: "/staff/admin/service-hours",
  /** Every kind of e-mail the system sends, as it looks (admins). */
  emails: "/staff/admin/emails",
  /** Who new leads go to: the routing rules (admins). */
  routing: "/staff/admin/routing",
  /** What marketing publishes on the site (docs/publishing.md): a list per kind, then each item. */
  articles: "/staff/site/articles",
  caseStudies: "/staff/site/case-studies",
  positions: "/staff/site/positions",
  /** The pictures uploaded for pages and e-mails. */
  media: "/staff/site/media",
  /**
   * A draft as its public page will look, rendered by the server for signed-in staff only:
   * `${preview}/<kind>/<id>` (consolePreviewPath). Not a page of the console app.
   */
  preview: "/staff/preview",
} as const;

/** A lead's page in the console; `id` as the staff API names it (contact_<uuid>, demo_<uuid>). */
export function consoleLeadPath(id: string): string {
  return `${consolePaths.leads}/${encodeURIComponent(id)}`;
}

/** A campaign's page in the console (its editor while a draft, then its report). */
export function consoleCampaignPath(id: string): string {
  return `${consolePaths.campaigns}/${encodeURIComponent(id)}`;
}

/**
 * Where a person was going in the console when they had to sign in, if `next` is a safe place to
 * send them afterwards: a path under /staff/ (not the sign-in page itself) exactly as a browser
 * would write it. Anything else is null and ignored: another site (`//host`, `https:…`, a
 * backslash some browsers read as a slash), a dot segment that climbs out (`/staff/../x`, also
 * percent-encoded), white space or controls. The sign-in link e-mail and the console both check.
 */
export function consoleNext(next: string | null | undefined): string | null {
  if (!next || next.length > 2000 || !next.startsWith(`${consolePaths.console}/`)) return null;
  if (next.startsWith(consolePaths.signIn)) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(next)) return null;
  // A browser resolves dot segments (encoded too) and encodes what it must: a path it would
  // change is not taken as it stands.
  const base = "https://console.invalid";
  const url = new URL(next, base);
  return url.origin === base && `${url.pathname}${url.search}${url.hash}` === next ? next : null;
}

/** The prerendered missing page, served with status 404 for any unknown address. */
export const notFoundPath = "/404";

/** The Atom feed of the articles, written at build time next to the pages. */
export const articleFeedPath = "/articles/feed.xml";

/**
 * An article's address. Articles are Markdown files named `YYYY-MM-DD-<slug>.md`; the slug is the
 * file name without the date, so a link stays the same if the publication date is corrected.
 */
export function articlePath(slug: string): string {
  return `${pagePaths.articles}/${slug}`;
}

/** A case study published from the console. The first case study keeps pagePaths.caseStudy. */
export function caseStudyPath(slug: string): string {
  return `/case-studies/${slug}`;
}

/** An open position published from the console; /careers lists them. */
export function positionPath(slug: string): string {
  return `${pagePaths.careers}/${slug}`;
}

/**
 * A slug of published content: lowercase words of letters and digits joined by hyphens, as an
 * article file's name gives one (articleSlug).
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A draft's preview: the server renders it as its page would look (consolePaths.preview). */
export function consolePreviewPath(kind: "article" | "caseStudy" | "position", id: string): string {
  return `${consolePaths.preview}/${kind}/${encodeURIComponent(id)}`;
}

/** The slug of an article file ("2025-03-04-mobile-money.md" gives "mobile-money"). */
export function articleSlug(fileName: string): string {
  const match = /^(?:.*\/)?\d{4}-\d{2}-\d{2}-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/.exec(fileName);
  if (!match?.[1]) {
    throw new Error(`Article file ${fileName} is not named YYYY-MM-DD-<lowercase-slug>.md`);
  }
  return match[1];
}

type ValueOf<T> = T[keyof T];
export type ServicePath = ValueOf<typeof servicePaths>;
export type ProductPath = ValueOf<typeof productPaths>;
export type DemoPath = ValueOf<typeof demoPaths>;
export type PolicyPath = ValueOf<typeof policyPaths>;
export type NewsletterLinkPath = ValueOf<typeof newsletterLinkPaths>;
export type StatusPath = ValueOf<typeof newsletterStatusPaths> | ValueOf<typeof formStatusPaths>;

/** Pages kept out of the sitemap and search engines: they only make sense after an action. */
export const unlistedPaths: readonly string[] = [
  ...Object.values(newsletterLinkPaths),
  ...Object.values(newsletterStatusPaths),
  ...Object.values(formStatusPaths),
];
