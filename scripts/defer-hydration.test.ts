import { expect, it } from "vitest";
import { UnexpectedBuildOutput, deferHydration } from "./defer-hydration";

// The shape React Router 7 writes into a prerendered page (shortened).
const page = `<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/root-3.js"/><link rel="modulepreload" href="/assets/home-4.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><h1>Hello</h1><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/home-4.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-2.js");</script></body></html>`;

it("takes the preload links out of the head and starts the same imports after the first frame", () => {
  const out = deferHydration(page, "index.html");
  expect(out).not.toContain('<link rel="modulepreload"');
  expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  expect(out).toContain("<h1>Hello</h1>");
  const script = /<script type="module">(.*)<\/script>/s.exec(out)![1];
  expect(script).toContain("requestAnimationFrame");
  expect(script).toContain(
    '["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/root-3.js","/assets/home-4.js"]',
  );
  expect(script).toContain('window.__reactRouterRouteModules={"root":route0,"routes/home":route1}');
  // The manifest is evaluated before the route modules, the client entry last.
  expect(script.indexOf("manifest-1.js")).toBeLessThan(
    script.indexOf('import("/assets/root-3.js")'),
  );
  expect(script.lastIndexOf("entry.client-2.js")).toBeGreaterThan(script.indexOf('home-4.js")'));
});

it("fails the build when React Router's bootstrap has another shape", () => {
  expect(() => deferHydration("<html><body><h1>Hi</h1></body></html>", "x.html")).toThrow(
    UnexpectedBuildOutput,
  );
});
