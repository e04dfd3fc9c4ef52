/**
 * `npm run dev`'s one way to render a page of the site: app/render.tsx loaded through Vite, from
 * source, for the front's pages (scripts/dev.ts), published content's (scripts/dev-published.ts)
 * and, on a loopback address, the API's (scripts/dev-render-bridge.ts): a preview and a form's
 * page refused without JavaScript.
 */
import http from "node:http";
import type { ViteDevServer } from "vite";
import type * as RenderModule from "../app/render";
import type { RenderRequest } from "./dev-render-bridge";

export const RENDERER = "/app/render.tsx";

export type Renderer = typeof RenderModule;
type RenderOptions = NonNullable<Parameters<Renderer["renderPath"]>[2]>;

/**
 * `urlPath` rendered from source; an HTML page with Vite's client added (its reload on change),
 * before any policy hashes the page's inline scripts.
 */
export async function renderThroughVite(
  site: ViteDevServer,
  urlPath: string,
  options: RenderOptions = {},
): Promise<RenderModule.Rendered> {
  const renderer = (await site.ssrLoadModule(RENDERER)) as Renderer;
  const page = await renderer.renderPath(urlPath, renderer.devAssets, options);
  if (!page.contentType.startsWith("text/html")) return page;
  return { ...page, body: await site.transformIndexHtml(urlPath, page.body) };
}

/**
 * The front's renderer on a loopback address for the API (scripts/dev-render-bridge.ts): a POST
 * of a path and its options answers the page as JSON. Only the API, on this machine, calls it.
 */
export async function serveRenderer(
  site: ViteDevServer,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = async () => {
        const { urlPath, options } = JSON.parse(Buffer.concat(chunks).toString()) as RenderRequest;
        return renderThroughVite(site, urlPath, options);
      };
      answer().then(
        (page) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(page));
        },
        (error: unknown) => {
          const err = error as Error;
          site.ssrFixStacktrace(err);
          res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
          res.end(err.stack ?? String(err));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/render`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
