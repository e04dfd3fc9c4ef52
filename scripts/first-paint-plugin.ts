/**
 * The Vite plugin that makes a prerendered page usable from its first paint on a slow phone, and
 * keeps React's start-up out of the way until then (docs/decisions/0009). Four parts:
 *
 * 1. `virtual:first-paint-script`: app/first-paint.ts (the widgets and the starter of React),
 *    bundled and minified by esbuild, as text. The root layout writes it inline into every
 *    page's <head>. Only prerendering gets the text: the browser already has it in the page.
 * 2. Chunks: React, React DOM and React Router apart, the layout and widgets in "shared",
 *    company facts and paths in "facts", each page family's copy in "content-<name>". Split this
 *    way no chunk takes long to evaluate, and a page fetches a handful of files, not dozens.
 * 3. V8's compile hint on every chunk, so Chrome compiles it on a background thread while it
 *    downloads instead of on the main thread at first call (docs/decisions/0006).
 * 4. After React Router has prerendered the pages: each page's module preloads are taken out
 *    and its bootstrap script is held (common/held-scripts.ts), with the preloads and the order
 *    in which to evaluate the chunks (from Rollup's own chunk graph) in its attributes;
 *    app/lib/start-after-paint.ts starts them after the first paint. Only the shape of the two
 *    tags is relied on: a page with one and not the other fails the build. Most pages have
 *    neither: they never load React (app/root.tsx).
 */
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Plugin, Rollup } from "vite";
import {
  EVALUATION_ORDER_ATTRIBUTE,
  HELD_SCRIPT_TYPE,
  PRELOADS_ATTRIBUTE,
} from "../common/held-scripts";

const APP = fileURLToPath(new URL("../app/", import.meta.url));
const COMMON = fileURLToPath(new URL("../common/", import.meta.url));
const SCRIPT_ENTRY = path.join(APP, "first-paint.ts");
const SCRIPT_MODULE = "virtual:first-paint-script";
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

const LIBRARY_CHUNKS: Record<string, string> = {
  react: "react",
  scheduler: "react",
  "react-dom": "react-dom",
  "react-router": "react-router",
};

/** Part 2: the chunk of a module (undefined: Rollup decides). */
export function chunkFor(id: string, meta: Pick<Rollup.ManualChunkMeta, "getModuleInfo">) {
  const library = /\/node_modules\/(react-dom|react-router|react|scheduler)\//.exec(id);
  if (library) return LIBRARY_CHUNKS[library[1] ?? ""];
  if (id.startsWith(COMMON)) return "facts";
  if (!id.startsWith(APP)) return undefined;
  const file = id.slice(APP.length);
  if (/^(components\/(ui|layout|sections)|lib)\//.test(file)) return "shared";
  // Leaf modules: they import nothing of ours but each other, which keeps chunks free of cycles.
  if (/^content\/(navigation|trust-badges|not-found|types)\.ts$/.test(file)) return "facts";
  if (/^assets\/.*\.svg$/.test(file)) return "facts";
  const content = /^content\/([\w-]+)\.ts$/.exec(file);
  if (!content) return undefined;
  // A page's own copy, read by that page alone, travels in the page's chunk: one file fewer.
  const importers = meta.getModuleInfo(id)?.importers ?? [];
  if (importers.length === 1 && importers[0] === `${APP}routes/${content[1]}.tsx`) return undefined;
  return `content-${content[1]}`;
}

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const BOOTSTRAP = /<script type="module" async="">[\s\S]*?<\/script>/g;

export class UnexpectedBuildOutput extends Error {}

/** What part 4 needs from the client build: where it is, its entry, each chunk's imports. */
interface ChunkGraph {
  clientDir: string;
  entry: string;
  imports: Record<string, string[]>;
}

/** The chunks in an order where each comes after everything it imports. */
export function dependenciesFirst(chunks: string[], importsOf: (url: string) => string[]) {
  const ordered: string[] = [];
  const visit = (url: string, seen: Set<string>) => {
    if (ordered.includes(url) || seen.has(url)) return;
    seen.add(url);
    for (const dependency of importsOf(url))
      if (chunks.includes(dependency)) visit(dependency, seen);
    ordered.push(url);
  };
  for (const url of chunks) visit(url, new Set());
  return ordered;
}

/**
 * Part 4 for one page. `entry` is the client entry's URL: it hydrates when it is evaluated, so
 * it is left to the bootstrap, which imports it after the route modules. A page without React's
 * scripts is returned as it is.
 */
export function holdScripts(
  html: string,
  page: string,
  entry: string,
  importsOf: (url: string) => string[],
): string {
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1] ?? "");
  const bootstraps = html.match(BOOTSTRAP) ?? [];
  if (preloads.length === 0 && bootstraps.length === 0) return html;
  if (preloads.length === 0 || bootstraps.length !== 1) {
    throw new UnexpectedBuildOutput(
      `${page}: expected module preloads and one module bootstrap from React Router`,
    );
  }
  const order = dependenciesFirst(
    preloads.filter((url) => url !== entry),
    importsOf,
  );
  // In place, so that hydration finds a script where React Router rendered one.
  const held = (bootstraps[0] ?? "").replace(
    '<script type="module"',
    `<script type="${HELD_SCRIPT_TYPE}" ${PRELOADS_ATTRIBUTE}='${JSON.stringify(preloads)}' ${EVALUATION_ORDER_ATTRIBUTE}='${JSON.stringify(order)}'`,
  );
  return html.replace(PRELOAD, "").replace(BOOTSTRAP, () => held);
}

