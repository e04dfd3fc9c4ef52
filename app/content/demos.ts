import type { DemoProduct } from "@leads/demo";
import { demoPaths } from "@common/paths";
import type { PageSeo } from "./types";

/** One of the five demo request pages that share the demo form (app/routes/demo-request.tsx). */
export interface DemoPage {
  /** The product the page's leads are about: the key of its path in `demoPaths`. */
  product: DemoProduct;
  productName: string;
  seo: PageSeo;
  headline: string;
  intro: string;
  /** "What to expect", three lines. */
  expectations: string[];
}

/**
 * The demo request pages by path. The type checks that every path of `demoPaths` has a page, and
 * that each page's `product` is the key of its own path.
 */
type DemoPages = { [P in DemoProduct as (typeof demoPaths)[P]]: DemoPage & { product: P } };

/** Each demo request page's copy, by the page's path. */
export const demoPages: DemoPages = {
  [demoPaths.aslan]: {
    product: "aslan",
    productName: "ASLAN",
    seo: {
      title: "Schedule an ASLAN Demo",
      description:
        "Book a demo of ASLAN, our digital solution for VSLAs and susu groups. See savings, loans, share-outs and mobile money contributions in action.",
    },
    headline: "Schedule a demo to try out ASLAN",
    intro:
      "See how ASLAN helps savings groups keep transparent records, save with mobile money and reach formal finance. Tell us about your groups and we will arrange a session that suits you.",
    expectations: [
      "A walkthrough of a group's full cycle, from registration to share-out",
      "A look at the member experience on a smartphone and by USSD",
      "Time to discuss your programme, your groups and a pilot",
    ],
  },
  [demoPaths.vas]: {
    product: "vas",
    productName: "Value Added Services",
    seo: {
      title: "Request a Value Added Services Demo",
      description:
        "Request a demo of our software for pension schemes, community banks, schools, savings groups and USSD. Our team will tailor the session to your needs.",
    },
    headline: "Request a demo of our value added services",
    intro:
      "Not sure which of our products fits? Tell us about your organisation and our team will show you the right solution, from pensions and core banking to school billing and USSD.",
    expectations: [
      "A short call to understand your organisation and goals",
      "A live demonstration of the products that fit your needs",
      "A clear proposal covering set-up, timelines and pricing",
    ],
  },
  [demoPaths["pension-management"]]: {
    product: "pension-management",
    productName: "Pension Management System",
    seo: {
      title: "Schedule a Pension Management System Demo",
      description:
        "Book a demo of our Pension Management System for Tier 2 and Tier 3 schemes: contributions, member statements, benefit payments and NPRA reporting.",
    },
    headline: "See the Pension Management System in action",
    intro:
      "Discover how trustees and administrators manage contributions, members and benefits on one platform. Share your details and we will book a demo with our pensions team.",
    expectations: [
      "A walkthrough from employer schedule to member statement",
      "A look at benefit processing and regulatory reports",
      "Advice on migrating your existing scheme data",
    ],
  },
  [demoPaths["school-billing"]]: {
    product: "school-billing",
    productName: "School Billing & Payments",
    seo: {
      title: "Schedule a School Billing Demo",
      description:
        "Book a demo of School Billing & Payments. See how schools bill fees, let parents pay by mobile money or USSD and reconcile every payment automatically.",
    },
    headline: "See how School Billing & Payments works",
    intro:
      "Find out how your school can bill fees, collect them from parents on any phone and reconcile them automatically. Leave your details and we will arrange a demo for your bursary and management.",
    expectations: [
      "A demonstration of billing a term's fees in one run",
      "The parent payment journey by mobile money, card and USSD",
      "A look at arrears tracking and reports for management",
    ],
  },
  [demoPaths.banking]: {
    product: "banking",
    productName: "Core Banking",
    seo: {
      title: "Schedule a Core Banking Demo",
      description:
        "Book a demo of our core banking system for rural and community banks, savings and loans companies and microfinance institutions in Ghana.",
    },
    headline: "Book a Core Banking demo for your institution",
    intro:
      "See how a cloud core banking system can lower your costs and bring mobile money to every account. Tell us about your institution and we will set up a demo with our banking specialists.",
    expectations: [
      "A tour of accounts, deposits, loans and the general ledger",
      "A look at mobile money, field collection and regulatory reporting",
      "A conversation about data migration and going live",
    ],
  },
};
