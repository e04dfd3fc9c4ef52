import type { PageSeo } from "./types";

/** The copy of a page that opens with a hero: search copy, headline, intro and illustration. */
export interface HeroCopy {
  seo: PageSeo;
  eyebrow: string;
  headline: string;
  intro: string;
  image: string;
  /** Empty when the illustration is purely decorative (the headline and intro carry the meaning). */
  imageAlt: string;
}
