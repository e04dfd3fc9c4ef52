// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { articleFeedPath, caseStudyPath, pagePaths, positionPath } from "@common/paths";
import { NOTHING_PUBLISHED, type PublishedContent } from "@common/published";
import { site } from "@common/site";
import { sitemapPath } from "@common/sitemap";
import { COVER_ID, publishedFixture } from "~/content/published-fixture";
import { assetsFromManifest } from "~/lib/page-assets";
import { publishedPaths, renderPath } from "./render";

// The renderer given what marketing published (the server's snapshot): each item a page of the
// site's document, with its own head, in the lists, the feed and the sitemap.

const assets = assetsFromManifest({
  "app/app.css": { file: "assets/app-abc123.css", src: "app/app.css", isEntry: true },
});
const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
const render = async (path: string, published: PublishedContent = publishedFixture) =>
  renderPath(path, assets, { published });
const page = async (path: string, published?: PublishedContent) => {
  const rendered = await render(path, published);
  expect(rendered.status, path).toBe(200);
  return parse(rendered.body);
};
const metaOf = (doc: Document, selector: string) =>
  doc.querySelector(`meta[${selector}]`)?.getAttribute("content");
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? "{}") as Record<string, unknown>,
  );

const [article] = publishedFixture.articles;
const [caseStudy] = publishedFixture.caseStudies;
const [position] = publishedFixture.positions;

