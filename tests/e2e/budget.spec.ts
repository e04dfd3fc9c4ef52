import { expect, gotoReady, test } from "./fixtures";
import { pagePaths } from "../../common/paths";

// When a page's scripts load, in a browser. Which scripts a page names, their size against the
// budgets and that the HTML preloads none are checked without a browser (tests/site/).

// The prerendered page's JavaScript waits until its first images have loaded and the
// browser has reported the first contentful paint (app/lib/start-after-paint.ts); it is not
// preloaded from the HTML (tests/site/scripts.test.ts), and the page still hydrates.
test("a page asks for its JavaScript only after its first paint", async ({ page }) => {
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
