import { access } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RefusedForm } from "../../leads/refused-form";
import type { PublishedContent } from "../../common/published";
import { type CspOptions, inlineScriptHashes, pageCsp } from "../security/csp";

/** A page of the site rendered at request time, with the policy its inline script needs. */
export interface RenderedPage {
  html: string;
  csp: string;
}

/**
 * Renders a page of the site again on request, with the same components and document as the
 * build wrote it: for now, a form's page answering that form posted without JavaScript and
 * refused (the values typed, the error summary, each field's message).
 */
export interface PageRenderer {
  refusedForm(pagePath: string, refused: RefusedForm): Promise<RenderedPage>;
  /** Pages of published content (server/static/published-pages.ts); absent in tests' fakes. */
  published?: PublishedRenderer;
}

/** What the server answers from published content: a page, the feed or the sitemap. */
export interface RenderedAnswer {
  status: number;
  contentType: string;
  body: string;
  /** An HTML page's policy (its inline script's hash); none for the feed and the sitemap. */
  csp?: string;
}

/** The renderer's side of published content (app/render.tsx). */
export interface PublishedRenderer {
  /** The items' own pages, and the built pages and files that list them. */
  paths(content: PublishedContent): { items: string[]; lists: string[] };
  /** `path` as it is with `content` published; a preview is marked noindex and may be framed. */
  render(
    path: string,
    content: PublishedContent,
    options?: { preview?: boolean },
  ): Promise<RenderedAnswer>;
}

/** What the build's renderer (app/render.tsx, built to build/server/render/render.js) offers. */
export interface BuiltRenderer {
  loadAssets(clientDir: string): Promise<unknown>;
  renderPath(
    urlPath: string,
    assets: unknown,
    options: { refused?: RefusedForm; published?: PublishedContent; preview?: boolean },
  ): Promise<{ status: number; contentType: string; body: string }>;
  publishedPaths(published: PublishedContent): { items: string[]; lists: string[] };
}

const isHtml = (contentType: string) => contentType.startsWith("text/html");

/** Where `npm run build` puts the renderer: beside the client build it served. */
export function rendererFileFor(siteDir: string): string {
  return path.resolve(siteDir, "..", "server", "render", "render.js");
}

/**
 * Loads the build's renderer for the site in `siteDir`, or null when the build has none (a site
 * copied without it): forms posted without JavaScript then land on the generic page that says
 * what was wrong, as before pages could be rendered on request. `npm run dev` writes one there
 * for its API, which renders through the front (scripts/dev-render-bridge.ts).
 * Imported once per process (app/README.md says why).
 */
export async function loadPageRenderer(
  siteDir: string,
  csp: CspOptions,
): Promise<PageRenderer | null> {
  const file = rendererFileFor(siteDir);
  try {
    await access(file);
  } catch {
    return null;
  }
  const renderer = (await import(pathToFileURL(file).href)) as BuiltRenderer;
  const assets = await renderer.loadAssets(siteDir);
  return {
    async refusedForm(pagePath, refused) {
      const { status, body } = await renderer.renderPath(pagePath, assets, { refused });
      if (status !== 200) throw new Error(`${pagePath} is no page of the site (${status})`);
      return { html: body, csp: pageCsp(inlineScriptHashes(body), csp) };
    },
    published: publishedRenderer(renderer, assets, csp),
  };
}

/**
 * The `published` side of a renderer of app/render.tsx's shape: the build's (above), or the one
 * `npm run dev` loads through Vite (scripts/dev-published.ts), so both give a page its policy so.
 */
export function publishedRenderer(
  renderer: Pick<BuiltRenderer, "renderPath" | "publishedPaths">,
  assets: unknown,
  csp: CspOptions,
): PublishedRenderer {
  return {
    paths: (content) => renderer.publishedPaths(content),
    async render(pagePath, content, { preview = false } = {}) {
      const answer = await renderer.renderPath(pagePath, assets, { published: content, preview });
      if (!isHtml(answer.contentType)) return answer;
      // A preview is shown in the console's frame: framed by the site's own pages only.
      const policy: CspOptions = { ...csp, frameAncestors: preview ? "'self'" : "'none'" };
      return { ...answer, csp: pageCsp(inlineScriptHashes(answer.body), policy) };
    },
  };
}
