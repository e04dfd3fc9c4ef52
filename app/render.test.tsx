// @vitest-environment jsdom
import { expect, it } from "vitest";
import { apiPaths, articleFeedPath, articlePath, notFoundPath, pagePaths } from "@common/paths";
import { site } from "@common/site";
import { assetsFromManifest } from "~/lib/page-assets";
import ArticlePage, { articleSeo, meta as articleMeta } from "~/routes/article";
import { renderDocument, renderPath } from "./render";

// A build's client manifest, shortened (vite.dev/guide/backend-integration).
const assets = assetsFromManifest({
  "app/app.css": { file: "assets/app-abc123.css", src: "app/app.css", isEntry: true },
  "app/islands/entries/contact-us.tsx": {
    file: "assets/contact-us-def456.js",
    src: "app/islands/entries/contact-us.tsx",
    isEntry: true,
  },
});

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

/** An article as the console would store it: data, not a Markdown file of the repository. */
const stored = {
  slug: "paying-school-fees-by-ussd",
  meta: {
    title: "Paying school fees by USSD",
    description: "How parents pay school fees from any phone.",
    date: "2026-11-30",
    author: "Ama Mensah",
  },
  html: "<p>Parents dial the school's code.</p><h2>Receipts</h2><p>Each payment is receipted.</p>",
};

it("renders an article given as data as a whole page of the site, as a built article is", async () => {
  const data = { ...stored, seo: articleSeo(stored.slug, stored.meta), cover: null };
  const path = articlePath(stored.slug);
  const html = renderDocument({
    path,
    head: articleMeta({ path, data }),
    page: <ArticlePage path={path} data={data} />,
    assets,
  });
  expect(html.startsWith('<!DOCTYPE html><html lang="en-GH">')).toBe(true);
  const page = parse(html);

  expect(page.title).toBe(`Paying school fees by USSD | ${site.name}`);
  const metaContent = (selector: string) =>
    page.querySelector(`meta[${selector}]`)?.getAttribute("content");
  expect(metaContent('name="description"')).toBe(stored.meta.description);
  expect(metaContent('property="og:type"')).toBe("article");
  expect(metaContent('property="article:published_time"')).toBe("2026-11-30");
  expect(page.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
    `${site.url}${path}`,
  );
  const jsonLd = JSON.parse(
    page.querySelector('script[type="application/ld+json"]')?.textContent ?? "{}",
  ) as Record<string, unknown>;
  expect(jsonLd).toMatchObject({
    "@type": "Article",
    headline: stored.meta.title,
    datePublished: "2026-11-30",
    author: { "@type": "Person", name: "Ama Mensah" },
  });

  // The site's header, footer and skip link around the article's own words.
  expect(page.querySelector("a.skip-link")?.getAttribute("href")).toBe("#main");
  expect(page.querySelector(`header a[href="${pagePaths.home}"]`)).not.toBeNull();
  expect(page.querySelector("footer")?.textContent).toContain(site.legalName);
  expect(page.querySelector("main h1")?.textContent).toBe(stored.meta.title);
  expect(page.querySelector("main h2")?.textContent).toBe("Receipts");

  // The same document as the built article pages: stylesheet, links, inline scripts.
  const built = parse(
    (await renderPath(articlePath("mobile-money-collections-for-small-businesses"), assets)).body,
  );
  const shared = (doc: Document) =>
    [
      ...doc.head.querySelectorAll(
        'link:not([rel="canonical"]), script:not([type="application/ld+json"])',
      ),
    ].map((element) => element.outerHTML);
  expect(shared(page)).toEqual(shared(built));
  expect(page.querySelector('link[rel="stylesheet"]')?.getAttribute("href")).toBe(
    "/assets/app-abc123.css",
  );
});

it("answers a path that is no page with the missing page and 404, and the feed as Atom", async () => {
  const missing = await renderPath("/no-such-page", assets);
  expect(missing.status).toBe(404);
  const own = await renderPath(notFoundPath, assets);
  expect(missing.body).toBe(own.body);
  expect(parse(missing.body).querySelector('meta[name="robots"]')?.getAttribute("content")).toBe(
    "noindex",
  );

  const feed = await renderPath(articleFeedPath, assets);
  expect(feed).toMatchObject({ status: 200, contentType: "application/atom+xml; charset=utf-8" });
  expect(feed.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
});

it("names each island's built script in its container, and fails a page whose entry is not built", async () => {
  const contact = parse((await renderPath(pagePaths.contactUs, assets)).body);
  const form = contact.querySelector('[data-island="contact-us:form"]');
  expect(form?.getAttribute("data-island-entry")).toBe("/assets/contact-us-def456.js");
  await expect(renderPath(pagePaths.home, assets)).rejects.toThrow(
    'No script for the island entry "home"',
  );
});

it("renders a form's page again for its refused post: values, summary linking each field, focus", async () => {
  const refused = {
    action: apiPaths.contact,
    values: { firstName: "Ámà", lastName: "", email: "ama@", message: "مرحبا <b>", phone: "abc" },
    errors: {
      lastName: "Enter your last name",
      email: "Enter an e-mail address",
      phone: "Enter a phone number",
    },
  };
  const page = parse((await renderPath(pagePaths.contactUs, assets, { refused })).body);

  expect(page.title).toMatch(/^Error: Contact Us \| /);
  const summary = page.querySelector("[autofocus]");
  expect(summary?.querySelector("h3")?.textContent).toBe("There is a problem");
  const links = [...(summary?.querySelectorAll("a") ?? [])];
  expect(links.map((link) => link.textContent)).toEqual(Object.values(refused.errors));
  for (const link of links) {
    const field = page.getElementById(link.getAttribute("href")?.slice(1) ?? "");
    expect(field?.getAttribute("aria-invalid"), link.textContent ?? "").toBe("true");
    expect(field?.getAttribute("aria-describedby")).toContain(`${field?.id}-error`);
  }
  const value = (name: string) =>
    (page.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value;
  expect([value("firstName"), value("email"), value("phone"), value("message")]).toEqual([
    "Ámà",
    "ama@",
    "abc",
    "مرحبا <b>",
  ]);
  expect((page.querySelector('[name="agreeToPolicy"]') as HTMLInputElement).checked).toBe(false);
  // The island starts from the same state in the browser, so hydration keeps it.
  const props = page
    .querySelector('[data-island="contact-us:form"]')
    ?.getAttribute("data-island-props");
  expect(JSON.parse(props ?? "{}")).toEqual({ refused });

  const built = parse((await renderPath(pagePaths.contactUs, assets)).body);
  expect(built.querySelector("[autofocus]")).toBeNull();
  expect(built.title).toMatch(/^Contact Us \| /);
});
