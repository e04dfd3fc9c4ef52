import { expect, it } from "vitest";
import {
  EVALUATION_ORDER_ATTRIBUTE,
  HELD_SCRIPT_TYPE,
  PRELOADS_ATTRIBUTE,
} from "../common/held-scripts";
import { UnexpectedBuildOutput, dependenciesFirst, holdScripts } from "./first-paint-plugin";

// The shape React Router 7 writes into a prerendered page (shortened).
const bootstrap = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-2.js");</script>`;
const page = `<html><head><link rel="stylesheet" href="/assets/root.css"/></head><body><h1>Hello</h1><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/react-5.js"/><link rel="modulepreload" href="/assets/root-3.js"/><script>window.__reactRouterContext = {};</script>${bootstrap}</body></html>`;

const imports: Record<string, string[]> = {
  "/assets/root-3.js": ["/assets/react-5.js"],
  "/assets/entry.client-2.js": ["/assets/react-5.js", "/assets/root-3.js"],
};
const importsOf = (url: string) => imports[url] ?? [];
/** The held script's text and attributes. */
function held(html: string) {
  const [, attributes = "", text] =
    new RegExp(`<script type="${HELD_SCRIPT_TYPE}"([^>]*)>([\\s\\S]*?)</script>`).exec(html) ?? [];
  const attribute = (name: string) => new RegExp(`${name}='([^']*)'`).exec(attributes)?.[1] ?? "";
  return { textContent: text, getAttribute: attribute };
}

it("takes out the preloads and holds the bootstrap in place, its text unchanged", () => {
  const out = holdScripts(page, "index.html", "/assets/entry.client-2.js", importsOf);
  expect(out).not.toContain('rel="modulepreload"');
  expect(out).not.toContain('type="module"');
  expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  expect(out).toContain("<script>window.__reactRouterContext = {};</script>");
  const script = held(out);
  expect(script.textContent).toBe(/<script[^>]*>([\s\S]*)<\/script>/.exec(bootstrap)?.[1]);
  expect(JSON.parse(script.getAttribute(PRELOADS_ATTRIBUTE))).toEqual([
    "/assets/manifest-1.js",
    "/assets/entry.client-2.js",
    "/assets/react-5.js",
    "/assets/root-3.js",
  ]);
});

it("lists the chunks to evaluate dependencies first, leaving the client entry to the bootstrap", () => {
  const out = holdScripts(page, "index.html", "/assets/entry.client-2.js", importsOf);
  expect(JSON.parse(held(out).getAttribute(EVALUATION_ORDER_ATTRIBUTE))).toEqual([
    "/assets/manifest-1.js",
    "/assets/react-5.js",
    "/assets/root-3.js",
  ]);
});

it("orders chunks after their imports, also through import cycles", () => {
  const graph: Record<string, string[]> = { a: ["b"], b: ["c", "a"], c: [] };
  expect(dependenciesFirst(["a", "b", "c"], (url) => graph[url] ?? [])).toEqual(["c", "b", "a"]);
});

it("leaves a page without React's scripts as it is", () => {
  const plain = "<html><head></head><body><h1>Terms</h1></body></html>";
  expect(holdScripts(plain, "terms.html", "", importsOf)).toBe(plain);
});

it("fails the build when React Router's output changed shape", () => {
  expect(() => holdScripts(page.replace(bootstrap, ""), "x.html", "", importsOf)).toThrow(
    UnexpectedBuildOutput,
  );
  expect(() =>
    holdScripts(page.replace(bootstrap, bootstrap + bootstrap), "x.html", "", importsOf),
  ).toThrow(/one module bootstrap/);
});
