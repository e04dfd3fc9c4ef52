import careersImage from "~/assets/images/careers.svg";
import { site } from "@common/site";
import type { Feature, PageSeo } from "./types";

/** The careers page around the list of open positions (positions.ts). */
export interface CareersPage {
  seo: PageSeo;
  banner: string;
  intro: string;
  image: string;
  perks: Feature[];
  howToApply: string;
}

export const careersPage: CareersPage = {
  seo: {
    title: "Careers",
    description: `Join ${site.name} in ${site.address.city} and help build the payments infrastructure behind Ghanaian businesses, banks, schools and savings groups.`,
  },
  banner: "Come help build the backbone of modern financial services.",
  intro:
    "We are engineers, product people, compliance specialists and customer champions who want payments in Ghana to just work. If that sounds like you, we would love to hear from you.",
  image: careersImage,
  perks: [
    {
      title: "Work that matters",
      description:
        "What you build helps traders get paid, parents pay fees and savings groups grow.",
    },
    {
      title: "Learn and grow",
      description:
        "Mentorship, training and support for professional certifications in technology, finance and compliance.",
    },
    {
      title: "Ownership from day one",
      description:
        "Small teams, real responsibility and direct access to the people who make decisions.",
    },
    {
      title: "Care for our people",
      description: "Competitive pay, medical cover and paid leave, so you can do your best work.",
    },
  ],
  howToApply: `Send your CV and a short cover note to ${site.emails.careers}, with the job title in the subject line. No open role that fits? Send us your CV anyway and we will keep it on file for future openings.`,
};
