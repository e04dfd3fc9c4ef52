// The missing page's copy (routes/not-found.tsx, components/sections/not-found-screen.tsx).
import { site } from "@common/site";
import type { PageSeo } from "./types";

export interface NotFoundPage {
  seo: PageSeo;
  text: string;
}

export const notFoundPage: NotFoundPage = {
  seo: {
    title: "Page Not Found",
    description: `The page you are looking for does not exist or has moved. Go back, or visit the ${site.name} home page to find payment services, products and support.`,
  },
  text: "You encountered a missing page, please go back or try again",
};
