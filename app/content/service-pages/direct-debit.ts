import directDebitImage from "~/assets/images/service-direct-debit.svg";
import { site } from "@common/site";
import directDebitSample from "../code-samples/direct-debit.txt?raw";
import { apiExample } from "../code-samples/api-example";
import type { ServicePage } from "../services";

export const directDebit: ServicePage = {
  name: "Direct Debit",
  seo: {
    title: "Direct Debit for Mobile Money and Bank Accounts",
    description:
      "Collect recurring payments automatically from mobile money wallets and bank accounts in Ghana. Customer-approved mandates, flexible schedules, clear reports.",
  },
  eyebrow: "Direct Debit",
  headline: "Recurring payments that collect themselves",
  intro:
    "Set up a mandate once and collect on schedule from your customers' mobile money wallets and bank accounts. No reminders to send, no payments to chase.",
  image: directDebitImage,
  imageAlt: "",
  features: [
    {
      title: "Wallets and bank accounts",
      description:
        "Debit mobile money wallets and bank accounts through a single integration, with one set of reports.",
    },
    {
      title: "Customer-approved mandates",
      description:
        "Customers approve each mandate on their phone or through their bank, so every debit is authorised.",
    },
    {
      title: "Flexible schedules",
      description:
        "Collect daily, weekly, monthly or on custom dates, with fixed or variable amounts.",
    },
    {
      title: "Retries and alerts",
      description:
        "Retry failed debits on the rules you set, and get notified of the outcome of every attempt.",
    },
  ],
  steps: [
    {
      title: "Create a mandate",
      description: "Set the amount, frequency and start date for each customer.",
    },
    {
      title: "Customer approves",
      description:
        "The customer confirms on their phone or through their bank. You are notified at once.",
    },
    {
      title: "Debit on schedule",
      description: "We collect on each due date and settle the funds in GH₵ to your account.",
    },
  ],
  useCases: [
    "Microfinance institutions and savings and loans companies collecting repayments",
    "Insurers collecting monthly premiums",
    "Pension schemes collecting voluntary contributions",
    "Schools, gyms and subscription businesses with recurring fees",
  ],
  developer: {
    heading: "Automate mandates through the API",
    description:
      "Create mandates, check their status and trigger debits from your own system. Webhooks tell you when each debit succeeds or fails.",
    docsUrl: site.docs.payment,
    docsLabel: "Read the Payment API docs",
    codeSample: apiExample(directDebitSample),
  },
};