describe("a published article", () => {
  it("is a page of the site with its own title, description, canonical, Open Graph and Article", async () => {
    const path = `${pagePaths.articles}/${article!.slug}`;
    const doc = await page(path);
    expect(doc.title).toBe(`${article!.title} | ${site.name}`);
    expect(metaOf(doc, 'name="description"')).toBe(article!.summary);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${site.url}${path}`,
    );
    expect(metaOf(doc, 'property="og:url"')).toBe(`${site.url}${path}`);
    expect(metaOf(doc, 'property="og:type"')).toBe("article");
    expect(metaOf(doc, 'property="og:image"')).toBe(`${site.url}/media/${COVER_ID}/1440.webp`);
    expect(metaOf(doc, 'property="og:image:alt"')).toBe(article!.cover!.alt);
    expect(jsonLd(doc)).toContainEqual(
      expect.objectContaining({
        "@type": "Article",
        headline: article!.title,
        datePublished: article!.publishedAt,
        dateModified: article!.updatedAt,
        author: { "@type": "Person", name: "Ama Mensah" },
      }),
    );
    expect(doc.querySelector("a.skip-link")).not.toBeNull();
    expect(doc.querySelector("footer")?.textContent).toContain(site.legalName);
    // The built articles' document: the same stylesheet, links and inline script, so the same
    // first paint (decision 0066: the same Lighthouse numbers).
    const built = await page(`${pagePaths.articles}/mobile-money-collections-for-small-businesses`);
    const shared = (d: Document) =>
      [
        ...d.head.querySelectorAll(
          'link:not([rel="canonical"]):not([as="image"]), script:not([type="application/ld+json"])',
        ),
      ].map((element) => element.outerHTML);
    expect(shared(doc)).toEqual(shared(built));
    // The cover is asked for from the head in AVIF, typed so that a browser without it skips it.
    const preload = doc.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute("type")).toBe("image/avif");
    expect(preload?.getAttribute("fetchpriority")).toBe("high");
    expect(preload?.getAttribute("imagesrcset")).toContain(`/media/${COVER_ID}/720.avif 720w`);
    expect(doc.querySelector("main article")?.className).toBe(
      built.querySelector("main article")?.className,
    );
  });

  it("shows its cover in AVIF or WebP, responsive, of reserved size, fetched first; its byline and tags", async () => {
    const doc = await page(`${pagePaths.articles}/${article!.slug}`);
    const cover = doc.querySelector(`main img[alt="${article!.cover!.alt}"]`);
    const sizes = (format: string) =>
      [480, 720, 960, 1440].map((w) => `/media/${COVER_ID}/${w}.${format} ${w}w`).join(", ");
    const avif = cover?.parentElement?.querySelector('source[type="image/avif"]');
    expect(avif?.getAttribute("srcset")).toBe(sizes("avif"));
    expect(avif?.getAttribute("sizes")).toBe(cover?.getAttribute("sizes"));
    expect(cover?.getAttribute("srcset")).toBe(sizes("webp"));
    expect(cover?.getAttribute("width")).toBe("1600");
    expect(cover?.getAttribute("height")).toBe("900");
    expect(cover?.getAttribute("fetchpriority")).toBe("high");
    expect(cover?.getAttribute("loading")).toBeNull();
    expect(doc.querySelector("main h1")?.textContent).toBe(article!.title);
    expect(doc.querySelector("main time")?.getAttribute("datetime")).toBe("2026-12-06");
    expect(doc.querySelector("main")?.textContent).toContain("Ama Mensah");
    const tags = [...doc.querySelectorAll('main ul[aria-label="Tags"] li')].map(
      (li) => li.textContent,
    );
    expect(tags).toEqual(["payouts", "merchants"]);
    expect(doc.querySelector("main h2")?.textContent).toBe("What changes");
  });

  it("is listed on /articles and in the feed; a built article's address is never taken", async () => {
    const list = await page(pagePaths.articles);
    const links = [...list.querySelectorAll("main h2 a")].map((a) => a.getAttribute("href"));
    expect(links[0]).toBe(`${pagePaths.articles}/${article!.slug}`);
    expect(links.length).toBeGreaterThan(1);

    const feed = (await render(articleFeedPath)).body;
    expect(feed).toContain(`<id>${site.url}${pagePaths.articles}/${article!.slug}</id>`);
    expect(feed).toContain(`<published>${article!.publishedAt}</published>`);
    expect(feed).toContain(`<updated>${article!.updatedAt}</updated>`);

    const builtSlug = "mobile-money-collections-for-small-businesses";
    const taken = {
      ...publishedFixture,
      articles: [{ ...article!, slug: builtSlug, title: "Taken over" }],
    };
    const built = await page(`${pagePaths.articles}/${builtSlug}`, taken);
    expect(built.querySelector("main h1")?.textContent).not.toBe("Taken over");
    expect(publishedPaths(taken).items).not.toContain(`${pagePaths.articles}/${builtSlug}`);
  });
});

describe("a published case study and an open position", () => {
  it("renders the case study: client, sector, results, quote, cover, and lists it on /case-study", async () => {
    const doc = await page(caseStudyPath(caseStudy!.slug));
    expect(doc.title).toBe(`${caseStudy!.title} | ${site.name}`);
    const main = doc.querySelector("main")!;
    expect(main.textContent).toContain(caseStudy!.client);
    expect(main.textContent).toContain(caseStudy!.sector);
    expect(main.querySelector("dd")?.textContent).toBe("40%");
    expect(main.querySelector("blockquote")?.textContent).toContain("Queues are gone.");
    expect(main.querySelector("img")?.getAttribute("fetchpriority")).toBe("high");
    expect(jsonLd(doc)).toContainEqual(expect.objectContaining({ "@type": "Article" }));

    const list = await page(pagePaths.caseStudy);
    const more = list.querySelector('[aria-labelledby="more-case-studies-heading"]');
    expect(more?.querySelector("a")?.getAttribute("href")).toBe(caseStudyPath(caseStudy!.slug));
    const built = await page(pagePaths.caseStudy, NOTHING_PUBLISHED);
    expect(built.querySelector('[aria-labelledby="more-case-studies-heading"]')).toBeNull();
  });

  it("renders the position with its closing time in Accra time and a JobPosting, and lists it on /careers", async () => {
    const path = positionPath(position!.slug);
    const doc = await page(path);
    expect(doc.title).toBe(`${position!.title} | ${site.name}`);
    expect(doc.querySelector("main")?.textContent).toContain("31 Dec 2026, 17:00 Accra time");
    expect(doc.querySelector('main a[href^="mailto:"]')).not.toBeNull();
    expect(jsonLd(doc)).toContainEqual(
      expect.objectContaining({
        "@type": "JobPosting",
        title: position!.title,
        datePosted: position!.publishedAt,
        validThrough: position!.closesAt,
        employmentType: ["FULL_TIME"],
        hiringOrganization: expect.objectContaining({ name: site.legalName }),
        jobLocation: expect.objectContaining({ "@type": "Place" }),
      }),
    );

    const careers = await page(pagePaths.careers);
    expect(careers.querySelector(`main a[href="${path}"]`)?.textContent).toBe(position!.title);
    expect(careers.querySelector('main [role="status"]')?.textContent).toBe("1 position available");
  });
});

describe("what is not published", () => {
  it("has no page, no entry in the lists, the feed or the sitemap", async () => {
    for (const path of [
      `${pagePaths.articles}/${article!.slug}`,
      caseStudyPath(caseStudy!.slug),
      positionPath(position!.slug),
    ]) {
      expect((await render(path, NOTHING_PUBLISHED)).status, path).toBe(404);
    }
    expect((await render(articleFeedPath, NOTHING_PUBLISHED)).body).not.toContain(article!.slug);
    const careers = await page(pagePaths.careers, NOTHING_PUBLISHED);
    expect(careers.querySelector(`main a[href="${positionPath(position!.slug)}"]`)).toBeNull();
    expect((await render(sitemapPath, NOTHING_PUBLISHED)).body).not.toContain(position!.slug);
  });

  it("puts every published item in the sitemap beside the built pages", async () => {
    const sitemap = await render(sitemapPath);
    expect(sitemap.contentType).toBe("application/xml; charset=utf-8");
    for (const path of [
      pagePaths.home,
      `${pagePaths.articles}/${article!.slug}`,
      caseStudyPath(caseStudy!.slug),
      positionPath(position!.slug),
    ]) {
      expect(sitemap.body).toContain(`<loc>${site.url}${path}</loc>`);
    }
    expect(sitemap.body).not.toContain("/newsletter/");
  });

  it("marks a preview noindex", async () => {
    const preview = parse(
      (
        await renderPath(positionPath(position!.slug), assets, {
          published: publishedFixture,
          preview: true,
        })
      ).body,
    );
    expect(metaOf(preview, 'name="robots"')).toBe("noindex");
  });
});
