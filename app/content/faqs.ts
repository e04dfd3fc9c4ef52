import { pagePaths, servicePaths } from "@common/paths";
import { site } from "@common/site";
import type { PageSeo } from "./types";

/** One question of the help centre's FAQ accordion. */
export interface FaqItem {
  id: number;
  question: string;
  answer: string;
  /** An internal link (`to`) or an external one (`href`, opened in a new tab). */
  link?: { label: string; to: string } | { label: string; href: string };
}

export interface HelpCenterPage {
  seo: PageSeo;
  eyebrow: string;
  headline: string;
  intro: string;
  /** The newsletter corner under the questions: its button opens the sign-up dialog. */
  newsletter: { heading: string; text: string; button: string };
}

export const faqs: FaqItem[] = [
  {
    id: 1,
    question: "How do I open a merchant account?",
    answer:
      "Start from our Get Started page or contact our sales team. We will ask for your business registration documents, a Ghana Card for each director, proof of your business address and the bank account or mobile money wallet you want to be paid into. Once our compliance team has verified your documents, we activate your account and send your login details.",
    link: { label: "Get started", to: pagePaths.getStarted },
  },
  {
    id: 2,
    question: "Which payment methods can my customers use?",
    answer:
      "Your customers can pay with mobile money, debit and credit cards, bank transfer and USSD. You decide which methods to offer on each payment link, checkout or invoice, and you can change them at any time.",
    link: { label: "See our payment services", to: pagePaths.paymentServices },
  },
  {
    id: 3,
    question: "How and when do I receive my money?",
    answer:
      "Payments settle in Ghana cedis (GH₵) to the bank account or mobile money wallet you registered with us. Settlement runs on working days, and the timing for each payment method is set out in your merchant agreement. Every settlement comes with a report listing the payments it covers, so you can reconcile in minutes.",
  },
  {
    id: 4,
    question: "How much does it cost?",
    answer: `You pay a fee on each successful transaction, and the rate depends on the payment methods you use and your monthly volume. There are no hidden charges: every fee is shown on your statement. Write to ${site.emails.sales} or contact our sales team for a quote.`,
    link: { label: "Contact sales", to: pagePaths.contactUs },
  },
  {
    id: 5,
    question: "Can customers without a smartphone or internet pay me?",
    answer: `Yes. Customers can dial ${site.ussdCode} on any mobile phone, choose your business, enter the amount and approve the payment with their mobile money PIN. No app or data bundle is needed, and you see the payment in your dashboard straight away.`,
    link: { label: "Learn about USSD", to: servicePaths.ussd },
  },
  {
    id: 6,
    question: "How do I get API keys and test in the sandbox?",
    answer:
      "Create a developer account on our documentation site to get sandbox keys straight away. The sandbox lets you test collections, payouts, checkout, USSD and SMS without moving real money. When your merchant account is approved, you can generate live keys from your dashboard.",
    link: { label: "Open the API documentation", href: site.docs.home },
  },
];

export const helpCenterPage: HelpCenterPage = {
  seo: {
    title: "Help Center",
    description: `Answers to common questions about ${site.name} accounts, payment methods, settlement, fees, USSD and API keys, plus our address, phone numbers and e-mail.`,
  },
  eyebrow: "Help Center",
  headline: "How can we help you today?",
  intro: `Find quick answers below, or reach our support team ${site.hours.long}. We reply to every e-mail sent to ${site.emails.support}.`,
  newsletter: {
    heading: "Get our newsletter",
    text: `News about ${site.name} products, fees and service updates, about once a month. You can unsubscribe at any time.`,
    button: "Subscribe to our newsletter",
  },
};
