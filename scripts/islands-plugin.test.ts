import { expect, it } from "vitest";
import type { Manifest } from "vite";
import { libraryChunk, scriptsFromManifest } from "./islands-plugin";

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

it("gives React and React DOM (with its scheduler) chunks of their own", () => {
  expect(libraryChunk("/repo/node_modules/react/cjs/react.production.js")).toBe("react");
  expect(libraryChunk("/repo/node_modules/react-dom/client.js")).toBe("react-dom");
  expect(libraryChunk("/repo/node_modules/scheduler/index.js")).toBe("react-dom");
  expect(libraryChunk("/repo/app/islands/hydrate.tsx")).toBeUndefined();
});
