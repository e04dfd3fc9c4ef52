import { readdirSync } from "node:fs";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { ENTRIES_DIR, STYLESHEET } from "./app/lib/client-entries";
import { pathAliases } from "./path-aliases";
import { firstPaintScript } from "./scripts/first-paint-plugin";
import { islandsBuild, libraryChunk } from "./scripts/islands-plugin";
import { buildSite, pageAssets } from "./scripts/prerender-plugin";

// The public site, built and served in development from this one config with two environments
// (docs/decisions/0043-site-rendering.md): `client`, what browsers load (the islands' scripts
// and the stylesheet), and `ssr`, the renderer that writes every page (app/render.tsx).
// `vite build --app` builds both and prerenders; `npm run dev` serves both (scripts/dev.ts).
const islandEntries = readdirSync(ENTRIES_DIR).map((file) => ENTRIES_DIR + file);

export default defineConfig({
  plugins: [tailwindcss(), firstPaintScript(), islandsBuild(), pageAssets()],
  resolve: { alias: pathAliases },
  // React 19's automatic JSX runtime.
  esbuild: { jsx: "automatic" },
  build: {
    // Images stay files (cached for a year, loaded only where shown) rather than data URLs
    // copied into the JavaScript or the HTML.
    assetsInlineLimit: 0,
  },
  environments: {
    client: {
      build: {
        outDir: "build/client",
        emptyOutDir: true,
        manifest: true,
        rollupOptions: {
          input: [...islandEntries, STYLESHEET],
          output: { manualChunks: libraryChunk },
        },
      },
    },
    ssr: {
      build: {
        outDir: "build/server/render",
        emptyOutDir: true,
        // public/ is the site's, copied by the client build.
        copyPublicDir: false,
        rollupOptions: { input: { render: "app/render.tsx" } },
      },
    },
  },
  builder: { buildApp: buildSite },
});
