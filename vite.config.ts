import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { pathAliases } from "./path-aliases";
import { firstPaintScript } from "./scripts/first-paint-plugin";
import { islandScripts } from "./scripts/islands-plugin";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), firstPaintScript(), islandScripts()],
  resolve: { alias: pathAliases },
  build: {
    // Images stay files (cached for a year, loaded only where shown) rather than data URLs
    // copied into the JavaScript of every page.
    assetsInlineLimit: 0,
  },
});
