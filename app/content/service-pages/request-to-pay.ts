import requestToPayImage from "~/assets/images/service-request-to-pay.svg";
import { site } from "@common/site";
import requestToPaySample from "../code-samples/request-to-pay.txt?raw";
import { apiExample } from "../code-samples/api-example";
import type { ServicePage } from "../services";

export const requestToPay: ServicePage = {
  name: "Request to Pay",
  seo: {
    title: "Request to Pay: Payment Requests on Any Channel",
    description:
      "Send payment requests by SMS, e-mail, WhatsApp or a mobile money prompt. Customers approve in a tap and you see every payment in real time.",
  },
  eyebrow: "Request to Pay",
  headline: "Send a request. Get paid on any channel.",
  intro:
    "Send a request for an exact amount by SMS, e-mail, WhatsApp or a prompt on the customer's mobile money wallet. They approve it in a tap, and you see it paid in real time.",
  image: requestToPayImage,
  imageAlt: "",
  features: [
    {
      title: "Any channel",
      description:
        "Share requests by SMS, e-mail, WhatsApp or a direct prompt on the customer's phone.",
    },
    {
      title: "Exact amounts and references",
      description:
        "Each request carries the amount, due date and invoice number, so every payment matches automatically.",
    },
    {
      title: "Built-in reminders",
      description: "Send reminders before and after the due date until the request is paid.",
    },
    {
      title: "Live status",
      description: "See whether each request is sent, viewed, paid or expired from your dashboard.",
    },
  ],
  steps: [
    {
      title: "Create the request",
      description: "Enter the customer's number or e-mail, the amount and what it is for.",
    },
    {
      title: "Customer approves",
      description:
        "The customer opens the request and pays by mobile money, card or bank transfer.",
    },
    {
      title: "Funds arrive",
      description: "You are notified straight away and the payment is matched to the request.",
    },
  ],
  useCases: [
    "Suppliers and distributors collecting on invoices",
    "Utility and service companies billing customers",
    "Doctors, lawyers, consultants and other professionals",
    "Businesses taking orders by phone or WhatsApp",
  ],
  developer: {
    heading: "Send requests from your billing system",
    description:
      "Create payment requests through the API, choose the channels and receive a webhook the moment each one is paid.",
    docsUrl: site.docs.requestToPay,
    docsLabel: "Read the Request to Pay API docs",
    codeSample: apiExample(requestToPaySample),
  },
};
