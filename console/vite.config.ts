import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { pathAliases } from "../path-aliases";

// The staff console: a single-page app of its own, built next to the prerendered site into
// build/client/staff/ and served by our server for every /staff/ address (server/static/). It is
// a separate Vite build so that nothing of it (React Router's route table, code, styles) reaches
// a public page: see docs/decisions/0016-staff-console-app.md.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here("."),
  base: "/staff/",
  plugins: [tailwindcss()],
  // React 19's automatic JSX runtime, as in the site's build.
  esbuild: { jsx: "automatic" },
  resolve: {
    alias: pathAliases,
  },
  build: {
    outDir: here("../build/client/staff"),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      // React Router marks its modules "use client" for server components; a browser-only
      // bundle has nothing to do with the marker, and Rollup's warning about it is noise.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
