import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TARGETS } from "../../bench/report-targets";
import { ISLAND_ATTRIBUTE } from "../../common/islands";
import { demoPaths, pagePaths as sitePaths } from "../../common/paths";
import { pagePaths } from "../../scripts/page-paths";
import { BUILD_DIR, useBuiltSite } from "./built-site";

// Only the pages with a form load React, for their islands (app/islands/); every page is its
// HTML, its CSS and the inline script of its widgets. What a form page loads stays within the
// targets `npm run bench` reports, and nothing server-only reaches the browser.

const built = useBuiltSite();

const PAGES_WITH_FORMS = new Set<string>([
  sitePaths.home,
  sitePaths.contactUs,
  sitePaths.helpCenter,
  ...Object.values(demoPaths),
]);

it("only the pages with a form have islands, and no page carries React Router or a script file", async () => {
  for (const path of pagePaths()) {
    const html = (await built.get(path)).body;
    expect(html.includes(` ${ISLAND_ATTRIBUTE}="`), path).toBe(PAGES_WITH_FORMS.has(path));
    expect(html, path).not.toContain("__reactRouterContext");
    expect(html, path).not.toMatch(/<script[^>]* src=/);
    // The scripts wait for the first paint (app/lib/start-after-paint.ts): nothing preloads them.
    expect(html, path).not.toContain('<link rel="modulepreload"');
  }
});

/** The scripts a page's inline loader names: its island's entry and the chunks it imports. */
async function namedScripts(path: string) {
  const html = (await built.get(path)).body;
  return [...new Set(html.match(/\/assets\/[\w-]+\.js/g) ?? [])];
}

/**
 * The modules a script imports as it loads, as /assets/ URLs. Those it imports on demand (a
 * form's schema, on the first submit) are not part of the page's load, nor of its budget.
 */
function importsOf(source: string) {
  return [...source.matchAll(/(?:from\s*|import\s*)["']\.\/([\w-]+\.js)["']/g)].map(
    (match) => `/assets/${match[1]}`,
  );
}

describe.each([
  [sitePaths.home, TARGETS.homeScriptBytes],
  [sitePaths.contactUs, TARGETS.formPageScriptBytes],
  [sitePaths.helpCenter, TARGETS.formPageScriptBytes],
  [demoPaths.aslan, TARGETS.formPageScriptBytes],
] as const)("%s", (path, budget) => {
  it("stays within its JavaScript budget, as sent to a browser that takes brotli", async () => {
    const scripts = await namedScripts(path);
    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    for (const url of scripts) {
      // Every module the page's scripts import is among those counted.
      for (const imported of importsOf((await built.get(url)).body))
        expect(scripts, `${url} imports ${imported}`).toContain(imported);
      const answer = await built.get(url, { "accept-encoding": "gzip, deflate, br" });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["content-encoding"], url).toBe("br");
      total += answer.rawPayload.length;
    }
    expect(total).toBeLessThanOrEqual(budget);
  });
});

// Each chunk opens with V8's compile hint, so Chrome compiles its functions on a background
// thread while it downloads instead of on the main thread when they are first called
// (scripts/islands-plugin.ts).
it("the home page's scripts are compiled off the main thread", async () => {
  const scripts = await namedScripts(sitePaths.home);
  // React, React DOM and the page's entry at least.
  expect(scripts.length).toBeGreaterThanOrEqual(3);
  for (const url of scripts) {
    expect((await built.get(url)).body.split("\n", 1)[0], url).toBe("//# allFunctionsCalledOnLoad");
  }
});

// Nothing server-only reaches the browser: the client build is scanned for the names and shapes
// of server settings, and for the values of any that are set while testing.
const SERVER_ONLY = [
  "DATABASE_URL",
  "SMTP_URL",
  "MAIL_FROM",
  "SALES_EMAIL",
  "EMAILJS_SERVICE_ID",
  "EMAILJS_TEMPLATE_ID",
  "EMAILJS_PUBLIC_KEY",
  "EMAILJS_PRIVATE_KEY",
  "TEST_DATABASE_URL",
];
const SHAPES = [
  /postgres(ql)?:\/\//i,
  /smtps?:\/\//i,
  /accessToken/,
  /PRIVATE_KEY/,
  /BEGIN [A-Z ]*PRIVATE KEY/,
];

it("the client build carries no secret or server-only setting", async () => {
  const files = (await readdir(BUILD_DIR, { recursive: true, withFileTypes: true }))
    .filter(
      (entry) =>
        entry.isFile() && /\.(js|html|css|json|data|webmanifest|txt|xml|map)$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
  expect(files.length).toBeGreaterThan(30);
  expect(
    files.filter((file) => file.endsWith(".map")),
    "source maps are not shipped",
  ).toEqual([]);

  const values = SERVER_ONLY.map((name) => process.env[name]).filter(
    (v): v is string => !!v && v.length >= 6,
  );
  for (const file of files) {
    const text = await readFile(file, "utf8");
    const where = path.relative(BUILD_DIR, file);
    for (const name of SERVER_ONLY) expect(text.includes(name), `${name} in ${where}`).toBe(false);
    for (const shape of SHAPES) expect(shape.test(text), `${shape} in ${where}`).toBe(false);
    for (const value of values)
      expect(text.includes(value), `a configured secret in ${where}`).toBe(false);
  }
});
