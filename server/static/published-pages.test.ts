import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NOTHING_PUBLISHED, type PublishedContent } from "../../common/published";
import { buildApp } from "../app";
import { testConfig } from "../testing/lead-api";
import type { PageRenderer, PublishedRenderer } from "./page-renderer";
import { loadSiteFiles } from "./site-files";
import { builtPage, writeBuiltSite } from "./site-files.testing";

// The server's side of published content, with a renderer that writes a page naming what it was
// given (the real renderer's pages are tested in app/render-published.test.tsx).

const writeSite = () =>
  writeBuiltSite({
    "index.html": builtPage("home "),
    "articles/index.html": builtPage("built list "),
    "articles/built-article/index.html": builtPage("built article "),
    "404/index.html": builtPage("missing page "),
  });

const article = (slug: string, title: string) => ({
  slug,
  title,
  summary: "A summary.",
  markdown: "Words.",
  tags: [],
  cover: null,
  author: "Ama Mensah",
  publishedAt: "2026-12-06T09:00:00.000Z",
  updatedAt: "2026-12-06T09:00:00.000Z",
});

const content = (...titles: string[]): PublishedContent => ({
  ...NOTHING_PUBLISHED,
  articles: [
    ...titles.map((title, index) => article(`published-${index + 1}`, title)),
    article("built-article", "Not this one"),
  ],
  redirects: { "/articles/old-name": "/articles/published-1", "/articles/away": "//evil.example" },
  gone: ["/articles/taken-off"],
});

/** A renderer that renders each path as a page naming it and the titles published. */
function fakeRenderer(): PublishedRenderer & { renders: string[] } {
  const renders: string[] = [];
  return {
    renders,
    paths: (published) => ({
      items: published.articles.map((item) => `/articles/${item.slug}`),
      lists: ["/articles"],
    }),
    async render(pagePath, published, { preview = false } = {}) {
      renders.push(pagePath);
      if (pagePath === "/articles/published-2") throw new Error("this page fails");
      const titles = published.articles.map((item) => item.title).join(", ");
      const body = builtPage(`${pagePath}: ${titles}${preview ? " (preview)" : ""} `);
      return {
        status: 200,
        contentType: "text/html; charset=utf-8",
        body,
        csp: preview ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
      };
    },
  };
}

describe("published content on the site", () => {
  let app: FastifyInstance;
  const renderer = fakeRenderer();
  const pages: PageRenderer = {
    refusedForm: () => Promise.reject(new Error("not in these tests")),
    published: renderer,
  };
  const clock = { now: 0 };
  let published = content("First");
  let loads = 0;
  let failing = false;

  beforeAll(async () => {
    const dir = await writeSite();
    app = await buildApp({
      config: testConfig(),
      site: await loadSiteFiles(dir),
      pages,
      published: {
        load: async () => {
          loads += 1;
          if (failing) throw new Error("the database is away");
          return published;
        },
        refreshMs: 10_000,
        now: () => clock.now,
      },
    });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    clock.now += 60_000;
    failing = false;
    published = content("First");
    renderer.renders.length = 0;
  });

  it("serves a published item's page as a built page is: compressed, ETag, revalidated, the page's CSP", async () => {
    const res = await app.inject({
      url: "/articles/published-1",
      headers: { "accept-encoding": "br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers["content-security-policy"]).toBe("frame-ancestors 'none'");
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(
      "/articles/published-1: First",
    );

    const again = await app.inject({
      url: "/articles/published-1",
      headers: { "accept-encoding": "br", "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const head = await app.inject({ method: "HEAD", url: "/articles/published-1" });
    expect(head.statusCode).toBe(200);
    // Rendered once for the snapshot, however often it is asked for.
    expect(renderer.renders.filter((p) => p === "/articles/published-1")).toHaveLength(1);
  });

  it("lists published items on the list page, and never replaces a built page's address", async () => {
    expect((await app.inject({ url: "/articles" })).body).toContain("/articles: First");
    const built = await app.inject({ url: "/articles/built-article" });
    expect(built.body).toContain("built article");
    expect(renderer.renders).not.toContain("/articles/built-article");
  });

  it("serves the built lists when nothing is published", async () => {
    published = NOTHING_PUBLISHED;
    expect((await app.inject({ url: "/articles" })).body).toContain("built list");
    expect((await app.inject({ url: "/articles/published-1" })).statusCode).toBe(404);
  });

  it("redirects a renamed item's old address (301), and never off the site", async () => {
    const res = await app.inject({ url: "/articles/old-name" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/articles/published-1");
    expect((await app.inject({ url: "/articles/away" })).statusCode).toBe(404);
    const slash = await app.inject({ url: "/articles/published-1/" });
    expect([slash.statusCode, slash.headers.location]).toEqual([301, "/articles/published-1"]);
  });

  it("answers a taken-off item's address with 410 and the missing page", async () => {
    const res = await app.inject({ url: "/articles/taken-off" });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain("missing page");
  });

  it("takes what is published within the interval, loading once for the requests meanwhile", async () => {
    await app.inject({ url: "/articles/published-1" });
    const before = loads;
    published = content("Renamed");
    clock.now += 5_000;
    // An article and the list, asked for at once: the titles each was rendered with.
    const titlesShown = async () =>
      (
        await Promise.all([
          app.inject({ url: "/articles/published-1" }),
          app.inject({ url: "/articles" }),
        ])
      ).map((res) => /: (\w+)/.exec(res.body)?.[1]);
    expect(await titlesShown()).toEqual(["First", "First"]);
    expect(loads).toBe(before);

    clock.now += 5_000;
    expect(await titlesShown()).toEqual(["Renamed", "Renamed"]);
    expect(loads).toBe(before + 1);
  });

  it("keeps the last snapshot when a load fails, and a page that fails to render is no 500", async () => {
    await app.inject({ url: "/articles/published-1" });
    failing = true;
    clock.now += 60_000;
    const res = await app.inject({ url: "/articles/published-1" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(": First");

    failing = false;
    published = content("First", "Second");
    clock.now += 60_000;
    expect((await app.inject({ url: "/articles/published-2" })).statusCode).toBe(404);
  });
});

describe("a site without the renderer", () => {
  it("serves the built files as before", async () => {
    const dir = await writeSite();
    const app = await buildApp({
      config: testConfig(),
      site: await loadSiteFiles(dir),
      pages: null,
      published: { load: () => Promise.resolve(content("First")) },
    });
    expect((await app.inject({ url: "/articles" })).body).toContain("built list");
    expect((await app.inject({ url: "/articles/published-1" })).statusCode).toBe(404);
    await app.close();
  });
});
