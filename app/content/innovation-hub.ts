import innovationHubImage from "~/assets/images/innovation-hub.svg";
import { site } from "@common/site";
import type { Feature, PageSeo } from "./types";

/** The innovation hub's campaign page, with the embedded application form. */
export interface InnovationHubPage {
  seo: PageSeo;
  headline: string;
  intro: string;
  image: string;
  benefits: Feature[];
  formHeading: string;
  formIntro: string;
  /** Label of the mail-link contact button. */
  contactLabel: string;
}

export const innovationHubPage: InnovationHubPage = {
  seo: {
    title: "Innovation Hub for Startups",
    description:
      "Join our innovation hub for fintech startups in Ghana: regulatory support, expert advice, discounted payment solutions and investment opportunities.",
  },
  headline: "An innovation hub for startups",
  intro:
    "Building a fintech or digital business in Ghana is hard enough. Our hub gives early-stage founders the support, tools and connections to grow faster and stay compliant.",
  image: innovationHubImage,
  benefits: [
    {
      title: "Legal, compliance and regulatory support",
      description: `Guidance on licensing, data protection and AML/CFT rules, from people who have been through it with the ${site.licence.regulator}.`,
    },
    {
      title: "Expert business advisory",
      description:
        "Sessions with experienced operators on product, go-to-market, finance and fundraising.",
    },
    {
      title: "Discounted payment solutions",
      description:
        "Collections, payouts, USSD and SMS at reduced rates while you find product-market fit.",
    },
    {
      title: "Business investment opportunities",
      description:
        "Introductions to angel investors, venture funds and partners looking for promising startups.",
    },
  ],
  formHeading: "Apply to join the hub",
  formIntro:
    "Tell us about your startup, your team and what you are building. We review every application and reply to each founder.",
  contactLabel: "Contact Us",
};
