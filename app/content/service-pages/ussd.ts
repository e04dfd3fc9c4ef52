import ussdImage from "~/assets/images/service-ussd.svg";
import { site, ussdExtensionCode } from "@common/site";
import ussdSample from "../code-samples/ussd.txt?raw";
import { apiExample } from "../code-samples/api-example";
import type { ServicePage } from "../services";

export const ussd: ServicePage = {
  name: "USSD",
  seo: {
    title: "USSD API: Serve Customers on Any Mobile Phone",
    description:
      "Build USSD menus that work on any mobile phone, with no internet or smartphone needed. Take mobile money payments inside the session. Built for Ghana.",
  },
  eyebrow: "USSD API",
  headline: "Serve every customer, with or without internet",
  intro: `Build USSD menus that work on any mobile phone, with no data or smartphone needed. Launch on your own short code, or as an extension of ${site.ussdCode}.`,
  image: ussdImage,
  imageAlt: "",
  features: [
    {
      title: "Works on any phone",
      description:
        "Customers dial a short code and follow simple menus. No app, data or smartphone required.",
    },
    {
      title: "Dedicated or shared codes",
      description: `Use a dedicated short code for your brand, or start quickly with an extension such as ${ussdExtensionCode}.`,
    },
    {
      title: "Payments inside the menu",
      description:
        "Collect mobile money within the session. Customers approve with their PIN on the same phone.",
    },
    {
      title: "Session analytics",
      description: "See how many people dial, which options they choose and where they drop off.",
    },
  ],
  steps: [
    {
      title: "Design your menu",
      description:
        "Map out the screens and options with our team, or build them yourself with the API.",
    },
    {
      title: "Connect your backend",
      description:
        "We send each customer response to your callback URL and show your reply on the phone.",
    },
    {
      title: "Go live",
      description: "We test with you on the mobile networks and switch your code on.",
    },
  ],
  useCases: [
    "Savings groups and microfinance clients in rural communities",
    "Schools letting parents check and pay fees",
    "Banks, insurers and pension schemes offering self-service",
    "Agribusinesses and co-operatives serving farmers",
  ],
  developer: {
    heading: "Build USSD apps with a simple callback",
    description:
      "Register your app and callback URL. We post each session step to you as JSON, and you reply with the next screen.",
    docsUrl: site.docs.ussd,
    docsLabel: "Read the USSD API docs",
    codeSample: apiExample(ussdSample),
  },
};
