import { articleFeedPath, pagePaths, policyPaths } from "@common/paths";
import { site } from "@common/site";

/** A link inside the site (`to`) or to another site (`href`, opened in a new tab). */
export type NavLink =
  | { label: string; to: string; description?: string }
  | { label: string; href: string; description?: string };

export interface NavMenu {
  id: string;
  label: string;
  links: NavLink[];
  /** The Developers menu leads with a card for the documentation home. */
  card?: { title: string; description: string; href: string };
  /** Words shown at the end of every item, e.g. "View" in What we offer. */
  cta?: string;
}

/**
 * The help centre's newsletter dialog. A link whose fragment names it opens it once the page
 * shows (app/widgets/dialogs.ts).
 */
export const NEWSLETTER_DIALOG_ID = "newsletter-dialog";

/** The header's three menus, shared by the desktop dropdowns and the mobile accordion. */
export const headerMenus: NavMenu[] = [
  {
    id: "company",
    label: "Company",
    links: [
      { label: "About Company", to: pagePaths.aboutUs, description: "Who we are and who leads us" },
      {
        label: "Help Center",
        // The help centre opens its newsletter dialog when it is reached through this link.
        to: `${pagePaths.helpCenter}#${NEWSLETTER_DIALOG_ID}`,
        description: "Answers, contacts and our newsletter",
      },
      {
        label: "Careers",
        to: pagePaths.careers,
        description: "Build the backbone of payments with us",
      },
    ],
  },
  {
    id: "offer",
    label: "What we offer",
    cta: "View",
    links: [
      {
        label: "Payment Services",
        to: pagePaths.paymentServices,
        description: "Collect, pay out and reconcile in one place",
      },
      {
        label: "Value Added Services (VAS)",
        to: pagePaths.valueAddedServices,
        description: "Software for pensions, banks, schools and savings groups",
      },
      {
        label: "E-commerce",
        to: pagePaths.eCommerce,
        description: "Shop, lifestyle and bill payments online",
      },
    ],
  },
  {
    id: "developers",
    label: "Developers",
    card: {
      title: "API Documentation",
      description: "Guides, SDKs and a sandbox to build your integration.",
      href: site.docs.home,
    },
    links: [
      { label: "Payment API", href: site.docs.payment },
      { label: "Billing API", href: site.docs.payment },
      { label: "Customer API", href: site.docs.payment },
      { label: "USSD API", href: site.docs.ussd },
      { label: "SMS API", href: site.docs.payment },
      { label: "Invoice API", href: site.docs.payment },
    ],
  },
];

/** Footer resources: the articles, the case study and the four policies. */
export const footerResources = [
  { label: "Articles", to: pagePaths.articles },
  { label: "Case Study", to: pagePaths.caseStudy },
  { label: "Merchant Onboarding Policy", to: policyPaths.onboarding },
  { label: "Refund and Chargeback Policy", to: policyPaths.refund },
  { label: "Return and Delivery Policy", to: policyPaths.returns },
  { label: "Cancellation Policy", to: policyPaths.cancellation },
] as const;

export const footerLegal = [
  { label: "Contact Us", to: pagePaths.contactUs },
  { label: "Terms & Conditions", to: pagePaths.termsAndConditions },
  { label: "Privacy Policy", to: `${pagePaths.termsAndConditions}#privacy-policy` },
] as const;

/** The articles' Atom feed, which every page advertises to feed readers. */
export const articleFeedLink = { title: `${site.name} articles`, href: articleFeedPath } as const;
