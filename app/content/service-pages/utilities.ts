import utilitiesImage from "~/assets/images/service-utilities.svg";
import { site } from "@common/site";
import utilitiesSample from "../code-samples/utilities.txt?raw";
import { apiExample } from "../code-samples/api-example";
import type { ServicePage } from "../services";

export const utilities: ServicePage = {
  name: "Utilities",
  seo: {
    title: "Airtime, Data and Utility Bill Payments",
    description:
      "Sell airtime and data, pay electricity and water bills and renew subscriptions from your app, website or agent network, all through one integration.",
  },
  eyebrow: "Utilities, Airtime & Data",
  headline: "Airtime, data and bill payments in one API",
  intro:
    "Let customers buy airtime and data, pay for electricity and water, and renew pay-TV and other subscriptions from your app, website or agent network. One integration covers them all.",
  image: utilitiesImage,
  imageAlt: "",
  features: [
    {
      title: "Airtime and data",
      description: "Sell airtime and data bundles for the mobile networks in Ghana.",
    },
    {
      title: "Electricity and water",
      description:
        "Buy prepaid electricity and pay water bills, with tokens and receipts delivered instantly by SMS.",
    },
    {
      title: "Subscriptions",
      description: "Renew pay-TV and other subscriptions without queues or a trip to a vendor.",
    },
    {
      title: "One balance, one report",
      description:
        "Fund one balance for every biller and reconcile all purchases from a single report.",
    },
  ],
  steps: [
    {
      title: "Pick a biller",
      description: "Choose airtime, data, electricity, water or a subscription.",
    },
    {
      title: "Enter the details",
      description: "Add the phone, meter or account number and the amount in GH₵.",
    },
    {
      title: "Pay and confirm",
      description:
        "Pay by mobile money or card. The token or confirmation arrives by SMS in seconds.",
    },
  ],
  useCases: [
    "Banks and fintechs adding bill payments to their apps",
    "Agent networks and shops serving walk-in customers",
    "Employers giving staff airtime and data allowances",
    "Property managers paying utilities for their tenants",
  ],
  developer: {
    heading: "Add bill payments to your product",
    description:
      "List billers, validate account or meter numbers and complete purchases with a few calls to the same API.",
    docsUrl: site.docs.payment,
    docsLabel: "Read the Payment API docs",
    codeSample: apiExample(utilitiesSample),
  },
};
