import { expect, it } from "vitest";
import { UnexpectedBuildOutput, deferHydration, staticImports } from "./defer-hydration";

// The shape React Router 7 writes into a prerendered page (shortened).
const page = `<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/root-3.js"/><link rel="modulepreload" href="/assets/react-5.js"/><link rel="modulepreload" href="/assets/home-4.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><h1>Hello</h1><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/home-4.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-2.js");</script></body></html>`;

const imports: Record<string, string[]> = {
  "/assets/root-3.js": ["/assets/react-5.js"],
  "/assets/home-4.js": ["/assets/root-3.js", "/assets/react-5.js"],
};
const importsOf = (url: string) => imports[url] ?? [];

function bootstrapOf(html: string): string {
  return /<script type="module">(.*)<\/script>/s.exec(html)?.[1] ?? "";
}

it("takes the preload links out of the head and adds them back after the first frame", () => {
  const out = deferHydration(page, "index.html", importsOf);
  expect(out).not.toContain('<link rel="modulepreload"');
  expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  expect(out).toContain("<h1>Hello</h1>");
  const script = bootstrapOf(out);
  expect(script).toContain("requestAnimationFrame");
  expect(script).toContain(
    '["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/root-3.js","/assets/react-5.js","/assets/home-4.js"]',
  );
});

it("evaluates the chunks dependencies first, then the route modules, the client entry last", () => {
  const script = bootstrapOf(deferHydration(page, "index.html", importsOf));
  expect(script).toContain(
    '["/assets/manifest-1.js","/assets/react-5.js","/assets/root-3.js","/assets/home-4.js"]',
  );
  expect(script).toContain('window.__reactRouterRouteModules={"root":route0,"routes/home":route1}');
  expect(script.lastIndexOf("entry.client-2.js")).toBeGreaterThan(
    script.indexOf("window.__reactRouterRouteModules"),
  );
});

it("reads a minified chunk's static imports, not its lazy ones", () => {
  const source =
    'import{j as e,r as c}from"./react-D.js";import"./facts-B.js";import*as x from"./y-1.js";const l=()=>import("./lazy-C.js");';
  expect(staticImports("/assets/shared-A.js", source)).toEqual([
    "/assets/react-D.js",
    "/assets/facts-B.js",
    "/assets/y-1.js",
  ]);
});

it("fails the build when React Router's bootstrap has another shape", () => {
  expect(() =>
    deferHydration("<html><body><h1>Hi</h1></body></html>", "x.html", importsOf),
  ).toThrow(UnexpectedBuildOutput);
});
