import { expect, gotoReady, publicPagePaths, test } from "./fixtures";
import { demoPaths, pagePaths } from "../../common/paths";
import { ISLAND_ATTRIBUTE } from "../../common/islands";
import { TARGETS } from "../../bench/report-targets";

// A page with a form loads React DOM and its form's island (app/islands/), within the targets
// `npm run bench` reports: the home page 80 KB, the other form pages 90 KB. Bytes are what went
// over the wire, as the browser asked (brotli).
for (const [path, budget] of [
  [pagePaths.home, TARGETS.homeScriptBytes],
  [pagePaths.contactUs, TARGETS.formPageScriptBytes],
  [pagePaths.helpCenter, TARGETS.formPageScriptBytes],
  [demoPaths.aslan, TARGETS.formPageScriptBytes],
] as const) {
  test(`${path} stays within its JavaScript budget`, async ({ page }) => {
    const scripts: { url: string; bytes: number }[] = [];
    page.on("requestfinished", async (request) => {
      if (request.resourceType() !== "script") return;
      const sizes = await request.sizes();
      scripts.push({ url: request.url(), bytes: sizes.responseBodySize });
    });
    await gotoReady(page, path);
    await page.waitForLoadState("networkidle");
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    console.log(`${path} JavaScript: ${(total / 1024).toFixed(1)} KB in ${scripts.length} files`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(budget);
  });
}

// The prerendered page's JavaScript waits until its first images have loaded and the
// browser has reported the first contentful paint (app/lib/start-after-paint.ts); it is not
// preloaded from the HTML, and the page still hydrates.
test("a page asks for its JavaScript only after its first paint", async ({ page }) => {
  const response = await page.request.get(pagePaths.home);
  expect(await response.text()).not.toContain('<link rel="modulepreload"');
  await gotoReady(page, pagePaths.home);
  const timings = await page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const eager = [...document.images]
      .filter((img) => img.loading !== "lazy")
      .map((img) => new URL(img.currentSrc || img.src).href);
    const imagesLoaded = resources.filter((r) => eager.includes(r.name)).map((r) => r.responseEnd);
    const scripts = resources.filter((r) => r.name.endsWith(".js")).map((r) => r.startTime);
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    return {
      images: imagesLoaded.length,
      imagesLoaded: Math.max(...imagesLoaded),
      firstContentfulPaint: paint?.startTime ?? Infinity,
      firstScript: Math.min(...scripts),
    };
  });
  expect(timings.images).toBeGreaterThan(0);
  expect(timings.firstScript).toBeGreaterThan(timings.imagesLoaded);
  expect(timings.firstScript).toBeGreaterThan(timings.firstContentfulPaint);
});

// Each chunk opens with V8's compile hint, so Chrome compiles its functions on a
// background thread while it downloads instead of on the main thread when they are first called
// (scripts/islands-plugin.ts).
test("the page's scripts are compiled off the main thread", async ({ page }) => {
  await gotoReady(page, pagePaths.home);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((r) => r.name)
      .filter((url) => url.endsWith(".js")),
  );
  // React, React DOM and the page's entry at least.
  expect(scripts.length).toBeGreaterThanOrEqual(3);
  for (const url of scripts) {
    const source = await (await page.request.get(url)).text();
    expect(source.split("\n", 1)[0], url).toBe("//# allFunctionsCalledOnLoad");
  }
});

// Only the pages with a form load React, for their islands (app/islands/); every page is its
// HTML, its CSS and the inline script of its widgets, and a link is an ordinary page load.
const PAGES_WITH_FORMS = new Set<string>([
  pagePaths.home,
  pagePaths.contactUs,
  pagePaths.helpCenter,
  ...Object.values(demoPaths),
]);

test("only the pages with a form have islands, and no page carries React Router", async ({
  request,
}) => {
  for (const path of publicPagePaths()) {
    const html = await (await request.get(path)).text();
    expect(html.includes(` ${ISLAND_ATTRIBUTE}="`), path).toBe(PAGES_WITH_FORMS.has(path));
    expect(html, path).not.toContain("__reactRouterContext");
    expect(html, path).not.toMatch(/<script[^>]* src=/);
  }
});

test("a page without a form fetches no script, and its widgets work", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pagePaths.aboutUs);
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
});