export function firstPaint(): Plugin[] {
  // Part 4 needs the client build's chunk graph when the server side prerenders the pages, in
  // a later build with plugins of its own: it is handed over in a file.
  const graphFile = path.resolve("node_modules/.cache/first-paint/chunk-graph.json");
  return [
    {
      name: "first-paint:inline-script",
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
    },
    {
      name: "first-paint:chunks",
      apply: "build",
      config: () => ({ build: { rollupOptions: { output: { manualChunks: chunkFor } } } }),
      generateBundle: {
        // After Vite's own work, which can put a helper at the top of a chunk: the hint must be
        // the file's first line. Added after minification, which would drop the comment.
        order: "post",
        async handler(outputOptions, bundle) {
          if (this.environment.name !== "client") return;
          const graph: ChunkGraph = { clientDir: outputOptions.dir ?? "", entry: "", imports: {} };
          for (const file of Object.values(bundle)) {
            if (file.type !== "chunk") continue;
            file.code = `${COMPILE_HINT}\n${file.code}`;
            graph.imports[`/${file.fileName}`] = file.imports.map((name) => `/${name}`);
            if (file.isEntry && file.name.startsWith("entry.client"))
              graph.entry = `/${file.fileName}`;
          }
          await mkdir(path.dirname(graphFile), { recursive: true });
          await writeFile(graphFile, JSON.stringify(graph));
        },
      },
    },
    {
      name: "first-paint:hold-scripts",
      apply: "build",
      // After React Router's own writeBundle, which prerenders the pages.
      writeBundle: {
        order: "post",
        sequential: true,
        async handler() {
          if (this.environment.name === "client") return;
          const { clientDir, entry, imports } = JSON.parse(
            await readFile(graphFile, "utf8"),
          ) as ChunkGraph;
          const entries = await readdir(clientDir, { withFileTypes: true, recursive: true });
          // The SPA fallback is not a prerendered page: it has nothing to paint first.
          const pages = entries
            .filter((e) => e.isFile() && e.name.endsWith(".html"))
            .map((e) => path.join(e.parentPath, e.name))
            .filter((file) => path.relative(clientDir, file) !== "__spa-fallback.html");
          let held = 0;
          for (const file of pages) {
            const html = await readFile(file, "utf8");
            const page = path.relative(clientDir, file);
            const out = holdScripts(html, page, entry, (url) => imports[url] ?? []);
            if (out === html) continue;
            held += 1;
            await writeFile(file, out);
          }
          this.info(`${held} of ${pages.length} pages load React, after the first paint`);
        },
      },
    },
  ];
}
