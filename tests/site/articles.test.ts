import { expect, it } from "vitest";
import { articleFeedPath, articlePath, pagePaths } from "../../common/paths";
import { site } from "../../common/site";
import { articlePaths } from "../../scripts/page-paths";
import { htmlDocument, metaContent, squash, useBuiltSite, xmlDocument } from "./built-site";

// Each article has a page of its own, listed on /articles and in the Atom feed.

const SAMPLE = {
  slug: "mobile-money-collections-for-small-businesses",
  title: "Mobile Money and Card Collections for Small Businesses in Ghana",
  date: "2025-03-04",
};
const samplePath = articlePath(SAMPLE.slug);
const sampleUrl = `${site.url}${samplePath}`;
const MISSING_TEXT = "You encountered a missing page, please go back or try again";

const built = useBuiltSite();

it("/articles lists every article with its date, reading time and a summary, linked to its page", async () => {
  const { document } = await built.page(pagePaths.articles);
  const items = Array.from(document.querySelectorAll("main article"));
  expect(items).toHaveLength(articlePaths().length);
  const item = items.find((article) =>
    Array.from(article.querySelectorAll("a")).some((a) => squash(a.textContent) === SAMPLE.title),
  );
  expect(item, `an item linked "${SAMPLE.title}"`).toBeDefined();
  const link = Array.from(item!.querySelectorAll("a")).find(
    (a) => squash(a.textContent) === SAMPLE.title,
  );
  expect(link?.getAttribute("href")).toBe(samplePath);
  expect(item!.querySelector("time")?.getAttribute("datetime")).toBe(SAMPLE.date);
  const text = squash(item!.textContent);
  expect(text).toContain("4 March 2025");
  expect(text).toContain("min read");
  // A summary, not the whole text.
  expect(text.length).toBeLessThan(600);
});

it("an article's page has its own title, tags, Article JSON-LD and its full text", async () => {
  const { document } = await built.page(samplePath);
  const description = metaContent(document, 'meta[name="description"]');
  expect(document.title).toBe(`${SAMPLE.title} | ${site.name}`);
  expect(squash(document.querySelector("h1")?.textContent)).toBe(SAMPLE.title);
  expect(description).toMatch(/mobile money/i);
  expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
    sampleUrl,
  );
  expect(metaContent(document, 'meta[property="og:type"]')).toBe("article");
  expect(metaContent(document, 'meta[property="og:title"]')).toBe(document.title);
  expect(metaContent(document, 'meta[property="og:url"]')).toBe(sampleUrl);
  expect(metaContent(document, 'meta[property="article:published_time"]')).toBe(SAMPLE.date);
  const jsonLd = Array.from(
    document.querySelectorAll('script[type="application/ld+json"]'),
    (script) => script.textContent ?? "",
  );
  expect(jsonLd).toHaveLength(1);
  expect(JSON.parse(jsonLd[0] ?? "")).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Article",
    headline: SAMPLE.title,
    description,
    datePublished: SAMPLE.date,
    author: { name: expect.stringMatching(/\S/) as unknown },
    publisher: { "@type": "Organization", name: site.legalName },
    url: sampleUrl,
  });

  // The full text, its sections one level below the title, and the way back to the list.
  const article = document.querySelector("main article");
  expect(squash(article?.textContent).length).toBeGreaterThan(2000);
  expect(article?.querySelector("h2")).not.toBeNull();
  const back = Array.from(document.querySelectorAll("a")).find((a) =>
    /All articles/.test(a.textContent ?? ""),
  );
  expect(back?.getAttribute("href")).toBe(pagePaths.articles);
});

it("the Atom feed lists every article", async () => {
  const answer = await built.get(articleFeedPath);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/xml/);
  const feed = xmlDocument(answer.body);
  const atom = "http://www.w3.org/2005/Atom";
  expect(feed.querySelector("parsererror")).toBeNull();
  expect(feed.documentElement.namespaceURI).toBe(atom);
  expect(feed.querySelector('feed > link[rel="self"]')?.getAttribute("href")).toBe(
    `${site.url}${articleFeedPath}`,
  );
  expect(Number.isNaN(Date.parse(feed.querySelector("feed > updated")?.textContent ?? ""))).toBe(
    false,
  );
  const entries = Array.from(feed.getElementsByTagNameNS(atom, "entry"), (entry) => ({
    title: entry.getElementsByTagNameNS(atom, "title")[0]?.textContent,
    id: entry.getElementsByTagNameNS(atom, "id")[0]?.textContent,
    link: entry.getElementsByTagNameNS(atom, "link")[0]?.getAttribute("href"),
    published: entry.getElementsByTagNameNS(atom, "published")[0]?.textContent,
  }));
  expect(entries).toHaveLength(articlePaths().length);
  expect(entries).toContainEqual({
    title: SAMPLE.title,
    id: sampleUrl,
    link: sampleUrl,
    published: `${SAMPLE.date}T00:00:00Z`,
  });
});

it("an unknown article answers 404 with the missing-page screen", async () => {
  const answer = await built.get(articlePath("no-such-article"));
  expect(answer.statusCode).toBe(404);
  expect(squash(htmlDocument(answer.body).querySelector("h1")?.textContent)).toBe(MISSING_TEXT);
});
