import { site } from "../../common/site";
import { articleFeedPath, articlePath, pagePaths } from "../../common/paths";
import { articlePaths } from "../../scripts/page-paths";
import { articlesPage } from "../../app/content/articles";
import { expect, expectNoA11yViolations, gotoReady, test } from "./fixtures";

// Each article has a page of its own, listed on /articles, in the sitemap and in the Atom feed.

const SAMPLE = {
  slug: "mobile-money-collections-for-small-businesses",
  title: "Mobile Money and Card Collections for Small Businesses in Ghana",
  date: "2025-03-04",
};
const samplePath = articlePath(SAMPLE.slug);
const sampleUrl = `${site.url}${samplePath}`;

test("/articles lists every article and links to its page", async ({ page }) => {
  await gotoReady(page, pagePaths.articles);
  const items = page.getByRole("main").getByRole("article");
  await expect(items).toHaveCount(articlePaths().length);
  const link = page.getByRole("link", { name: SAMPLE.title, exact: true });
  await expect(link).toHaveAttribute("href", samplePath);
  const item = items.filter({ has: link });
  await expect(item.locator("time")).toHaveAttribute("datetime", SAMPLE.date);
  await expect(item).toContainText("4 March 2025");
  await expect(item).toContainText("min read");
  // A summary, not the whole text.
  expect((await item.innerText()).length).toBeLessThan(600);
  await expectNoA11yViolations(page, "on /articles");

  await link.click();
  await expect(page).toHaveURL(samplePath);
  await expect(page.getByRole("heading", { level: 1, name: SAMPLE.title })).toBeVisible();
});

test("an article's page has its own title, tags and Article JSON-LD", async ({ page, request }) => {
  const response = await request.get(samplePath);
  expect(response.status()).toBe(200);
  // Read before any script runs: what search engines and link previews see.
  const head = await page.evaluate(
    (source) => {
      const doc = new DOMParser().parseFromString(source, "text/html");
      const content = (selector: string) =>
        doc.head.querySelector(selector)?.getAttribute("content");
      return {
        title: doc.title,
        h1: doc.querySelector("h1")?.textContent,
        description: content('meta[name="description"]'),
        canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute("href"),
        ogType: content('meta[property="og:type"]'),
        ogTitle: content('meta[property="og:title"]'),
        ogUrl: content('meta[property="og:url"]'),
        published: content('meta[property="article:published_time"]'),
        jsonLd: Array.from(
          doc.querySelectorAll('script[type="application/ld+json"]'),
          (script) => script.textContent ?? "",
        ),
      };
    },
    await response.text(),
  );
  expect(head.title).toBe(`${SAMPLE.title} | ${site.name}`);
  expect(head.h1).toBe(SAMPLE.title);
  expect(head.description).toMatch(/mobile money/i);
  expect(head.canonical).toBe(sampleUrl);
  expect(head.ogType).toBe("article");
  expect(head.ogTitle).toBe(head.title);
  expect(head.ogUrl).toBe(sampleUrl);
  expect(head.published).toBe(SAMPLE.date);
  expect(head.jsonLd).toHaveLength(1);
  const data = JSON.parse(head.jsonLd[0] ?? "") as Record<string, unknown>;
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Article",
    headline: SAMPLE.title,
    description: head.description,
    datePublished: SAMPLE.date,
    author: { name: expect.stringMatching(/\S/) as unknown },
    publisher: { "@type": "Organization", name: site.legalName },
    url: sampleUrl,
  });

  // The full text, its sections one level below the title, and no CSP violation (the fixture
  // fails the test on a console error).
  await gotoReady(page, samplePath);
  const article = page.getByRole("main").getByRole("article");
  expect((await article.innerText()).length).toBeGreaterThan(2000);
  await expect(article.getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /All articles/ })).toHaveAttribute(
    "href",
    pagePaths.articles,
  );
  await expectNoA11yViolations(page, "on an article");
});

test("the Atom feed lists the article and every page advertises it", async ({ page, request }) => {
  const response = await request.get(articleFeedPath);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  const feed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "application/xml");
    const error = doc.querySelector("parsererror")?.textContent ?? null;
    const atom = "http://www.w3.org/2005/Atom";
    return {
      error,
      root: doc.documentElement.namespaceURI,
      self: doc.querySelector('feed > link[rel="self"]')?.getAttribute("href"),
      updated: doc.querySelector("feed > updated")?.textContent,
      entries: Array.from(doc.getElementsByTagNameNS(atom, "entry"), (entry) => ({
        title: entry.getElementsByTagNameNS(atom, "title")[0]?.textContent,
        id: entry.getElementsByTagNameNS(atom, "id")[0]?.textContent,
        link: entry.getElementsByTagNameNS(atom, "link")[0]?.getAttribute("href"),
        published: entry.getElementsByTagNameNS(atom, "published")[0]?.textContent,
      })),
    };
  }, xml);
  expect(feed.error).toBeNull();
  expect(feed.root).toBe("http://www.w3.org/2005/Atom");
  expect(feed.self).toBe(`${site.url}${articleFeedPath}`);
  expect(Number.isNaN(Date.parse(feed.updated ?? ""))).toBe(false);
  expect(feed.entries).toHaveLength(articlePaths().length);
  expect(feed.entries).toContainEqual({
    title: SAMPLE.title,
    id: sampleUrl,
    link: sampleUrl,
    published: `${SAMPLE.date}T00:00:00Z`,
  });

  for (const path of [pagePaths.home, pagePaths.articles, samplePath]) {
    await page.goto(path);
    await expect(
      page.locator('head link[rel="alternate"][type="application/atom+xml"]'),
      path,
    ).toHaveAttribute("href", articleFeedPath);
  }
});

test("the sitemap lists each article's page", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of articlePaths()) expect(sitemap).toContain(`<loc>${site.url}${path}</loc>`);
  expect(sitemap).not.toContain(articleFeedPath);
});

test("the footer leads to the articles and the case study", async ({ page }) => {
  await gotoReady(page, pagePaths.home);
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Articles", exact: true }).click();
  await expect(page).toHaveURL(pagePaths.articles);
  // The address changes before React shows the new page; a click in between could land on the
  // home page's footer as it moves away.
  await expect(page.getByRole("heading", { level: 1, name: articlesPage.headline })).toBeVisible();
  await footer.getByRole("link", { name: "Case Study", exact: true }).click();
  await expect(page).toHaveURL(pagePaths.caseStudy);
});

test.describe("an unknown article", () => {
  // Chromium logs every 404 answer as a console error; these are on purpose.
  test.use({ allowedErrors: [/404/] });

  test("answers 404 with the missing-page screen", async ({ page }) => {
    const response = await gotoReady(page, articlePath("no-such-article"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: /missing page/i })).toBeVisible();
  });
});
