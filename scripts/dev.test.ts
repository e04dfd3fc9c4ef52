import type { ViteDevServer } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { mediaPath } from "../common/media";
import { consolePreviewPath } from "../common/paths";
import { forApi, forConsole } from "./dev";
import { RENDERER, serveRenderer } from "./dev-render";
import { RENDER_URL_VARIABLE, renderPath } from "./dev-render-bridge";

// `npm run dev`'s front: which requests the API answers, and the renderer it lends the API. The
// whole in a browser: tests/dev/.

const PICTURE = "0b7e3c2a-5f1d-4c8e-9a6b-2d4f8e1c3a5b";

describe("the front passes the API", () => {
  it("its addresses, the media library's pictures and drafts' previews", () => {
    expect(forApi("GET", "/api/health")).toBe(true);
    expect(forApi("GET", mediaPath(PICTURE, 960, "avif"))).toBe(true);
    expect(forApi("HEAD", mediaPath(PICTURE, 480, "webp"))).toBe(true);
    expect(forApi("GET", consolePreviewPath("article", PICTURE))).toBe(true);
  });

  it("every write, wherever it goes", () => {
    expect(forApi("POST", "/contact-us")).toBe(true);
    expect(forApi("DELETE", "/articles/x")).toBe(true);
  });

  it("no page of the site nor of the console", () => {
    expect(forApi("GET", "/")).toBe(false);
    expect(forApi("GET", "/articles")).toBe(false);
    expect(forApi("GET", "/mediakit")).toBe(false);
    expect(forApi("GET", "/staff/articles")).toBe(false);
    expect(forApi("GET", "/staff/preview")).toBe(false);
  });
});

it("the console answers /staff and the addresses under it, not their look-alikes", () => {
  expect(forConsole("/staff")).toBe(true);
  expect(forConsole("/staff/sign-in")).toBe(true);
  expect(forConsole("/staff?next=1")).toBe(true);
  expect(forConsole("/staffing")).toBe(false);
});

describe("the renderer the API loads (dev-render-bridge.ts)", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    delete process.env[RENDER_URL_VARIABLE];
  });

  /** The front's render address over a stand-in of Vite whose renderer runs `render`. */
  async function front(render: (urlPath: string, options: unknown) => Promise<string>) {
    const site = {
      ssrLoadModule: (id: string) =>
        Promise.resolve(
          id === RENDERER
            ? {
                devAssets: {},
                renderPath: async (urlPath: string, _assets: unknown, options: unknown) => ({
                  status: 200,
                  contentType: "text/html; charset=utf-8",
                  body: await render(urlPath, options),
                }),
              }
            : {},
        ),
      transformIndexHtml: (_url: string, html: string) =>
        Promise.resolve(html.replace("</body>", '<script src="/@vite/client"></script></body>')),
      ssrFixStacktrace: () => undefined,
    } as unknown as ViteDevServer;
    const served = await serveRenderer(site);
    close = served.close;
    process.env[RENDER_URL_VARIABLE] = served.url;
  }

  it("renders through the front's Vite, with what the API asked for", async () => {
    await front((urlPath, options) =>
      Promise.resolve(`<html><body>${urlPath} ${JSON.stringify(options)}</body></html>`),
    );
    const page = await renderPath("/articles/draft", null, { preview: true });
    expect(page).toEqual({
      status: 200,
      contentType: "text/html; charset=utf-8",
      body: '<html><body>/articles/draft {"preview":true}<script src="/@vite/client"></script></body></html>',
    });
  });

  it("fails when the page does, so the API answers as it does for a broken page", async () => {
    await front(() => Promise.reject(new Error("The draft's Markdown broke the page")));
    await expect(renderPath("/articles/draft", null, { preview: true })).rejects.toThrow(
      /did not render \/articles\/draft: Error: The draft's Markdown broke the page/,
    );
  });
});
