import avatar1 from "~/assets/images/avatar-1.svg";
import avatar2 from "~/assets/images/avatar-2.svg";
import avatar3 from "~/assets/images/avatar-3.svg";
import teamPhoto from "~/assets/images/team-photo.svg";
import { site } from "@common/site";
import type { Feature, PageSeo } from "./types";

/** A member of the leadership team. Names, careers and profiles are placeholders. */
export interface TeamMember {
  id: string;
  name: string;
  role: string;
  imageUrl: string;
  /** Multi-line text; paragraphs are separated by blank lines. Read it with `bioParagraphs`. */
  bio: string;
  linkedinUrl?: string;
}

export interface CeoProfile {
  /** The `id` of the CEO in `team`. */
  memberId: string;
  heading: string;
  quote: string;
  paragraphs: string[];
}

export interface AboutPage {
  seo: PageSeo;
  eyebrow: string;
  headline: string;
  /** The company description. */
  paragraphs: string[];
  mission: string;
  vision: string;
  values: Feature[];
  teamImage: string;
  teamImageAlt: string;
  joinCta: { heading: string; text: string };
}

export const team: TeamMember[] = [
  {
    id: "akosua-frimpong",
    name: "Akosua Frimpong",
    role: "Chief Executive Officer",
    imageUrl: avatar1,
    bio: `Akosua has spent more than fifteen years in Ghanaian banking and payments. She began her career in corporate banking in Accra and went on to lead transaction banking and cash management for a commercial bank, where she built collection services for schools, churches and public institutions.

Before founding ${site.name}, she headed merchant partnerships for a mobile money operator, bringing thousands of small businesses onto digital payments. She led the company through its ${site.licence.category} licence from the ${site.licence.regulator} in ${site.licence.grantedOn}.

Akosua holds an MBA in Finance from the University of Ghana Business School and is an associate of the Chartered Institute of Bankers, Ghana.`,
    linkedinUrl: "https://www.linkedin.com/in/akosua-frimpong-placeholder",
  },
  {
    id: "kwame-ansah",
    name: "Kwame Ansah",
    role: "Chief Operating Officer",
    imageUrl: avatar2,
    bio: `Kwame leads operations, settlement, customer support and merchant onboarding. He makes sure every payment is processed, reconciled and settled on time.

He spent a decade at a leading telecoms operator, where he ran mobile money agent operations across the Ashanti, Bono and Northern regions and later managed settlement and reconciliation for its mobile financial services business.

Kwame studied Economics at the Kwame Nkrumah University of Science and Technology (KNUST) and holds a certificate in anti-money laundering compliance.`,
  },
  {
    id: "efua-quartey",
    name: "Efua Quartey",
    role: "Chief Technology Officer",
    imageUrl: avatar3,
    bio: `Efua leads engineering, product and information security. Her team builds and runs the platform behind every collection, payout and USSD session.

She started as a software engineer on bank integrations with GhIPSS, then led engineering at an Accra fintech, where she scaled a payments API used by hundreds of merchants. She oversees the security programme behind our ISO 27001 and PCI DSS certifications.

Efua holds a BSc in Computer Science from Ashesi University and mentors young women entering software engineering.`,
    linkedinUrl: "https://www.linkedin.com/in/efua-quartey-placeholder",
  },
];

export const ceoProfile: CeoProfile = {
  memberId: "akosua-frimpong",
  heading: "A word from our CEO",
  quote:
    "Every Ghanaian business, from a chop bar in Tamale to a bank in Accra, deserves payments that simply work.",
  paragraphs: [
    `We started ${site.name} because we saw businesses lose time and money to cash handling, failed transfers and manual reconciliation. Our customers should be able to collect and pay on any channel, with the confidence that comes from a licensed and secure provider.`,
    "Today we serve merchants, banks, pension schemes, schools and savings groups. We listen to them, build with them and measure our success by theirs.",
    "We are only getting started. Thank you for trusting us with your payments.",
  ],
};

export const aboutPage: AboutPage = {
  seo: {
    title: "About Us",
    description: `${site.name} is a payment service provider licensed by the ${site.licence.regulator}. Meet the team building secure payments and software for Ghanaian businesses.`,
  },
  eyebrow: "About Company",
  headline: "Building trusted payments for Ghana",
  paragraphs: [
    `${site.name} is a payment service provider based in ${site.address.city}, licensed by the ${site.licence.regulator} since ${site.licence.grantedOn}.`,
    "We help businesses collect and make payments by mobile money, card, bank transfer and USSD, through a single platform and a developer-friendly API. Merchants, schools, churches and money transfer organisations use our services to get paid and pay others quickly and securely.",
    "We also build the software that financial institutions run on: pension administration, core banking, school billing and ASLAN for savings groups. Our platform is certified to ISO 27001 and PCI DSS, so our customers' data and money are protected to international standards.",
  ],
  mission:
    "To make payments simple, secure and accessible for every business and every person in Ghana, whatever phone they carry.",
  vision:
    "To be the payments and technology partner that powers inclusive financial services across Ghana and West Africa.",
  values: [
    {
      title: "Trust",
      description:
        "We protect our customers' money and data as if it were our own, and we are open about how we work.",
    },
    {
      title: "Simplicity",
      description:
        "We turn complex payments into products that are easy to set up, easy to use and easy to reconcile.",
    },
    {
      title: "Inclusion",
      description:
        "We design for the smartphone and the basic phone, for the city and the village.",
    },
    {
      title: "Partnership",
      description:
        "We succeed when our customers succeed, so we listen closely and build with them.",
    },
  ],
  teamImage: teamPhoto,
  teamImageAlt: `The ${site.name} team together at our office in ${site.address.city}`,
  joinCta: {
    heading: "Join Our Team",
    text: "We are always looking for curious, committed people who want to build the future of payments in Ghana.",
  },
};

/** The paragraphs of a biography: split on blank lines, trimmed, empty ones dropped. */
export function bioParagraphs(bio: string): string[] {
  const paragraphs = bio
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
  return paragraphs.length > 0 ? paragraphs : ["No biography available."];
}
