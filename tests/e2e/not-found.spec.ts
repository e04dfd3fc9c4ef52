import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoReady, test } from "./fixtures";
import { pagePaths } from "../../common/paths";

// The missing-page screen, served with HTTP 404.

// Chromium logs "Failed to load resource: the server responded with a status of 404" for every
// 404 document, which this file provokes on purpose.
test.use({ allowedErrors: [/404/] });

const MISSING_TEXT = "You encountered a missing page, please go back or try again";
// The about page's heading (app/content/team.ts), to recognise the page "Go back" returns to.
const ABOUT_HEADING = "Building trusted payments for Ghana";

async function expectMissingScreen(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: MISSING_TEXT })).toBeVisible();
  await expect(page.getByRole("button", { name: "Go back" })).toBeVisible();
}

// What the server answers (status, the screen in the HTML, its title and tags, nested paths, the
// trailing slash's redirect) is checked without a browser (tests/site/answers.test.ts).

test("an unknown path shows the missing-page screen, without axe violations", async ({ page }) => {
  const response = await gotoReady(page, "/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expectMissingScreen(page);
  await expectNoA11yViolations(page, "on the missing page");
});

test("Go back returns to the page the visitor came from", async ({ page }) => {
  await gotoReady(page, pagePaths.aboutUs);
  await gotoReady(page, "/no-such-page");
  await expectMissingScreen(page);
  await page.getByRole("button", { name: "Go back" }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.locator("h1")).toHaveText(ABOUT_HEADING);
});
