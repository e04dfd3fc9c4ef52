/**
 * Published content (common/published.ts) in the shapes the site's pages already show: a
 * published article as an article document beside the Markdown files, a case study or a position
 * with its Markdown rendered. Used by the route modules' loaders, at request time on the server.
 */
import { accraWallClock } from "@common/accra-time";
import { articlePath } from "@common/paths";
import type {
  PublishedArticle,
  PublishedCaseStudy,
  PublishedContent,
  PublishedPosition,
} from "@common/published";
import { type ArticleMeta, loadArticle, loadArticles } from "./markdown.server";
import { renderPublishedMarkdown } from "./published-markdown.server";

/** An instant's day on Accra's clock, "2026-12-07": what an article's byline shows. */
export function accraDay(iso: string): string {
  return accraWallClock(new Date(iso)).toISOString().slice(0, 10);
}

/** An article's byline and list entry, tags included, whether a file or published. */
export type ListedArticleMeta = ArticleMeta & { tags?: string[] };

/** Published articles whose address no built article file has (a file always wins). */
export function publishedArticles(published: PublishedContent): PublishedArticle[] {
  return published.articles.filter((article) => !loadArticle(article.slug));
}

export function publishedArticleMeta(article: PublishedArticle): ListedArticleMeta {
  return {
    title: article.title,
    description: article.summary,
    date: accraDay(article.publishedAt),
    author: article.author,
    tags: article.tags,
  };
}

/** Every article, files and published, newest first: the list page and the feed. */
export function allArticles(published: PublishedContent) {
  const files = loadArticles().map(({ slug, meta }) => ({
    slug,
    meta: meta as ListedArticleMeta,
    published: null as PublishedArticle | null,
  }));
  const items = publishedArticles(published).map((article) => ({
    slug: article.slug,
    meta: publishedArticleMeta(article),
    published: article as PublishedArticle | null,
  }));
  // Files carry a day, published items an instant: compared by day, then published first.
  return [...items, ...files].sort((a, b) => b.meta.date.localeCompare(a.meta.date));
}

/** A published article's page data, in the shape of routes/article.tsx's loader. */
export function publishedArticlePage(article: PublishedArticle, published: PublishedContent) {
  const meta = publishedArticleMeta(article);
  return {
    seo: {
      title: article.title,
      description: article.summary,
      path: articlePath(article.slug),
      article: {
        datePublished: article.publishedAt,
        dateModified: article.updatedAt,
        author: article.author,
        tags: article.tags,
      },
      image: article.cover,
    },
    meta,
    html: renderPublishedMarkdown(article.markdown, published.media),
    cover: article.cover,
  };
}

export function findCaseStudy(published: PublishedContent, slug: string) {
  return published.caseStudies.find((item) => item.slug === slug);
}

/** A published case study's Markdown sections, rendered under the page's h2s. */
export function caseStudySections(caseStudy: PublishedCaseStudy, published: PublishedContent) {
  return {
    challenge: renderPublishedMarkdown(caseStudy.challenge, published.media, 3),
    solution: renderPublishedMarkdown(caseStudy.solution, published.media, 3),
  };
}

export function findPosition(published: PublishedContent, slug: string) {
  return published.positions.find((item) => item.slug === slug);
}

/** A published position's Markdown sections, rendered under the page's h2s. */
export function positionSections(position: PublishedPosition, published: PublishedContent) {
  return {
    description: renderPublishedMarkdown(position.description, published.media, 3),
    howToApply: renderPublishedMarkdown(position.howToApply, published.media, 3),
  };
}
