import payoutsImage from "~/assets/images/service-payouts.svg";
import { site } from "@common/site";
import payoutsSample from "../code-samples/payouts.txt?raw";
import { apiExample } from "../code-samples/api-example";
import type { ServicePage } from "../services";

export const payouts: ServicePage = {
  name: "Payouts",
  seo: {
    title: "Payouts to Mobile Money and Bank Accounts",
    description:
      "Send single or bulk payouts to mobile money wallets and bank accounts across Ghana. Pay staff, suppliers, agents and customers in seconds, in GH₵.",
  },
  eyebrow: "Payouts",
  headline: "Send money to any wallet or bank account",
  intro:
    "Pay suppliers, staff, agents and customers in seconds. Send one transfer or thousands at once to mobile money wallets and bank accounts across Ghana.",
  image: payoutsImage,
  imageAlt: "",
  features: [
    {
      title: "Single or bulk transfers",
      description:
        "Send one payment from the dashboard, or upload a file to pay thousands of recipients in one go.",
    },
    {
      title: "Wallets and banks",
      description:
        "Pay out to mobile money wallets, and to bank accounts through instant GhIPSS interbank transfers.",
    },
    {
      title: "Name checks first",
      description:
        "Confirm the account holder's name before you send, so money reaches the right person.",
    },
    {
      title: "Approval workflows",
      description: "Require a second approver for large or bulk payouts, with a full audit trail.",
    },
  ],
  steps: [
    {
      title: "Fund your balance",
      description:
        "Top up your payout balance by bank transfer, or from the money you have collected.",
    },
    {
      title: "Add recipients",
      description:
        "Enter one recipient, or upload a file with names, numbers, amounts and references.",
    },
    {
      title: "Approve and send",
      description:
        "Approve the transfer. Recipients are paid in seconds and you see the status of each one.",
    },
  ],
  useCases: [
    "Businesses paying salaries, allowances and casual workers",
    "Agribusinesses paying farmers and aggregators",
    "Lenders disbursing loans straight to mobile money wallets",
    "Platforms paying riders, agents and sellers",
  ],
  developer: {
    heading: "Automate transfers with the Payouts API",
    description:
      "Trigger transfers from your own system, verify account names first and receive a webhook with every final status.",
    docsUrl: site.docs.payouts,
    docsLabel: "Read the Payouts API docs",
    codeSample: apiExample(payoutsSample),
  },
};
