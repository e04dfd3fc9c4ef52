import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { ISLAND_ATTRIBUTE } from "../../common/islands";

/** The public pages of the route table (the sitemap's list): "/" first. */

/**
 * Every browser test gets a page that:
 * - never reaches the internet (requests to other origins are answered with an empty 204, so
 *   an external frame or link cannot hang a test on this offline machine), and
 * - fails the test on any uncaught script error or console error.
 */
export const test = base.extend<{ allowedErrors: RegExp[] }>({
  /** Console errors a test expects (say, a failed request it provoked on purpose). */
  allowedErrors: [[], { option: true }],
  page: async ({ page, baseURL, allowedErrors }, use) => {
    const errors: string[] = [];
    const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
    await page.route(
      (url) => url.origin !== origin,
      (route) => route.fulfill({ status: 204, body: "" }),
    );
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (!allowedErrors.some((pattern) => pattern.test(text))) errors.push(`console: ${text}`);
    });
    await use(page);
    expect(errors, "uncaught script or console errors").toEqual([]);
  },
});

export { expect };

/** axe-core with the WCAG 2.x A and AA rules (2.0, 2.1 and 2.2). */
export async function expectNoA11yViolations(page: Page, context?: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
  expect(summary, `accessibility violations${context ? ` ${context}` : ""}`).toEqual([]);
}

/**
 * Loads the page and waits until all its scripts run: on a page with a form, until React has
 * hydrated its islands, so clicks reach the form's handlers; other pages load no React.
 */
export async function gotoReady(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForIslands(page);
  return response;
}

/** Waits until the page's forms have come to life (at once on a page without a form). */
export async function waitForIslands(page: Page) {
  await page.waitForFunction(
    (islandAttribute) =>
      document.documentElement.dataset.hydrated === "true" ||
      !document.querySelector(`[${islandAttribute}]`),
    ISLAND_ATTRIBUTE,
  );
}
