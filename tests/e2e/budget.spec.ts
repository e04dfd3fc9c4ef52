import { expect, gotoHydrated, test } from "./fixtures";

// Issue 2: the home page loads at most 140 KB of compressed JavaScript (React and React Router
// alone are about 113 KB). Bytes are what went over the wire, as the browser asked (brotli).
const HOME_JS_BUDGET = 140 * 1024;

test("the home page stays within its JavaScript budget", async ({ page }) => {
  const scripts: { url: string; bytes: number }[] = [];
  page.on("requestfinished", async (request) => {
    if (request.resourceType() !== "script") return;
    const sizes = await request.sizes();
    scripts.push({ url: request.url(), bytes: sizes.responseBodySize });
  });
  await gotoHydrated(page, "/");
  await page.waitForLoadState("networkidle");
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  console.log(
    `home page JavaScript: ${(total / 1024).toFixed(1)} KB compressed in ${scripts.length} files`,
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET);
});

// Issue 4: the prerendered page paints before any of its JavaScript is requested
// (scripts/defer-hydration.ts), and still hydrates.
test("a page paints before it asks for its JavaScript", async ({ page }) => {
  await gotoHydrated(page, "/");
  const timings = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-paint")[0];
    const scripts = performance
      .getEntriesByType("resource")
      .filter((e) => (e as PerformanceResourceTiming).initiatorType !== "img")
      .filter((e) => e.name.endsWith(".js"));
    return {
      firstPaint: paint?.startTime ?? Number.NaN,
      firstScript: Math.min(...scripts.map((s) => s.startTime)),
    };
  });
  expect(timings.firstPaint).toBeGreaterThan(0);
  expect(timings.firstScript).toBeGreaterThan(timings.firstPaint);
});
