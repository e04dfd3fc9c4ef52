import { site } from "@common/site";
import type { PageSeo } from "./types";

/** The contact page: where to find the company, then the contact form. */
export interface ContactPage {
  seo: PageSeo;
  hero: string;
  availability: string;
  intro: string;
  formHeading: string;
  formIntro: string;
}

export const contactPage: ContactPage = {
  seo: {
    title: "Contact Us",
    description: `Contact ${site.name} in ${site.address.city} about payments, demos, integrations or support. Call, e-mail or send us a message. We reply on working days.`,
  },
  hero: "Find Us",
  availability: `We are available from ${site.hours.short}`,
  intro:
    "Visit our office, call us or send an e-mail. Whether you want to start accepting payments, book a demo or need help with your account, our team is ready to help.",
  formHeading: "Send Us a Message",
  formIntro:
    "Tell us what you need and the right person on our team will get back to you as soon as possible.",
};
