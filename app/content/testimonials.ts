import testimonialAvatar1 from "~/assets/images/avatar-testimonial-1.svg";
import testimonialAvatar2 from "~/assets/images/avatar-testimonial-2.svg";
import { site } from "@common/site";

/** A customer quote for the testimonial carousel. The people and businesses are fictional. */
export interface Testimonial {
  id: number;
  quote: string;
  author: string;
  role: string;
  company: string;
  image: string;
}

export const testimonials: Testimonial[] = [
  {
    id: 1,
    quote: `Before ${site.name}, the first week of every term was spent queueing at the bank and matching pay-in slips to students. Now parents pay by mobile money or USSD from wherever they are, and each payment is recorded against the right child. Our bursary finally has time for everything else.`,
    author: "Gifty Owusu-Ansah",
    role: "Bursar",
    company: "Nhyira Hills Academy, Kumasi",
    image: testimonialAvatar1,
  },
  {
    id: 2,
    quote: `We take payments at six branches and online, and reconciling them used to take days. With ${site.name}, mobile money, card and bank transfers land in one dashboard and settle to our account in cedis. Our finance team closes the month faster, and customers love paying however they like.`,
    author: "Kojo Appiah",
    role: "Finance Director",
    company: "Sika Fresh Supermarkets, Accra",
    image: testimonialAvatar2,
  },
];
