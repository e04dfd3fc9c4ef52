import { pagePaths } from "../../common/paths";
import { site } from "../../common/site";
import { expect, gotoReady, test } from "./fixtures";
import { NEWSLETTER_HEADING, openNewsletterDialog } from "./helpers";

// The copyright year after New Year, and reopening the newsletter dialog on the help centre.

const BUILD_YEAR = new Date().getFullYear();
const LATER_YEAR = BUILD_YEAR + 5;

// The year the build wrote is checked without a browser (tests/site/answers.test.ts).
test.describe("the copyright year follows the visitor's clock, not the build", () => {
  for (const { path, where } of [
    { path: pagePaths.home, where: "site footer" },
    // Pages that load no React: the inline script sets the year.
    { path: pagePaths.termsAndConditions, where: "site footer of a page without React" },
    { path: pagePaths.innovationHub, where: "innovation hub's footer" },
  ]) {
    test(`the ${where} on ${path} shows the current year, without errors`, async ({ page }) => {
      // A page built this year and read years later. The fixture fails the test on any
      // console error, so a hydration mismatch would fail it too.
      await page.clock.install({ time: new Date(`${LATER_YEAR}-01-02T09:00:00Z`) });
      await gotoReady(page, path);
      const footer = page.getByRole("contentinfo");
      await expect(
        footer.getByText(new RegExp(`©\\s*${LATER_YEAR}\\s+${site.legalName}`)),
      ).toBeVisible();
      await expect(footer).not.toContainText(`© ${BUILD_YEAR}`);
    });
  }
});

test.describe("the help centre's newsletter button", () => {
  test("reopens the dialog after it was closed, and gets focus back on close", async ({ page }) => {
    // Arriving through the header's Help Center link still opens the dialog by itself.
    const dialog = await openNewsletterDialog(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();

    const button = page.getByRole("button", { name: "Subscribe to our newsletter" });
    await expect(button).toBeVisible();
    await button.click();
    await expect(page.getByRole("dialog", { name: NEWSLETTER_HEADING })).toBeVisible();
    await expect(page.getByRole("dialog").getByPlaceholder("Enter your email")).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("works from the keyboard on a direct visit", async ({ page }) => {
    await gotoReady(page, pagePaths.helpCenter);
    await expect(page.getByRole("dialog")).toBeHidden();
    const button = page.getByRole("button", { name: "Subscribe to our newsletter" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: NEWSLETTER_HEADING })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(button).toBeFocused();
  });
});
