import { expect, it } from "vitest";
import { articleFeedPath, pagePaths as sitePaths } from "../../common/paths";
import { site } from "../../common/site";
import { articlePaths, pagePaths } from "../../scripts/page-paths";
import { useBuiltSite } from "./built-site";

// The files that browsers, search engines and visitors fetch on their own are served, and say
// what they must.

const built = useBuiltSite();

it("the sitemap lists exactly the site's pages, the articles' among them, and not the feed", async () => {
  const answer = await built.get("/sitemap.xml");
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/xml/);
  const xml = answer.body;
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  // The 36 pages and one per article.
  expect(locs).toHaveLength(36 + articlePaths().length);
  expect([...locs].sort()).toEqual(
    pagePaths()
      .map((path) => `${site.url}${path}`)
      .sort(),
  );
  for (const path of articlePaths()) expect(locs).toContain(`${site.url}${path}`);
  expect(xml).not.toContain(articleFeedPath);
});

it("robots.txt points crawlers at the sitemap and leaves the pages open", async () => {
  const answer = await built.get("/robots.txt");
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["content-type"]).toContain("text/plain");
  expect(answer.body).toMatch(
    new RegExp(`^Sitemap: ${site.url.replace(/\./g, "\\.")}/sitemap\\.xml$`, "m"),
  );
  expect(answer.body).not.toMatch(/^Disallow:\s*\/\s*$/m);
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).toString("hex"), "PNG signature").toBe("89504e470d0a1a0a");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

it("the web app manifest is valid and its icons load at the sizes it announces", async () => {
  const answer = await built.get("/site.webmanifest");
  expect(answer.statusCode).toBe(200);
  const manifest = JSON.parse(answer.body) as {
    name?: string;
    start_url?: string;
    icons?: { src: string; sizes: string; type: string }[];
  };
  expect(manifest.name).toBe(site.name);
  expect((await built.get(manifest.start_url ?? "")).statusCode, "start_url").toBe(200);
  expect(manifest.icons?.length, "icons").toBeGreaterThan(0);
  for (const icon of manifest.icons ?? []) {
    const file = await built.get(icon.src);
    expect(file.statusCode, icon.src).toBe(200);
    expect(file.headers["content-type"], icon.src).toBe(icon.type);
    if (icon.type === "image/png") expect(pngSize(file.rawPayload), icon.src).toBe(icon.sizes);
  }
});

it("the favicon, touch icon and manifest linked from the pages load", async () => {
  const favicon = await built.get("/favicon.svg");
  expect(favicon.statusCode).toBe(200);
  expect(favicon.headers["content-type"]).toBe("image/svg+xml");
  expect(favicon.body).toContain("<svg");

  const { document } = await built.page(sitePaths.home);
  const hrefs = Array.from(
    document.querySelectorAll(
      'head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]',
    ),
    (link) => link.getAttribute("href") ?? "",
  );
  expect(hrefs).toHaveLength(3);
  for (const href of hrefs) expect((await built.get(href)).statusCode, href).toBe(200);
});

it("the case study brochure is a real PDF", async () => {
  const answer = await built.get("/downloads/case-study-brochure.pdf");
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["content-type"]).toBe("application/pdf");
  expect(answer.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});
