import { site } from "@shared/site";
import type { PageSeo } from "./types";

/**
 * The words around the articles. The articles themselves are Markdown files in articles/, read
 * at build time by markdown.server.ts.
 */
export interface ArticlesPage {
  seo: PageSeo;
  headline: string;
  intro: string;
}

export const articlesPage: ArticlesPage = {
  seo: {
    title: "Articles",
    description: `News, guides and insights from ${site.name} on payments, mobile money, fintech regulation and building digital financial services in Ghana.`,
  },
  headline: "Articles and insights",
  intro:
    "News from our team, practical guides for merchants and developers, and our view on where payments in Ghana are heading.",
};
