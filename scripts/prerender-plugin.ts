/**
 * The site's build, one Vite config (vite.config.ts) with two environments (Vite's Environment
 * API): `ssr` builds the renderer (app/render.tsx) to build/server/render/, `client` builds the
 * islands' scripts and the stylesheet to build/client/ with Vite's manifest, then `prerender`
 * writes every path of the route table into build/client with the built renderer, which reads
 * that manifest (docs/decisions/0043-site-rendering.md).
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin, ViteBuilder } from "vite";

export const CLIENT_DIR = "build/client";
export const RENDERER = "build/server/render/render.js";

/**
 * The pages' images in the client build. A page imports its images (`import hero from
 * "~/assets/images/hero.svg"`) and gets their hashed address; only the client build writes
 * files, and it sees only what the islands import. So the ssr build's assets, which Vite names
 * but does not write for a server, are handed to the client build, which writes them under the
 * same names. Shared by both environments' builds (`sharedDuringBuild`): the ssr build runs
 * first (vite.config.ts).
 */
export function pageAssets(): Plugin {
  const assets = new Map<string, string | Uint8Array>();
  return {
    name: "page-assets",
    apply: "build",
    enforce: "pre",
    sharedDuringBuild: true,
    generateBundle(_options, bundle) {
      if (this.environment.name === "ssr") {
        // Before Vite's asset plugin leaves them out of the server's output.
        for (const file of Object.values(bundle))
          if (file.type === "asset") assets.set(file.fileName, file.source);
      } else if (this.environment.name === "client") {
        for (const [fileName, source] of assets)
          if (!(fileName in bundle)) this.emitFile({ type: "asset", fileName, source });
      }
    },
  };
}

interface Renderer {
  loadAssets(clientDir: string): Promise<unknown>;
  prerenderPaths(): string[];
  renderPath(urlPath: string, assets: unknown): Promise<{ status: number; body: string }>;
}

/** "/" → index.html, "/about-us" → about-us/index.html, "/articles/feed.xml" → as it is. */
export function fileFor(urlPath: string): string {
  if (urlPath === "/") return "index.html";
  if (path.posix.extname(urlPath)) return urlPath.slice(1);
  return `${urlPath.slice(1)}/index.html`;
}

/** Every page written with the built renderer; a page that links a file the build lacks fails. */
export async function prerender(root: string): Promise<number> {
  const clientDir = path.join(root, CLIENT_DIR);
  // No cache-busting query: the route modules' chunks import the renderer's own file, and a second
  // instance of it would have contexts of its own.
  const renderer = (await import(pathToFileURL(path.join(root, RENDERER)).href)) as Renderer;
  const assets = await renderer.loadAssets(clientDir);
  const paths = renderer.prerenderPaths();
  for (const urlPath of paths) {
    const { body } = await renderer.renderPath(urlPath, assets);
    for (const [, asset] of body.matchAll(/["'(](\/assets\/[^"'()\s]+)/g)) {
      if (!existsSync(path.join(clientDir, asset!))) {
        throw new Error(`${urlPath} links ${asset}, which the client build did not write`);
      }
    }
    const file = path.join(clientDir, fileFor(urlPath));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }
  return paths.length;
}

/** `vite build --app`: the renderer, then the client (which writes the pages' images), then the pages. */
export async function buildSite(builder: ViteBuilder): Promise<void> {
  const { ssr, client } = builder.environments;
  if (!ssr || !client)
    throw new Error("vite.config.ts must define the ssr and client environments");
  await builder.build(ssr);
  await builder.build(client);
  const count = await prerender(builder.config.root);
  builder.config.logger.info(`prerendered ${count} pages into ${CLIENT_DIR}`);
}
