import { access } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RefusedForm } from "../../leads/refused-form";
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
}

/** What the build's renderer (app/render.tsx, built to build/server/render/render.js) offers. */
interface BuiltRenderer {
  loadAssets(clientDir: string): Promise<unknown>;
  renderPath(
    urlPath: string,
    assets: unknown,
    options: { refused: RefusedForm },
  ): Promise<{ status: number; body: string }>;
}

/** Where `npm run build` puts the renderer: beside the client build it served. */
export function rendererFileFor(siteDir: string): string {
  return path.resolve(siteDir, "..", "server", "render", "render.js");
}

/**
 * Loads the build's renderer for the site in `siteDir`, or null when the build has none (a site
 * copied without it, the development server's API): forms posted without JavaScript then land on
 * the generic page that says what was wrong, as before pages could be rendered on request.
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
  };
}
