import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../testing/lead-api";
import { loadSiteFiles } from "./site-files";
import { builtPage, writeBuiltSite } from "./site-files.testing";
import { apiPaths } from "../../common/paths";

/** The build: pages, a script, an icon and the manifest, the home page precompressed too. */
const writeSite = () =>
  writeBuiltSite({
    "index.html": builtPage("home "),
    "about-us/index.html": builtPage("about "),
    "404/index.html": builtPage("missing page "),
    "assets/root-abc123.js": "console.log('hello');".repeat(50),
    "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    // The client build's manifest, which the renderer reads.
    ".vite/manifest.json": '{"app/app.css":{"file":"assets/app-abc123.css"}}',
    // Precompressed siblings, as scripts/postbuild.ts writes them.
    "index.html.br": brotliCompressSync(builtPage("home ")),
    "index.html.gz": gzipSync(builtPage("home ")),
    "404/index.html.br": brotliCompressSync(builtPage("missing page ")),
  });

describe("serving the prerendered site", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const dir = await writeSite();
    app = await buildApp({ config: testConfig(), site: await loadSiteFiles(dir) });
  });
  afterAll(() => app.close());

  it("serves a page with status 200, as HTML that must be revalidated", async () => {
    const res = await app.inject({ url: "/about-us" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain("about");
  });

  it("answers an unknown path with the missing page and status 404", async () => {
    const res = await app.inject({ url: "/no/such/page" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("missing page");
  });

  it("keeps the build's manifest to itself", async () => {
    expect((await app.inject({ url: "/.vite/manifest.json" })).statusCode).toBe(404);
  });

  it("does not expose the missing-page document as a page of its own", async () => {
    expect((await app.inject({ url: "/404" })).statusCode).toBe(404);
  });

  it("caches hashed assets for a year, immutable", async () => {
    const res = await app.inject({ url: "/assets/root-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  it("sends brotli when accepted, else gzip, else identity", async () => {
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(builtPage("home "));

    const gz = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");

    const plain = await app.inject({ url: "/", headers: { "accept-encoding": "br;q=0" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(builtPage("home "));
  });

  it("keeps the 404 status when the missing page is sent compressed", async () => {
    const res = await app.inject({ url: "/nope", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-encoding"]).toBe("br");
  });

  it("answers 304 when the browser already has the same version", async () => {
    const first = await app.inject({ url: "/about-us" });
    const again = await app.inject({
      url: "/about-us",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("redirects a trailing slash to the page's canonical path, keeping the query", async () => {
    const res = await app.inject({ url: "/about-us/?ref=mail" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/about-us?ref=mail");
  });

  it("answers malformed percent-encoding with a client error, never a 500", async () => {
    expect([400, 404]).toContain((await app.inject({ url: "/%E0%A4%A" })).statusCode);
  });

  it("answers HEAD like GET without a body", async () => {
    const res = await app.inject({ method: "HEAD", url: "/about-us" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
  });

  it("reports health at /api/health", async () => {
    const res = await app.inject({ url: apiPaths.health });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers unknown API paths with JSON 404, not the HTML page", async () => {
    const res = await app.inject({ url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not Found" });
  });
});

describe("loadSiteFiles", () => {
  it("refuses a build without the missing page, naming the fix", async () => {
    const dir = await writeBuiltSite({ "index.html": "<p>hi</p>" });
    await expect(loadSiteFiles(dir)).rejects.toThrow(/npm run build/);
  });
});
