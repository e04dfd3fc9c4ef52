import type { APIRequestContext, Page } from "@playwright/test";
import { site } from "../../common/site";
import { expect, gotoReady, publicPagePaths, test } from "./fixtures";
import { pagePaths } from "../../common/paths";
import { articlePaths } from "../../scripts/page-paths";

// Every link of every page leads somewhere real (no internal link lands on the missing
// page), every in-page anchor has its target, new tabs cannot reach back to us, and the files
// that browsers, search engines and visitors fetch on their own are served.

const paths = publicPagePaths();

interface Fetched {
  status: number;
  contentType: string;
  /** The body, for HTML pages only (to look up #anchors). */
  html?: string;
}

// One request per distinct URL per worker, however many pages link to it.
const fetched = new Map<string, Promise<Fetched>>();

function fetchOnce(request: APIRequestContext, pathAndQuery: string): Promise<Fetched> {
  let pending = fetched.get(pathAndQuery);
  if (!pending) {
    pending = (async () => {
      // No redirects followed: a link must point at the page itself, not at a detour.
      const response = await request.get(pathAndQuery, { maxRedirects: 0 });
      const contentType = response.headers()["content-type"] ?? "";
      const html = contentType.includes("text/html") ? await response.text() : undefined;
      return { status: response.status(), contentType, html };
    })();
    fetched.set(pathAndQuery, pending);
  }
  return pending;
}

/** Whether the HTML the server sends for a page has an element with this id. */
function htmlHasId(page: Page, html: string, id: string): Promise<boolean> {
  return page.evaluate(
    ([source, target]) =>
      new DOMParser().parseFromString(source, "text/html").getElementById(target) !== null,
    [html, id] as const,
  );
}

interface Anchor {
  href: string;
  resolved: string;
  target: string;
  rel: string;
}

for (const path of paths) {
  test(`every link on ${path} works`, async ({ page, request, baseURL }) => {
    await gotoReady(page, path);
    const origin = new URL(baseURL ?? page.url()).origin;
    const anchors: Anchor[] = await page.locator("a[href]").evaluateAll((elements) =>
      elements.map((element) => {
        const a = element as HTMLAnchorElement;
        return {
          href: a.getAttribute("href") ?? "",
          resolved: a.href,
          target: a.target,
          rel: a.rel,
        };
      }),
    );
    expect(anchors.length, "links on the page").toBeGreaterThan(0);

    const problems: string[] = [];
    for (const anchor of anchors) {
      const url = new URL(anchor.resolved);

      if (anchor.target === "_blank") {
        const rel = anchor.rel.split(/\s+/);
        if (!rel.includes("noopener") || !rel.includes("noreferrer")) {
          problems.push(`${anchor.href}: target=_blank without rel="noopener noreferrer"`);
        }
      }

      if (url.protocol === "mailto:") {
        if (!/^[^@\s,]+@[^@\s,]+\.[a-z]{2,}$/i.test(url.pathname)) {
          problems.push(`${anchor.href}: not one e-mail address`);
        }
        continue;
      }
      if (url.protocol === "tel:") {
        if (!/^\+\d{9,15}$/.test(url.pathname))
          problems.push(`${anchor.href}: not a dialable number`);
        continue;
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") {
        problems.push(`${anchor.href}: unexpected scheme ${url.protocol}`);
        continue;
      }
      if (url.origin !== origin) continue;

      const target = await fetchOnce(request, url.pathname + url.search);
      if (target.status !== 200) {
        problems.push(`${anchor.href}: HTTP ${target.status}`);
        continue;
      }
      if (!url.hash) continue;
      const id = decodeURIComponent(url.hash.slice(1));
      const samePage = url.pathname === new URL(page.url()).pathname;
      const found = samePage
        ? await page.evaluate((targetId) => document.getElementById(targetId) !== null, id)
        : target.html !== undefined && (await htmlHasId(page, target.html, id));
      if (!found) problems.push(`${anchor.href}: no element with id "${id}" on ${url.pathname}`);
    }
    expect(problems, `broken links on ${path}`).toEqual([]);
  });
}

test("the sitemap lists exactly the site's pages", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  // The 36 pages and one per article.
  expect(locs).toHaveLength(36 + articlePaths().length);
  expect([...locs].sort()).toEqual(paths.map((path) => `${site.url}${path}`).sort());
});

test("robots.txt points crawlers at the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const robots = await response.text();
  expect(robots).toMatch(
    new RegExp(`^Sitemap: ${site.url.replace(/\./g, "\\.")}/sitemap\\.xml$`, "m"),
  );
  // The pages themselves stay open to crawlers.
  expect(robots).not.toMatch(/^Disallow:\s*\/\s*$/m);
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).toString("hex"), "PNG signature").toBe("89504e470d0a1a0a");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test("the web app manifest is valid and its icons load", async ({ request }) => {
  const response = await request.get("/site.webmanifest");
  expect(response.status()).toBe(200);
  const manifest = JSON.parse(await response.text()) as {
    name?: string;
    start_url?: string;
    icons?: { src: string; sizes: string; type: string }[];
  };
  expect(manifest.name).toBe(site.name);
  expect((await request.get(manifest.start_url ?? "")).status(), "start_url").toBe(200);
  expect(manifest.icons?.length, "icons").toBeGreaterThan(0);
  for (const icon of manifest.icons ?? []) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"], icon.src).toBe(icon.type);
    // The size the manifest announces is the size the browser gets.
    if (icon.type === "image/png") expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
});

test("the favicon, touch icon and manifest linked from every page load", async ({
  page,
  request,
}) => {
  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toBe("image/svg+xml");
  expect(await favicon.text()).toContain("<svg");

  await gotoReady(page, pagePaths.home);
  const hrefs = await page
    .locator('head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs).toHaveLength(3);
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
});

test("the case study brochure is a real PDF", async ({ request }) => {
  const response = await request.get("/downloads/case-study-brochure.pdf");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});
