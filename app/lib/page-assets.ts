import { createContext } from "react";
import type { Manifest } from "vite";
import { ENTRIES_DIR, STYLESHEET } from "./client-entries";

/**
 * The files of the client build a page links to: the site's stylesheet and the scripts of its
 * islands. In a build they come from Vite's manifest of the client environment
 * (build/client/.vite/manifest.json, read by app/render.tsx); in development they are the
 * source files' addresses on Vite's dev server (scripts/dev.ts).
 */
export interface PageAssets {
  stylesheets: string[];
  /** An island entry's script and its chunks, dependencies first (undefined: no such entry). */
  islandScript(entry: string): IslandScript | undefined;
}

export interface IslandScript {
  url: string;
  chunks: string[];
}

/** Given to every component of a rendered page (app/document.tsx); islands read it. */
export const PageAssetsContext = createContext<PageAssets | undefined>(undefined);

/** Each island entry's URL and the URLs of its chunks, each after those it imports. */
export function scriptsFromManifest(manifest: Manifest): Record<string, IslandScript> {
  const scripts: Record<string, IslandScript> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry || !key.startsWith(ENTRIES_DIR)) continue;
    const ordered: string[] = [];
    const visit = (imported: string) => {
      const dependency = manifest[imported];
      if (!dependency || ordered.includes(`/${dependency.file}`)) return;
      for (const next of dependency.imports ?? []) visit(next);
      ordered.push(`/${dependency.file}`);
    };
    for (const imported of chunk.imports ?? []) visit(imported);
    const name = key.slice(ENTRIES_DIR.length).replace(/\.tsx?$/, "");
    scripts[name] = { url: `/${chunk.file}`, chunks: ordered };
  }
  return scripts;
}

/** A build's assets, from its client manifest. */
export function assetsFromManifest(manifest: Manifest): PageAssets {
  const stylesheet = manifest[STYLESHEET];
  if (!stylesheet) throw new Error(`The client build has no ${STYLESHEET}`);
  const scripts = scriptsFromManifest(manifest);
  return {
    stylesheets: [`/${stylesheet.file}`],
    islandScript: (entry) => (Object.hasOwn(scripts, entry) ? scripts[entry] : undefined),
  };
}

/**
 * On Vite's dev server: the stylesheet and each entry by their source address; the browser
 * imports the entry, and Vite serves it and what it imports one module at a time.
 */
export const devAssets: PageAssets = {
  stylesheets: [`/${STYLESHEET}`],
  islandScript: (entry) => ({ url: `/${ENTRIES_DIR}${entry}.tsx`, chunks: [] }),
};
