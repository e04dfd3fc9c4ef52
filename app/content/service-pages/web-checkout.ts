import webCheckoutImage from "~/assets/images/service-web-checkout.svg";
import { site } from "@common/site";
import webCheckoutSample from "../code-samples/web-checkout.txt?raw";
import { apiExample } from "../code-samples/api-example";
import type { ServicePage } from "../services";

export const webCheckout: ServicePage = {
  name: "Web Checkout",
  seo: {
    title: "Web Checkout for Websites and Apps",
    description:
      "Add a prebuilt, secure checkout to your website or app. Accept mobile money, cards, bank transfer and USSD in GH₵ with a few lines of code.",
  },
  eyebrow: "Web Checkout",
  headline: "A ready-made checkout for your website",
  intro:
    "Add a secure, mobile-friendly checkout to your website or app with a few lines of code. Customers pay by mobile money, card, bank transfer or USSD, under your brand.",
  image: webCheckoutImage,
  imageAlt: "",
  features: [
    {
      title: "Prebuilt and responsive",
      description:
        "A checkout page that works on every screen, from a desktop to an entry-level smartphone.",
    },
    {
      title: "Local payment methods",
      description:
        "Mobile money, cards, bank transfer and USSD in one checkout, under one contract.",
    },
    {
      title: "Your brand",
      description: "Add your logo and colours so customers know exactly who they are paying.",
    },
    {
      title: "Secure by design",
      description:
        "Card details are handled in our PCI DSS environment, so they never touch your servers.",
    },
  ],
  steps: [
    {
      title: "Create a checkout session",
      description: "Your server sends the amount and order reference to our API.",
    },
    {
      title: "Redirect or embed",
      description: "Send the customer to the hosted page, or open it as a pop-up on your own site.",
    },
    {
      title: "Confirm and fulfil",
      description:
        "We return the customer to your site and send a webhook, so you can fulfil the order.",
    },
  ],
  useCases: [
    "Online shops and marketplaces",
    "Hotels, airlines and event ticketing sites",
    "Universities and schools taking fees online",
    "Software and subscription businesses",
  ],
  developer: {
    heading: "Launch a checkout with one API call",
    description:
      "Create a session on your server, send the customer to the returned checkout URL and confirm the payment by webhook.",
    docsUrl: site.docs.payment,
    docsLabel: "Read the Payment API docs",
    codeSample: apiExample(webCheckoutSample),
  },
};
