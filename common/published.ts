/**
 * What marketing publishes from the console (articles, case studies, open positions), as the
 * site renders it: the server reads it from the database (server/publishing/) and hands it to the
 * site's renderer (app/render.tsx), which renders it with the same components and document as the
 * built pages. Plain data, imported by both sides; no code of either. docs/publishing.md tells
 * the whole story.
 */

/** The three kinds of published content. */
export const CONTENT_KINDS = ["article", "caseStudy", "position"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** A picture of the media library, as a page needs it to ask for the right size. */
export interface PublishedImage {
  /** The media library's id: every size's address is mediaPath(id, …) (common/media.ts). */
  id: string;
  /** Its text alternative, required wherever a picture is used. */
  alt: string;
  /** The stored picture's own size (the largest variant is no wider). */
  width: number;
  height: number;
}

/** What every published item has: its address's last segment and its times (ISO instants). */
interface PublishedItem {
  slug: string;
  /** When it was first published; a republished item keeps its first date. */
  publishedAt: string;
  /** When the version shown was published. */
  updatedAt: string;
}

export interface PublishedArticle extends PublishedItem {
  title: string;
  summary: string;
  /** Markdown, rendered by the site with raw HTML shown as text (app/content/markdown.server.ts). */
  markdown: string;
  tags: string[];
  cover: PublishedImage | null;
  /** A name from the team, as the byline shows it. */
  author: string;
}

export interface PublishedCaseStudy extends PublishedItem {
  title: string;
  summary: string;
  client: string;
  sector: string;
  /** Markdown, each. */
  challenge: string;
  solution: string;
  /** The results in figures: "40%" and what it measures, "fewer failed collections". */
  results: { figure: string; label: string }[];
  quote: { text: string; by: string } | null;
  cover: PublishedImage | null;
}

export interface PublishedPosition extends PublishedItem {
  category: string;
  title: string;
  location: string;
  /** "Full-time, on site", "Contract, remote". */
  workType: string;
  /** Markdown, each. */
  description: string;
  howToApply: string;
  /** When applications close (an ISO instant): the position leaves the site then by itself. */
  closesAt: string;
}

/**
 * Everything published at one moment: the items shown (open positions only), newest first, and
 * the addresses that answer otherwise: `redirects` from a renamed item's earlier address to its
 * current one (301), `gone` for an item unpublished or a position closed (410).
 */
export interface PublishedContent {
  articles: PublishedArticle[];
  caseStudies: PublishedCaseStudy[];
  positions: PublishedPosition[];
  redirects: Record<string, string>;
  gone: string[];
  /**
   * The size of each library picture the items' Markdown shows (`![alt](/media/<id>/…)`), by id:
   * its <img> then reserves its space, so the page does not shift as it loads. Optional: a picture
   * missing here is still shown, without a reserved box.
   */
  media?: Record<string, { width: number; height: number }>;
}

export const NOTHING_PUBLISHED: PublishedContent = {
  articles: [],
  caseStudies: [],
  positions: [],
  redirects: {},
  gone: [],
};
