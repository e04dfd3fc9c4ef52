import collectionsImage from "~/assets/images/service-collections.svg";
import { site } from "@common/site";
import collectionsSample from "../code-samples/collections.txt?raw";
import { apiExample } from "../code-samples/api-example";
import type { ServicePage } from "../services";

export const collections: ServicePage = {
  name: "Collections",
  seo: {
    title: "Collections: Payment Links for Ghanaian Businesses",
    description:
      "Collect one-time and recurring payments by mobile money, card and bank transfer with a shareable payment link. No website needed. Settled in GH₵.",
  },
  eyebrow: "Collections",
  headline: "Get paid with a link. No website needed.",
  intro:
    "Create a payment link in minutes and share it by WhatsApp, SMS, e-mail or QR code. Customers pay with mobile money, card or bank transfer, once or on a schedule. Every cedi lands in one dashboard, ready to reconcile.",
  image: collectionsImage,
  imageAlt: "",
  features: [
    {
      title: "Payment links in minutes",
      description:
        "Set a fixed amount or let the customer enter one. Add a reference, an expiry date and your logo, then share.",
    },
    {
      title: "One-time or recurring",
      description:
        "Charge once, or collect weekly, monthly or every term on a schedule your customer agrees to.",
    },
    {
      title: "Every way Ghana pays",
      description:
        "Customers pay by mobile money, debit or credit card, bank transfer or USSD. You choose which to offer.",
    },
    {
      title: "Real-time tracking",
      description:
        "See each payment the moment it lands, with the payer, channel and reference. Export to CSV for your accountant.",
    },
  ],
  steps: [
    {
      title: "Create a link",
      description:
        "Set the amount, description and payment options from your dashboard or through the API.",
    },
    {
      title: "Share it anywhere",
      description:
        "Send it by WhatsApp, SMS, e-mail or social media, or print it as a QR code at your counter.",
    },
    {
      title: "Get paid and settled",
      description:
        "Customers pay on any phone. Funds settle in GH₵ to your bank account or mobile money wallet.",
    },
  ],
  useCases: [
    "Small businesses and social media sellers without a website",
    "Schools, churches and associations collecting fees, dues and offerings",
    "Landlords, gyms and service providers with monthly charges",
    "Event organisers selling tickets and registrations",
  ],
  developer: {
    heading: "Create payment links from your own system",
    description:
      "Generate links from your ERP, CRM or app with one API call, and receive a webhook when each payment succeeds.",
    docsUrl: site.docs.payment,
    docsLabel: "Read the Payment API docs",
    codeSample: apiExample(collectionsSample),
  },
};
