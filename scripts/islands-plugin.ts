/**
 * The two halves of the islands' build (docs/decisions/0037-forms-as-islands.md):
 *
 * - `islandsBuild()`: the Vite build of app/islands/vite.config.ts, run before React Router's.
 *   Each module of app/islands/entries/ is an entry; React and React DOM are chunks of their own,
 *   so each is evaluated in a task of its own; every chunk starts with V8's compile hint, so
 *   Chrome compiles it on a background thread while it downloads instead of on the main thread
 *   at its first call. Vite's manifest records the entries and what each imports.
 * - `islandScripts()`: for React Router's build, `virtual:island-scripts`, each entry's URL and
 *   its chunks (dependencies first) read from that manifest, which the prerender writes into the
 *   islands' containers (app/islands/island.tsx). Only Vite's documented manifest is read:
 *   nothing depends on the text React Router writes.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Manifest, Plugin } from "vite";

/** Outside build/, which React Router's build empties: the islands are built before it. */
export const ISLANDS_OUT_DIR = fileURLToPath(
  new URL("../node_modules/.cache/islands", import.meta.url),
);
const MANIFEST = `${ISLANDS_OUT_DIR}/.vite/manifest.json`;
export const ENTRIES_DIR = "app/islands/entries/";
const SCRIPTS_MODULE = "virtual:island-scripts";
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** The chunk of a library module (undefined: Rollup decides). */
export function libraryChunk(id: string): string | undefined {
  const library = /\/node_modules\/(react-dom|react|scheduler)\//.exec(id)?.[1];
  if (library === "scheduler") return "react-dom";
  return library;
}

/** Each entry's URL and the URLs of its chunks, each after those it imports. */
export function scriptsFromManifest(manifest: Manifest) {
  const scripts: Record<string, { url: string; chunks: string[] }> = {};
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

export function islandsBuild(): Plugin {
  return {
    name: "islands-build",
    apply: "build",
    generateBundle: {
      // After Vite's own work, which can put a helper at the top of a chunk: the hint must be
      // the file's first line. Added after minification, which would drop the comment.
      order: "post",
      handler(_options, bundle) {
        for (const file of Object.values(bundle))
          if (file.type === "chunk") file.code = `${COMPILE_HINT}\n${file.code}`;
      },
    },
  };
}

export function islandScripts(): Plugin {
  let serving = false;
  return {
    name: "island-scripts",
    configResolved: (config) => {
      serving = config.command === "serve";
    },
    resolveId: (source) => (source === SCRIPTS_MODULE ? `\0${SCRIPTS_MODULE}` : undefined),
    async load(id, options) {
      if (id !== `\0${SCRIPTS_MODULE}`) return undefined;
      // The browser never renders an island's container: the prerender does. `react-router dev`
      // does not hydrate islands (app/islands/island.tsx).
      if (!options?.ssr || serving) return "export default {};";
      let manifest: Manifest;
      try {
        manifest = JSON.parse(await readFile(MANIFEST, "utf8")) as Manifest;
      } catch (error) {
        throw new Error(`The islands' build must run first (npm run build): ${String(error)}`);
      }
      this.addWatchFile(MANIFEST);
      return `export default ${JSON.stringify(scriptsFromManifest(manifest))};`;
    },
  };
}
