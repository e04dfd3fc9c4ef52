import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Plugin, type Rollup, defineConfig } from "vite";
import { inlineWidgets } from "./scripts/inline-widgets-plugin";

const APP = fileURLToPath(new URL("./app/", import.meta.url));
const COMMON = fileURLToPath(new URL("./common/", import.meta.url));

/**
 * React, React DOM and React Router each get a chunk of their own. Not for caching: a phone
 * evaluates every chunk in a task of its own (scripts/defer-hydration.ts), and split this way no
 * task is long enough to block input for more than a few tens of milliseconds.
 */
const LIBRARY_CHUNKS: Record<string, string> = {
  react: "react",
  scheduler: "react",
  "react-dom": "react-dom",
  "react-router": "react-router",
};

/**
 * Chunks for the browser. Over HTTP/1.1 on a mobile network every extra file costs a round trip
 * before the hero image can load, so instead of two dozen tiny chunks:
 * - "shared": the layout, widgets, sections and helpers every page uses;
 * - "facts": company facts and paths (common/), navigation and image URLs (leaf modules: they import nothing of ours
 *   but each other, which keeps the chunks free of import cycles);
 * - "content-<name>": each page family's copy, loaded only by the pages that show it. Left
 *   unassigned, Rollup would fold it into "shared" since shared sections import it. A page's own
 *   copy, which nothing else reads, stays in the page's chunk instead.
 * Forms are not assigned: they stay with their pages with the validation library they need.
 */
function chunkFor(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  const library = /\/node_modules\/(react-dom|react-router|react|scheduler)\//.exec(id);
  if (library) return LIBRARY_CHUNKS[library[1] ?? ""];
  if (id.startsWith(COMMON)) return "facts";
  if (!id.startsWith(APP)) return undefined;
  const file = id.slice(APP.length);
  if (/^(components\/(ui|layout|sections)|lib)\//.test(file)) return "shared";
  if (/^content\/(navigation|trust-badges|not-found|types)\.ts$/.test(file)) return "facts";
  if (/^assets\/.*\.svg$/.test(file)) return "facts";
  const content = /^content\/([\w-]+)\.ts$/.exec(file);
  if (!content) return undefined;
  // A page's own copy (content/careers.ts, read only by routes/careers.tsx) travels in the page's
  // chunk: one file fewer to fetch.
  const importers = getModuleInfo(id)?.importers ?? [];
  const ownPage = `${APP}routes/${content[1]}.tsx`;
  if (importers.length === 1 && importers[0] === ownPage) return undefined;
  return `content-${content[1]}`;
}

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment). Without it, V8
 * compiles a function on the main thread the first time it is called, and nearly all of React's
 * code runs at start-up: evaluating React DOM and hydrating a page were mostly compiling. With
 * it, every function of the file is compiled while the file streams in, on a background thread.
 * Measured on the home page with the CPU slowed 4× (bench/main-thread.ts): main-thread
 * JavaScript until hydrated fell from about 300 ms to 150 ms (docs/decisions/0006). Added after
 * minification, which would drop the comment; the content of a hashed file stays the same from
 * build to build.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

function compileHints(): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    // After Vite's own generateBundle work, which can put a helper at the top of a chunk: the
    // hint must be the file's first line.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === "chunk") file.code = `${COMPILE_HINT}\n${file.code}`;
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), compileHints(), inlineWidgets()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@leads": fileURLToPath(new URL("./leads", import.meta.url)),
      "@common": fileURLToPath(new URL("./common", import.meta.url)),
    },
  },
  build: {
    // Images stay files (cached for a year, loaded only where shown) rather than data URLs
    // copied into the JavaScript of every page.
    assetsInlineLimit: 0,
    rollupOptions: { output: { manualChunks: chunkFor } },
  },
});
