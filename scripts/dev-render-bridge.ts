/**
 * The site's renderer as the API started by `npm run dev` loads it: where `npm start`'s server
 * imports the build's renderer (build/server/render/render.js, server/static/page-renderer.ts),
 * the dev API imports this module (scripts/dev.ts writes the file it looks for, re-exporting it),
 * and each page is rendered by the front, through Vite, from source (scripts/dev-published.ts).
 *
 * So the API answers a draft's preview and a form's page refused without JavaScript as it does in
 * production, with its own checks: who may see a preview stays the API's preview route's decision
 * alone; the front only turns a path and its data into HTML.
 */
import type { BuiltRenderer } from "../server/static/page-renderer";

/** The environment variable that gives the API the front's render address. */
export const RENDER_URL_VARIABLE = "DEV_RENDER_URL";

/** What the front's render address is sent: what `renderPath` was asked. */
export interface RenderRequest {
  urlPath: string;
  options: Parameters<BuiltRenderer["renderPath"]>[2];
}

const bridge: BuiltRenderer = {
  // Pages rendered in dev name their scripts by their source addresses (app/lib/page-assets.ts).
  loadAssets: () => Promise.resolve(null),
  async renderPath(urlPath, _assets, options) {
    const url = process.env[RENDER_URL_VARIABLE];
    if (!url) throw new Error(`${RENDER_URL_VARIABLE} is not set: start the API with npm run dev`);
    const request: RenderRequest = { urlPath, options };
    const answer = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    if (!answer.ok) throw new Error(`The front did not render ${urlPath}: ${await answer.text()}`);
    return (await answer.json()) as Awaited<ReturnType<BuiltRenderer["renderPath"]>>;
  },
  // The front serves the pages of published content, not the API: none are the API's to answer.
  publishedPaths: () => ({ items: [], lists: [] }),
};

export const { loadAssets, renderPath, publishedPaths } = bridge;
