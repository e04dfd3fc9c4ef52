import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoReady, test } from "./fixtures";
import { notFoundPath, pagePaths } from "../../common/paths";

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

test("an unknown path answers 404 with the missing-page screen", async ({ page, request }) => {
  const raw = await request.get("/no-such-page", { maxRedirects: 0 });
  expect(raw.status()).toBe(404);
  expect(raw.headers()["content-type"]).toContain("text/html");
  // The screen is in the HTML itself, before any script runs.
  expect(await raw.text()).toContain(MISSING_TEXT);

  const response = await gotoReady(page, "/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expectMissingScreen(page);
  await expect(page).toHaveTitle(/not found|missing/i);
  // Search engines must not index it, and it must not claim to be some other page.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /\bnoindex\b/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await expectNoA11yViolations(page, "on the missing page");
});

test("unknown nested paths and /404 itself are 404s", async ({ request }) => {
  for (const path of [notFoundPath, "/services/no-such-service", "/payouts/payouts-api"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain(MISSING_TEXT);
  }
});

test("Go back returns to the page the visitor came from", async ({ page }) => {
  await gotoReady(page, pagePaths.aboutUs);
  await gotoReady(page, "/no-such-page");
  await expectMissingScreen(page);
  await page.getByRole("button", { name: "Go back" }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.locator("h1")).toHaveText(ABOUT_HEADING);
});

test("a trailing slash redirects to the page without it", async ({ page, request }) => {
  const response = await request.get("/about-us/", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(pagePaths.aboutUs);

  await gotoReady(page, "/about-us/");
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.locator("h1")).toHaveText(ABOUT_HEADING);
});
