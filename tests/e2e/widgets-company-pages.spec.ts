import { readFile } from "node:fs/promises";
import { expect, gotoReady, test } from "./fixtures";
import { gotoWithFrozenClock, settle } from "./helpers";
import { pagePaths } from "../../common/paths";

// The company's own pages in a browser: the counters (motion as the visitor prefers), the
// brochure's download and the innovation hub's frame.

test.describe("statistics strip", () => {
  const finals = ["30+", "50+", "40+", "1m+"];

  // The home page loads React; the about page does not: the counting is the inline script's.
  for (const path of [pagePaths.home, pagePaths.aboutUs]) {
    test(`counts up from 0 to its targets when scrolled into view on ${path}`, async ({ page }) => {
      await gotoWithFrozenClock(page, path);
      const values = page.getByTestId("stat-value");
      await expect(values).toHaveCount(4);
      await expect(page.getByRole("term")).toHaveText([
        "Clients Worldwide",
        "Projects Completed",
        "Team Members",
        "Users Served",
      ]);
      // Below the fold it waits at zero, however long the visitor stays at the top.
      await page.clock.runFor(5000);
      await settle(page);
      await expect(values).toHaveText(["0+", "0+", "0+", "0m+"]);

      await values.first().scrollIntoViewIfNeeded();
      // Step the clock until the first count has started.
      await expect
        .poll(async () => {
          await page.clock.runFor(20);
          return values.first().innerText();
        })
        .not.toBe("0+");
      const midway = Number.parseInt(await values.first().innerText(), 10);
      expect(midway).toBeGreaterThan(0);
      expect(midway).toBeLessThan(30);

      await page.clock.runFor(3000);
      await expect(values).toHaveText(finals);
    });
  }

  test("shows the final values at once for visitors who prefer reduced motion", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoWithFrozenClock(page, pagePaths.home);
    const values = page.getByTestId("stat-value");
    await expect(values).toHaveText(finals);
    await values.first().scrollIntoViewIfNeeded();
    await page.clock.runFor(100);
    await settle(page);
    await expect(values).toHaveText(finals);
  });
});

test("case study: Download Project Brochure downloads a PDF", async ({ page }) => {
  await gotoReady(page, pagePaths.caseStudy);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Download Project Brochure/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await download.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(1000);
});

// Careers, get-started, the articles' list and the innovation hub's content, as prerendered, are
// checked without a browser (tests/site/content-company.test.ts).
test("innovation hub: the application frame is asked for once the page has loaded", async ({
  page,
}) => {
  await gotoReady(page, pagePaths.innovationHub);
  const frame = page.locator("iframe");
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute("src", /^https:/);
});
