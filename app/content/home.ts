import carouselCard1 from "~/assets/images/carousel-card-1.svg";
import carouselCard2 from "~/assets/images/carousel-card-2.svg";
import carouselCard3 from "~/assets/images/carousel-card-3.svg";
import offerECommerceImage from "~/assets/images/offer-e-commerce.svg";
import offerPaymentServicesImage from "~/assets/images/offer-payment-services.svg";
import offerValueAddedServicesImage from "~/assets/images/offer-value-added-services.svg";
import partner1 from "~/assets/images/partner-1.svg";
import partner2 from "~/assets/images/partner-2.svg";
import partner3 from "~/assets/images/partner-3.svg";
import { pagePaths } from "@common/paths";
import { site } from "@common/site";
import type { PageSeo } from "./types";

/** A card in the home page's "What we offer" section. */
export interface ServiceCard {
  title: string;
  description: string;
  imageSrc: string;
  to: string;
}

export interface CarouselSlide {
  src: string;
  alt: string;
}

export interface HomePage {
  seo: PageSeo;
  hero: { eyebrow: string; headline: string; intro: string };
  offers: { heading: string; intro: string; cards: ServiceCard[] };
  trust: {
    eyebrow: string;
    heading: string;
    text: string;
    points: string[];
    docsLabel: string;
    slides: CarouselSlide[];
  };
  newsletter: { heading: string; text: string };
}

/** A counter of the statistics strip: it counts up to `value`, then shows `suffix`. */
export interface Stat {
  label: string;
  value: number;
  suffix: string;
}

export interface InnovationBanner {
  eyebrow: string;
  heading: string;
  text: string;
  cta: string;
  to: string;
}

export interface Partner {
  name: string;
  image: string;
}

export const homePage: HomePage = {
  seo: {
    title: "Payments for Ghanaian Businesses",
    description:
      "Accept mobile money, cards, bank transfers and USSD, pay out to any wallet or bank, and run pensions, banking and school fees on one licensed platform.",
  },
  hero: {
    eyebrow: `Licensed by the ${site.licence.regulator}`,
    headline: "Innovation for you",
    intro:
      "Collect, pay out and reconcile in one place. We help Ghanaian businesses, banks and institutions accept mobile money, cards, bank transfers and USSD, securely and at scale.",
  },
  offers: {
    heading: "What we offer",
    intro:
      "Payments, software and online services for merchants, financial institutions, schools and savings groups.",
    cards: [
      {
        title: "Payment Services",
        description:
          "Collections, direct debit, payouts, web checkout, USSD, SMS and more, through one integration.",
        imageSrc: offerPaymentServicesImage,
        to: pagePaths.paymentServices,
      },
      {
        title: "Value Added Services",
        description:
          "Software for pension schemes, community banks, schools and savings groups, with payments built in.",
        imageSrc: offerValueAddedServicesImage,
        to: pagePaths.valueAddedServices,
      },
      {
        title: "E-commerce",
        description:
          "Shop, book lifestyle experiences and pay bills online, with secure payments in Ghana cedis.",
        imageSrc: offerECommerceImage,
        to: pagePaths.eCommerce,
      },
    ],
  },
  trust: {
    eyebrow: "Secure and developer-friendly",
    heading: "Payments you can trust, APIs you will enjoy",
    text: "Our platform is built to international security standards and regulated in Ghana. Clear documentation, a full sandbox and webhooks for every event help your team go live quickly.",
    points: [
      "ISO 27001 certified information security",
      "PCI DSS compliant card processing",
      `Licensed as a ${site.licence.category} by the ${site.licence.regulator} since ${site.licence.grantedOn}`,
    ],
    docsLabel: "Read the API docs",
    slides: [
      {
        src: carouselCard1,
        alt: "Merchant dashboard showing the day's collections in Ghana cedis",
      },
      {
        src: carouselCard2,
        alt: "A customer approving a mobile money payment on their phone",
      },
      {
        src: carouselCard3,
        alt: "Code sample creating a payment through the API",
      },
    ],
  },
  newsletter: {
    heading: "Stay in the loop",
    text: "Get product updates, payment tips and news from our team. One e-mail a month, and you can unsubscribe at any time.",
  },
};

export const stats: Stat[] = [
  { label: "Clients Worldwide", value: 30, suffix: "+" },
  { label: "Projects Completed", value: 50, suffix: "+" },
  { label: "Team Members", value: 40, suffix: "+" },
  { label: "Users Served", value: 1, suffix: "m+" },
];

export const innovationBanner: InnovationBanner = {
  eyebrow: "UNVEILING THE FUTURE:",
  heading: "An innovation hub for startups",
  text: "Are you building the next big idea in Ghanaian fintech? Get regulatory guidance, expert advice, discounted payment solutions and access to investors.",
  cta: "JOIN OUR INNOVATION HUB",
  to: pagePaths.innovationHub,
};

export const partners: Partner[] = [
  { name: "Volta Trust Bank", image: partner1 },
  { name: "Ashanti Microfinance", image: partner2 },
  { name: "Coastline Telecom", image: partner3 },
];
