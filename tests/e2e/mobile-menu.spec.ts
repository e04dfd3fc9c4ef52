import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test } from "./fixtures";
import { NEWSLETTER_HEADING } from "./helpers";
import { pagePaths } from "../../common/paths";

// On small screens a hamburger opens a full-screen menu with the header's menus as
// accordion sections (one open at a time) plus Contact Us and Get Started.

test.skip(
  ({ viewport }) => (viewport?.width ?? 0) >= 1024,
  "the hamburger menu only exists on small screens (phone project)",
);

function hamburger(page: Page) {
  return page.getByRole("button", { name: "Open menu" });
}

function menuDialog(page: Page) {
  return page.getByRole("dialog", { name: "Menu" });
}

async function openMenu(page: Page) {
  await hamburger(page).click();
  const dialog = menuDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the hamburger opens a full-screen menu dialog", async ({ page }) => {
  await gotoHydrated(page, pagePaths.home);
  await expect(menuDialog(page)).toHaveCount(0);
  const dialog = await openMenu(page);
  const viewport = page.viewportSize()!;
  // Once it has slid in, it covers the whole screen.
  await expect
    .poll(() => dialog.evaluate((el) => el.getBoundingClientRect().toJSON()))
    .toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  await expect(dialog.getByRole("button", { name: "Close menu" })).toBeVisible();
});

test("the menu has Company, What we offer and Developers sections plus Contact Us and Get Started", async ({
  page,
}) => {
  await gotoHydrated(page, pagePaths.home);
  const dialog = await openMenu(page);
  const sections = dialog.getByRole("navigation").getByRole("button");
  await expect(sections).toHaveText(["Company", "What we offer", "Developers"]);
  await expect(dialog.getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute(
    "href",
    pagePaths.contactUs,
  );
  await expect(dialog.getByRole("link", { name: "Get Started", exact: true })).toHaveAttribute(
    "href",
    pagePaths.getStarted,
  );
});

test("accordion sections open one at a time, and a second tap closes the open one", async ({
  page,
}) => {
  await gotoHydrated(page, pagePaths.home);
  const dialog = await openMenu(page);
  const company = dialog.getByRole("button", { name: "Company", exact: true });
  const offer = dialog.getByRole("button", { name: "What we offer", exact: true });
  const companyLinks = dialog.getByRole("link", { name: /^About Company/ });
  const offerLinks = dialog.getByRole("link", { name: /^Payment Services/ });

  await expect(companyLinks).toBeHidden();
  await expect(offerLinks).toBeHidden();

  await company.click();
  await expect(company).toHaveAttribute("aria-expanded", "true");
  await expect(companyLinks).toBeVisible();
  await expect(dialog.getByRole("link", { name: /^Careers/ })).toHaveAttribute(
    "href",
    pagePaths.careers,
  );

  await offer.click();
  await expect(offer).toHaveAttribute("aria-expanded", "true");
  await expect(offerLinks).toBeVisible();
  await expect(company).toHaveAttribute("aria-expanded", "false");
  await expect(companyLinks).toBeHidden();

  await offer.click();
  await expect(offer).toHaveAttribute("aria-expanded", "false");
  await expect(offerLinks).toBeHidden();
});

test("following a menu link closes the menu and navigates", async ({ page }) => {
  await gotoHydrated(page, pagePaths.home);
  const dialog = await openMenu(page);
  await dialog.getByRole("button", { name: "Company", exact: true }).click();
  await dialog.getByRole("link", { name: /^About Company/ }).click();
  await expect(page).toHaveURL(pagePaths.aboutUs);
  await expect(menuDialog(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("Get Started in the menu closes it and navigates", async ({ page }) => {
  await gotoHydrated(page, pagePaths.home);
  const dialog = await openMenu(page);
  await dialog.getByRole("link", { name: "Get Started", exact: true }).click();
  await expect(page).toHaveURL(pagePaths.getStarted);
  await expect(menuDialog(page)).toHaveCount(0);
});

test("Help Center in the menu leads to the help centre and opens the newsletter dialog", async ({
  page,
}) => {
  await gotoHydrated(page, pagePaths.home);
  const dialog = await openMenu(page);
  await dialog.getByRole("button", { name: "Company", exact: true }).click();
  await dialog.getByRole("link", { name: /^Help Center/ }).click();
  await expect(page).toHaveURL(pagePaths.helpCenter);
  await expect(menuDialog(page)).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: NEWSLETTER_HEADING })).toBeVisible();
});

test("Escape closes the menu and focus returns to the hamburger", async ({ page }) => {
  await gotoHydrated(page, pagePaths.home);
  await openMenu(page);
  await page.keyboard.press("Escape");
  await expect(menuDialog(page)).toHaveCount(0);
  await expect(hamburger(page)).toBeFocused();
});

test("the Close menu button closes the menu and focus returns to the hamburger", async ({
  page,
}) => {
  await gotoHydrated(page, pagePaths.home);
  const dialog = await openMenu(page);
  await dialog.getByRole("button", { name: "Close menu" }).click();
  await expect(menuDialog(page)).toHaveCount(0);
  await expect(hamburger(page)).toBeFocused();
});
