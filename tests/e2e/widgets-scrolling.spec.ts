import type { Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";
import { privacyPolicyPath } from "./helpers";
import { pagePaths, policyPaths, productPaths } from "../../common/paths";

// Links that scroll the page: to a section, to a form, to a clause, and to the top on a route
// change. The contact page's and the terms' prerendered content is checked without a browser
// (tests/site/content-company.test.ts).

test("ASLAN: See Features scrolls to the list of 14 features", async ({ page }) => {
  await gotoReady(page, productPaths.aslan);
  const features = page.getByRole("region", { name: "14 features built for savings groups" });
  const items = features.getByRole("listitem");
  await expect(items).toHaveCount(14);
  await expect(features.getByRole("heading", { level: 2 })).not.toBeInViewport();
  await page.getByRole("link", { name: "See Features" }).click();
  await expect(features.getByRole("heading", { level: 2 })).toBeInViewport();
  await expect(items.first()).toBeInViewport();
});

test.describe("contact page", () => {
  test("Send Us a Message scrolls the form to 100px below the top", async ({ page }) => {
    await gotoReady(page, pagePaths.contactUs);
    const top = () =>
      page.evaluate(
        () => document.getElementById("send-us-a-message")!.getBoundingClientRect().top,
      );
    expect(await top()).toBeGreaterThan(200);
    await page.getByRole("link", { name: "Send Us a Message" }).click();
    await waitForScrollEnd(page, { awayFromTop: true });
    expect(Math.abs((await top()) - 100)).toBeLessThanOrEqual(3);
  });
});

/**
 * Resolves once the window has stopped scrolling: the same position on three successive frames
 * and, with `awayFromTop`, below the top (a smooth scroll down has started and ended).
 */
async function waitForScrollEnd(page: Page, { awayFromTop = false } = {}) {
  await expect
    .poll(() =>
      page.evaluate(
        (away) =>
          new Promise<boolean>((resolve) => {
            const y = window.scrollY;
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => resolve(window.scrollY === y && (!away || y > 0))),
              ),
            );
          }),
        awayFromTop,
      ),
    )
    .toBe(true);
}

test.describe("terms and conditions", () => {
  test("#privacy-policy scrolls the privacy heading to 20px below the sticky header", async ({
    page,
  }) => {
    await gotoReady(page, privacyPolicyPath);
    const heading = page.getByRole("heading", { level: 2, name: /Privacy Policy$/ });
    await expect(heading).toBeInViewport();
    await waitForScrollEnd(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const headerBottom = await page
      .getByRole("banner")
      .evaluate((el) => el.getBoundingClientRect().bottom);
    const headingTop = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(headingTop - (headerBottom + 20))).toBeLessThanOrEqual(3);
  });
});

test("a route change scrolls the new page to the top", async ({ page }) => {
  await gotoReady(page, pagePaths.home);
  const footerLink = page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Cancellation Policy" });
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await footerLink.click();
  await expect(page).toHaveURL(policyPaths.cancellation);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Cancellation/);
  await waitForScrollEnd(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
