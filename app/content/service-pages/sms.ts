import smsImage from "~/assets/images/service-sms.svg";
import { site } from "@common/site";
import smsSample from "../code-samples/sms.txt?raw";
import { apiExample } from "../code-samples/api-example";
import type { ServicePage } from "../services";

export const sms: ServicePage = {
  name: "SMS",
  seo: {
    title: "SMS API: Bulk and Transactional SMS in Ghana",
    description:
      "Send payment confirmations, one-time passwords, reminders and campaigns to any mobile number in Ghana, from your own sender ID, with delivery reports.",
  },
  eyebrow: "SMS API",
  headline: "Reach customers instantly by SMS",
  intro:
    "Send payment confirmations, one-time passwords, reminders and promotions to any mobile number in Ghana. Use your own sender ID and track delivery of every message.",
  image: smsImage,
  imageAlt: "",
  features: [
    {
      title: "Branded sender ID",
      description:
        "Messages arrive under your business name, not an unknown number, so customers trust them.",
    },
    {
      title: "Transactional and bulk",
      description: "Send a single OTP or a campaign to thousands of contacts through the same API.",
    },
    {
      title: "Delivery reports",
      description: "See whether each message was delivered, and when.",
    },
    {
      title: "Templates and scheduling",
      description: "Save message templates and schedule campaigns for the right moment.",
    },
  ],
  steps: [
    {
      title: "Register your sender ID",
      description:
        "Tell us the name you want customers to see. We handle approval with the networks.",
    },
    {
      title: "Send your messages",
      description: "Send from the dashboard, by file upload or through the API.",
    },
    {
      title: "Track delivery",
      description:
        "Follow delivery in real time and top up your SMS balance in GH₵ whenever you need.",
    },
  ],
  useCases: [
    "Banks and fintechs sending OTPs and transaction alerts",
    "Schools sharing fee reminders and notices with parents",
    "Retailers running promotions and loyalty campaigns",
    "Churches and associations keeping members informed",
  ],
  developer: {
    heading: "Send SMS with one API call",
    description: "Send to one number or many, and receive delivery reports on your callback URL.",
    docsUrl: site.docs.payment,
    docsLabel: "Read the SMS API docs",
    codeSample: apiExample(smsSample),
  },
};
