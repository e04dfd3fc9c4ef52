import getStartedImage from "~/assets/images/get-started.svg";
import { site } from "@common/site";
import type { PageSeo } from "./types";

/** The merchant onboarding page: a placeholder until online onboarding opens. */
export interface GetStartedPage {
  seo: PageSeo;
  headline: string;
  text: string;
  image: string;
  /** Documents a merchant can prepare while onboarding is being built. */
  checklist: string[];
}

export const getStartedPage: GetStartedPage = {
  seo: {
    title: "Get Started",
    description: `Online merchant onboarding at ${site.name} is coming soon. See which documents to prepare now, or contact our sales team to open your account today.`,
  },
  headline: "Our merchant onboarding is almost here",
  text: "We are currently working on giving you the best onboarding experience.",
  image: getStartedImage,
  checklist: [
    "Certificate of incorporation or business registration from the Office of the Registrar of Companies",
    "Ghana Card for each director and beneficial owner",
    "Your company's Tax Identification Number (TIN)",
    "Proof of business address, with your GhanaPost GPS digital address",
    "Details of the bank account or mobile money wallet for settlement",
  ],
};
