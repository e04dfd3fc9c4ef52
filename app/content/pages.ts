import careersImage from "~/assets/images/careers.svg";
import getStartedImage from "~/assets/images/get-started.svg";
import innovationHubImage from "~/assets/images/innovation-hub.svg";
import { site } from "@shared/site";
import type { Feature, PageSeo } from "./types";

export interface ContactPage {
  seo: PageSeo;
  hero: string;
  availability: string;
  intro: string;
  formHeading: string;
  formIntro: string;
}

export interface CareersPage {
  seo: PageSeo;
  banner: string;
  intro: string;
  image: string;
  perks: Feature[];
  howToApply: string;
}

export interface GetStartedPage {
  seo: PageSeo;
  headline: string;
  text: string;
  image: string;
  /** Documents a merchant can prepare while onboarding is being built. */
  checklist: string[];
}

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

export interface SeoOnlyPage {
  seo: PageSeo;
}

export interface ArticlesPage {
  seo: PageSeo;
  headline: string;
  intro: string;
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
      description:
        "Guidance on licensing, data protection and AML/CFT rules, from people who have been through it with the Bank of Ghana.",
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

export const caseStudyMeta: SeoOnlyPage = {
  seo: {
    title: "Case Study",
    description:
      "How we delivered a customer-experience project for a client: the challenges, our solution and the benefits. Download the project brochure to learn more.",
  },
};

export const articlesPage: ArticlesPage = {
  seo: {
    title: "Articles",
    description: `News, guides and insights from ${site.name} on payments, mobile money, fintech regulation and building digital financial services in Ghana.`,
  },
  headline: "Articles and insights",
  intro:
    "News from our team, practical guides for merchants and developers, and our view on where payments in Ghana are heading.",
};
