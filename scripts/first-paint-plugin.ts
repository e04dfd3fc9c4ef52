/**
 * The inline script of every prerendered page: `virtual:first-paint-script` is app/first-paint.ts
 * (the widgets, and the start of the page's islands after its first paint), bundled and minified
 * by esbuild, as text. The root layout writes it into every page's <head>. Only prerendering gets
 * the text: no page runs the layout in the browser.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Plugin } from "vite";

const SCRIPT_ENTRY = fileURLToPath(new URL("../app/first-paint.ts", import.meta.url));
const SCRIPT_MODULE = "virtual:first-paint-script";

export function firstPaintScript(): Plugin {
  return {
    name: "first-paint-script",
    resolveId: (source) => (source === SCRIPT_MODULE ? `\0${SCRIPT_MODULE}` : undefined),
    async load(id, options) {
      if (id !== `\0${SCRIPT_MODULE}`) return undefined;
      if (!options?.ssr) return "export default '';";
      const result = await build({
        entryPoints: [SCRIPT_ENTRY],
        bundle: true,
        minify: true,
        format: "iife",
        target: "es2022",
        write: false,
        metafile: true,
      });
      for (const input of Object.keys(result.metafile.inputs))
        this.addWatchFile(path.resolve(input));
      return `export default ${JSON.stringify(result.outputFiles[0]?.text.trim() ?? "")};`;
    },
  };
}
