import { describe, expect, it } from "vitest";
import { articleFeedPath } from "../../common/paths";
import { site } from "../../common/site";
import { articlePaths, pagePaths } from "../../scripts/page-paths";
import { metaContent, squash, useBuiltSite } from "./built-site";

// Every page of the route table, as the server sends it before any script runs: one heading and
// the tags search engines and link previews read.

const paths = pagePaths();
const built = useBuiltSite();

it("the route table has 36 pages and one per article", () => {
  const count = 36 + articlePaths().length;
  expect(paths).toHaveLength(count);
  expect(new Set(paths).size).toBe(count);
  // Canonical URLs below are built from it: an https origin, no path, no trailing slash.
  expect(site.url).toMatch(/^https:\/\/[a-z0-9.-]+$/);
});

describe.each(paths)("%s", (path) => {
  it("is prerendered HTML with one heading, its title, description, canonical URL and share tags", async () => {
    const { answer, document } = await built.page(path);
    expect(answer.headers["content-type"]).toContain("text/html");
    const h1 = Array.from(document.querySelectorAll("h1"), (h) => squash(h.textContent));
    expect(h1, "prerendered h1").toHaveLength(1);
    expect(h1[0], "prerendered h1 text").not.toBe("");

    const url = `${site.url}${path}`;
    const title = document.head.querySelector("title")?.textContent ?? null;
    const description = metaContent(document, 'meta[name="description"]');
    expect(title?.trim(), "<title>").toBeTruthy();
    expect(description?.trim(), '<meta name="description">').toBeTruthy();
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(url);
    expect(metaContent(document, 'meta[property="og:title"]'), "og:title").toBe(title);
    expect(metaContent(document, 'meta[property="og:description"]'), "og:description").toBe(
      description,
    );
    expect(metaContent(document, 'meta[property="og:url"]'), "og:url").toBe(url);
    const ogImage = metaContent(document, 'meta[property="og:image"]');
    expect(ogImage, "og:image").toMatch(/^https:\/\//);

    // The share image is ours: it must exist where the tag says (on this server, same path).
    const image = await built.get(new URL(ogImage ?? "").pathname);
    expect(image.statusCode, "og:image status").toBe(200);
    expect(image.headers["content-type"]).toMatch(/^image\//);
  });

  it("advertises the articles' Atom feed", async () => {
    const { document } = await built.page(path);
    const feed = document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(feed?.getAttribute("href")).toBe(articleFeedPath);
  });
});

it("every page has its own title", async () => {
  const titles = new Map<string, string[]>();
  for (const path of paths) {
    const { document } = await built.page(path);
    const title = document.title.trim();
    expect(title, `title of ${path}`).not.toBe("");
    titles.set(title, [...(titles.get(title) ?? []), path]);
  }
  const shared = [...titles].filter(([, owners]) => owners.length > 1);
  expect(shared, "titles used by more than one page").toEqual([]);
});
