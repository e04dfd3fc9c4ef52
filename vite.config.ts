import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { firstPaint } from "./scripts/first-paint-plugin";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), firstPaint()],
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
  },
});
