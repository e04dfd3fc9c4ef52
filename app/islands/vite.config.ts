import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { pathAliases } from "../../path-aliases";
import {
  ENTRIES_DIR,
  ISLANDS_OUT_DIR,
  islandsBuild,
  libraryChunk,
} from "../../scripts/islands-plugin";

// The scripts that hydrate the forms of the prerendered pages, one entry per module of
// entries/ (README.md). Built before React Router's build, which reads the manifest; the
// postbuild copies the files next to the site's (scripts/postbuild.ts).
const root = fileURLToPath(new URL("../..", import.meta.url));

export default defineConfig({
  root,
  plugins: [islandsBuild()],
  // React 19's automatic JSX runtime, as in the site's build.
  esbuild: { jsx: "automatic" },
  resolve: { alias: pathAliases },
  build: {
    outDir: ISLANDS_OUT_DIR,
    emptyOutDir: true,
    manifest: true,
    // Images stay files, as in the site's build (the same content gives the same name).
    assetsInlineLimit: 0,
    rollupOptions: {
      input: readdirSync(root + ENTRIES_DIR).map((file) => root + ENTRIES_DIR + file),
      output: { manualChunks: libraryChunk },
    },
  },
});
