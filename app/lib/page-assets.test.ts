import { expect, it } from "vitest";
import type { Manifest } from "vite";
import { assetsFromManifest, scriptsFromManifest } from "./page-assets";

// The shape of Vite's build manifest (vite.dev/guide/backend-integration), shortened.
const manifest: Manifest = {
  "app/islands/entries/home.tsx": {
    file: "assets/home-1.js",
    src: "app/islands/entries/home.tsx",
    isEntry: true,
    imports: ["_react-dom-2.js", "_newsletter-3.js"],
  },
  "app/islands/entries/help-center.tsx": {
    file: "assets/help-center-4.js",
    src: "app/islands/entries/help-center.tsx",
    isEntry: true,
    imports: ["_newsletter-3.js"],
  },
  "_react-dom-2.js": { file: "assets/react-dom-2.js", imports: ["_react-5.js"] },
  "_newsletter-3.js": {
    file: "assets/newsletter-3.js",
    imports: ["_react-5.js", "_react-dom-2.js"],
  },
  "_react-5.js": { file: "assets/react-5.js" },
  "app/assets/images/newsletter.svg": { file: "assets/newsletter-6.svg", src: "x" },
  "app/app.css": { file: "assets/app-7.css", src: "app/app.css", isEntry: true },
};

it("names each entry's script and its chunks, each after those it imports, each once", () => {
  expect(scriptsFromManifest(manifest)).toEqual({
    home: {
      url: "/assets/home-1.js",
      chunks: ["/assets/react-5.js", "/assets/react-dom-2.js", "/assets/newsletter-3.js"],
    },
    "help-center": {
      url: "/assets/help-center-4.js",
      chunks: ["/assets/react-5.js", "/assets/react-dom-2.js", "/assets/newsletter-3.js"],
    },
  });
});

it("links the site's stylesheet and finds an entry's script by its name only", () => {
  const assets = assetsFromManifest(manifest);
  expect(assets.stylesheets).toEqual(["/assets/app-7.css"]);
  expect(assets.islandScript("home")?.url).toBe("/assets/home-1.js");
  expect(assets.islandScript("toString")).toBeUndefined();
  expect(() => assetsFromManifest({})).toThrow("no app/app.css");
});
