import { site } from "@common/site";
import type { PageSeo } from "./types";

/**
 * The words around the articles. The articles themselves are Markdown files in articles/, read
 * at build time by markdown.server.ts.
 */
export interface ArticlesPage {
  seo: PageSeo;
  headline: string;
  intro: string;
  /** Shown when there is no article yet. */
  empty: string;
  /** The link from an article back to the list. */
  backToList: string;
  /** The Atom feed's subtitle, as feed readers show it (its title is in navigation.ts). */
  feedSubtitle: string;
}

export const articlesPage: ArticlesPage = {
  seo: {
    title: "Articles",
    description: `News, guides and insights from ${site.name} on payments, mobile money, fintech regulation and building digital financial services in Ghana.`,
  },
  headline: "Articles and insights",
  intro:
    "News from our team, practical guides for merchants and developers, and our view on where payments in Ghana are heading.",
  empty: "No articles yet. Please check back soon.",
  backToList: "All articles",
  feedSubtitle: `News, guides and insights from ${site.name} on payments in Ghana.`,
};
