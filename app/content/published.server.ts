/**
 * Published content (common/published.ts) in the shapes the site's pages already show: a
 * published article as an article document beside the Markdown files, a case study or a position
 * with its Markdown rendered. Used by the route modules' loaders, at request time on the server.
 */
import { accraWallClock } from "@common/accra-time";
import { articlePath } from "@common/paths";
import type { PublishedArticle, PublishedContent } from "@common/published";
import { type LoaderArgs, PageNotFound } from "~/lib/page";
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

/**
 * The published item a page's address names (`<prefix><slug>`): a case study at
 * /case-studies/<slug>, a position at /careers/<slug>. One that is not published is a 404.
 */
export function publishedItemAt<Item extends { slug: string }>(
  items: readonly Item[],
  path: string,
  prefix: string,
): Item {
  const item = items.find((candidate) => candidate.slug === path.slice(prefix.length));
  if (!item) throw new PageNotFound(`Nothing published at ${path}`);
  return item;
}

/**
 * Some Markdown fields of a published item, each rendered to stand under one of the page's h2s
 * (so its own headings start at h3): a case study's challenge and solution, a position's
 * description and how to apply.
 */
export function renderedSections<Item, Key extends keyof Item & string>(
  item: Item & Record<Key, string>,
  published: PublishedContent,
  keys: readonly Key[],
): Record<Key, string> {
  const entries = keys.map((key) => [key, renderPublishedMarkdown(item[key], published.media, 3)]);
  return Object.fromEntries(entries) as Record<Key, string>;
}

/**
 * The loader of a published item's own page (routes/case-study-story.tsx, routes/position.tsx):
 * the item of `list` at the address asked for, whose slug follows `prefix` (the missing page when
 * there is none), and its Markdown `sections` rendered.
 */
export function publishedPageLoader<
  List extends "caseStudies" | "positions",
  Key extends keyof PublishedContent[List][number] & string,
>(list: List, prefix: string, sections: readonly Key[]) {
  type Item = PublishedContent[List][number];
  return ({ path, published }: LoaderArgs) => {
    const item = publishedItemAt<Item>(published[list], path, prefix);
    return { item, ...renderedSections(item as Item & Record<Key, string>, published, sections) };
  };
}
