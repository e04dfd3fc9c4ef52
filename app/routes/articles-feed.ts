import { articleFeedPath, articlePath, pagePaths } from "@common/paths";
import { site } from "@common/site";
import { articlesPage } from "~/content/articles";
import { articleFeedLink } from "~/content/navigation";
import type { LoaderArgs } from "~/lib/page";
import { allArticles } from "~/content/published.server";

// The articles' Atom feed, prerendered to a file at build time from the same list as /articles.
// Addresses in a feed are absolute: readers fetch it from anywhere.

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** Articles carry a day; the company is in Ghana, on UTC all year. */
const atomDate = (isoDate: string) => `${isoDate}T00:00:00Z`;

/** A published article's instant as Atom writes it, or a file's day at midnight. */
const atomTime = (meta: { date: string }, instant: string | undefined) =>
  instant ? new Date(instant).toISOString() : atomDate(meta.date);

function atomFeed({ published }: LoaderArgs): string {
  const articles = allArticles(published);
  const listUrl = `${site.url}${pagePaths.articles}`;
  const entries = articles.map(({ slug, meta, published: item }) => {
    const url = `${site.url}${articlePath(slug)}`;
    return [
      "  <entry>",
      `    <title>${escapeXml(meta.title)}</title>`,
      `    <id>${escapeXml(url)}</id>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${atomTime(meta, item?.publishedAt)}</published>`,
      `    <updated>${atomTime(meta, item?.updatedAt)}</updated>`,
      `    <author><name>${escapeXml(meta.author)}</name></author>`,
      `    <summary>${escapeXml(meta.description)}</summary>`,
      "  </entry>",
    ].join("\n");
  });
  // A feed must say when it last changed: its latest update (the build date if none, which only
  // happens before the first article).
  const updated = articles.length
    ? articles
        .map(({ meta, published: item }) => atomTime(meta, item?.updatedAt))
        .reduce((latest, time) => (time > latest ? time : latest))
    : new Date().toISOString();
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(articleFeedLink.title)}</title>`,
    `  <subtitle>${escapeXml(articlesPage.feedSubtitle)}</subtitle>`,
    `  <id>${escapeXml(listUrl)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${site.url}${articleFeedPath}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(listUrl)}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(site.legalName)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

/** The feed as the file the prerender writes (app/render.tsx). */
export function file(args: LoaderArgs) {
  return { body: atomFeed(args), contentType: "application/atom+xml; charset=utf-8" };
}
