import { site } from "@common/site";
import type { PageSeo } from "./types";

/**
 * Case study: a customer-experience programme delivered for a third-party client. The client is
 * fictional and is referred to by its project code name only. The brochure in
 * public/downloads/case-study-brochure.pdf carries the same content; regenerate it when this changes.
 */
export interface CaseStudyResult {
  readonly value: string;
  readonly label: string;
}

export interface CaseStudyContent {
  readonly seo: PageSeo;
  readonly projectName: string;
  readonly client: string;
  readonly summary: string;
  readonly description: string;
  readonly highlights: readonly string[];
  readonly challenges: readonly string[];
  readonly solutions: readonly string[];
  readonly benefits: readonly string[];
  readonly results: readonly CaseStudyResult[];
  readonly brochure: {
    readonly href: `/downloads/${string}.pdf`;
    readonly sizeLabel: `PDF, ${number} KB`;
  };
}

export const caseStudy = {
  seo: {
    title: "Case Study",
    description:
      "How we delivered a customer-experience project for a client: the challenges, our solution and the benefits. Download the project brochure to learn more.",
  },
  projectName: "Project Nkabom",
  client:
    "A national retail and mobile-services group in Ghana (name withheld; Nkabom is the project code name)",
  summary: `How ${site.name} helped a retail and mobile-services group give 1.8 million customers one way to pay, instant receipts and refunds in under a day.`,
  description: `Project Nkabom is a nine-month customer-experience (CX) programme that ${site.name} delivered between February and November 2024. The client serves 1.8 million customers through 320 stores in all 16 regions, a web shop, a mobile app and a 140-seat contact centre. Together we brought every payment channel onto one platform, added USSD self-service and digital receipts, cut refund times from days to hours and gave the contact centre live dashboards. The results below compare the six months before and after the roll-out.`,
  highlights: [
    "Delivered in nine months, from discovery in February 2024 to full roll-out across 320 stores in November 2024.",
    "One payment platform for stores, web, app and USSD: mobile money, cards and bank transfers settle to a single ledger.",
    `USSD self-service on ${site.ussdCode} lets customers pay bills, check orders and track refunds on any phone, without mobile data.`,
    "WhatsApp and SMS receipts for every payment and refund, each with a reference the contact centre can look up.",
    "Live contact-centre dashboards for 140 agents and 12 supervisors, updated every 30 seconds.",
  ],
  challenges: [
    "Customers paid through five separate channels, each with its own settlement file, so store staff often could not confirm that a mobile money payment had arrived.",
    "Refunds took up to seven working days and needed three manual approvals, which made them the largest single cause of complaints.",
    "About 45% of contact-centre calls were about payment status, refunds or missing receipts.",
    "Many customers outside the big cities use basic phones with little or no mobile data, so an app-only solution would have left them out.",
    "Agents switched between four systems to answer one question, and supervisors saw performance figures a week late.",
  ],
  solutions: [
    `${site.shortName} collections and web checkout replaced the separate channels, with every payment tied to one order reference and settled to one account.`,
    `A USSD menu on ${site.ussdCode} gives order status, bill payment and refund tracking in no more than four steps, in English and Twi.`,
    "Automatic WhatsApp and SMS receipts go out within seconds of each payment, refund or failed transaction.",
    `Refund rules send approved refunds back to the original wallet or card through ${site.shortName} payouts, with a single approval for amounts below GH₵ 2,000.`,
    "A contact-centre dashboard shows payment history, receipts and refund status on one screen, with live queues and CSAT for supervisors.",
  ],
  benefits: [
    "Customers get proof of payment at once and can answer most questions themselves, by USSD or from their receipt.",
    "Store and finance teams see every payment in one place, and daily reconciliation takes 15 minutes instead of most of a morning.",
    "Agents resolve more calls at the first contact because the facts they need are on one screen.",
    "Supervisors plan shifts and queues with live data instead of weekly reports.",
    "Every receipt, refund and complaint has an audit trail that supports the client's consumer-protection reporting.",
  ],
  results: [
    { value: "38%", label: "fewer payment-related calls to the contact centre" },
    { value: "< 24 h", label: "median refund time, down from 7 working days" },
    { value: "92%", label: "customer satisfaction (CSAT), up from 71%" },
    { value: "2.1 min", label: "average wait in the contact-centre queue, down from 6.5 minutes" },
    { value: "81%", label: "first-contact resolution, up from 64%" },
  ],
  brochure: {
    href: "/downloads/case-study-brochure.pdf",
    sizeLabel: "PDF, 79 KB",
  },
} as const satisfies CaseStudyContent;
