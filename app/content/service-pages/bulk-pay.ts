import bulkPayImage from "~/assets/images/service-bulk-pay.svg";
import { site } from "@common/site";
import bulkPaySample from "../code-samples/bulk-pay.txt?raw";
import { apiExample } from "../code-samples/api-example";
import type { ServicePage } from "../services";

export const bulkPay: ServicePage = {
  name: "Bulk Pay",
  seo: {
    title: "Bulk Pay: Bulk Debits and Disbursements",
    description:
      "Collect from or pay out to hundreds of mobile money wallets and bank accounts in one batch. Upload a file, approve it and track every line in real time.",
  },
  eyebrow: "Bulk Pay",
  headline: "Bulk debits and disbursements in one upload",
  intro:
    "Collect from, or pay out to, hundreds of wallets and bank accounts in a single batch. Upload a file, approve it and track every line until it completes.",
  image: bulkPayImage,
  imageAlt: "",
  features: [
    {
      title: "Bulk disbursement",
      description: "Pay salaries, commissions, benefits and refunds to many recipients at once.",
    },
    {
      title: "Bulk debit",
      description:
        "Collect premiums, contributions and repayments from many customers in one run, against approved mandates.",
    },
    {
      title: "File validation",
      description:
        "We check every line before processing and flag wrong numbers, names and amounts.",
    },
    {
      title: "Line-by-line reports",
      description:
        "Download the status of every transaction in the batch for quick reconciliation.",
    },
  ],
  steps: [
    {
      title: "Upload your file",
      description: "Upload a CSV or Excel file, or send the batch through the API.",
    },
    {
      title: "Review and approve",
      description: "Check the validation summary, fix any flagged lines and approve the batch.",
    },
    {
      title: "Track and reconcile",
      description: "Follow the batch in real time and download the final report when it completes.",
    },
  ],
  useCases: [
    "HR and payroll teams paying staff and contractors",
    "Pension administrators paying benefits",
    "Insurers and microfinance institutions collecting premiums and repayments",
    "NGOs and social programmes making cash transfers",
  ],
  developer: {
    heading: "Send whole batches through the API",
    description:
      "Submit a batch from your payroll or core system, then poll its status or wait for the webhook when every line is final.",
    docsUrl: site.docs.payment,
    docsLabel: "Read the Payment API docs",
    codeSample: apiExample(bulkPaySample),
  },
};
