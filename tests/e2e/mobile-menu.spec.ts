import type { Locator, Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";
import { holdScripts, NEWSLETTER_HEADING } from "./helpers";
import { pagePaths } from "../../common/paths";

// On small screens a hamburger opens a full-screen menu (a <dialog>) with the header's menus as
// accordion sections (<details> sharing a name: one open at a time) plus Contact Us and Get
// Started. The browser runs all of it, so it answers before React hydrates.

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

/** Loads the home page and opens the menu there. */
async function openMenuOnHome(page: Page) {
  await gotoReady(page, pagePaths.home);
  return openMenu(page);
}

/**
 * A section of the menu: its <summary> (Playwright gives summaries no role, so they are found
 * by text) and the <details> whose `open` attribute says whether it is expanded.
 */
function section(dialog: Locator, label: string) {
  const summary = dialog.page().locator("summary", { hasText: new RegExp(`^${label}$`) });
  const details = dialog.locator("details").filter({ has: summary });
  return { details, summary: details.locator("summary") };
}

test("the hamburger opens a full-screen menu dialog", async ({ page }) => {
  await gotoReady(page, pagePaths.home);
  await expect(menuDialog(page)).toHaveCount(0);
  const dialog = await openMenu(page);
  const viewport = page.viewportSize()!;
  // Once it has slid in, it covers the whole screen.
  await expect
    .poll(() => dialog.evaluate((el) => el.getBoundingClientRect().toJSON()))
    .toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  await expect(dialog.getByRole("button", { name: "Close menu" })).toBeVisible();
});

test("a tap on the hamburger opens the menu, and its sections work, before the page has hydrated", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto(pagePaths.home, { waitUntil: "commit" });
  await hamburger(page).tap();
  const dialog = menuDialog(page);
  await expect(dialog).toBeVisible();
  const company = section(dialog, "Company");
  await company.summary.tap();
  await expect(company.details).toHaveAttribute("open");
  await expect(dialog.getByRole("link", { name: /^About Company/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  // Hydration finds the menu open and leaves it as it is.
  release();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(dialog.getByRole("link", { name: /^About Company/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Close menu" }).tap();
  await expect(menuDialog(page)).toHaveCount(0);
});

test("the menu has Company, What we offer and Developers sections plus Contact Us and Get Started", async ({
  page,
}) => {
  const dialog = await openMenuOnHome(page);
  const sections = dialog.getByRole("navigation").locator("summary");
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
  const dialog = await openMenuOnHome(page);
  const company = section(dialog, "Company");
  const offer = section(dialog, "What we offer");
  const companyLinks = dialog.getByRole("link", { name: /^About Company/ });
  const offerLinks = dialog.getByRole("link", { name: /^Payment Services/ });

  await expect(companyLinks).toBeHidden();
  await expect(offerLinks).toBeHidden();

  await company.summary.click();
  await expect(company.details).toHaveAttribute("open");
  await expect(companyLinks).toBeVisible();
  await expect(dialog.getByRole("link", { name: /^Careers/ })).toHaveAttribute(
    "href",
    pagePaths.careers,
  );

  await offer.summary.click();
  await expect(offer.details).toHaveAttribute("open");
  await expect(offerLinks).toBeVisible();
  await expect(company.details).not.toHaveAttribute("open");
  await expect(companyLinks).toBeHidden();

  await offer.summary.click();
  await expect(offer.details).not.toHaveAttribute("open");
  await expect(offerLinks).toBeHidden();
});

test("sections work with the keyboard", async ({ page }) => {
  const dialog = await openMenuOnHome(page);
  const developers = section(dialog, "Developers");
  await developers.summary.focus();
  await page.keyboard.press("Enter");
  await expect(developers.details).toHaveAttribute("open");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("link", { name: /^API Documentation/ })).toBeFocused();
  await developers.summary.focus();
  await page.keyboard.press("Space");
  await expect(developers.details).not.toHaveAttribute("open");
});

test("the menu opens again with every section closed", async ({ page }) => {
  let dialog = await openMenuOnHome(page);
  await section(dialog, "What we offer").summary.click();
  await expect(section(dialog, "What we offer").details).toHaveAttribute("open");
  await dialog.getByRole("button", { name: "Close menu" }).click();
  await expect(menuDialog(page)).toHaveCount(0);

  dialog = await openMenu(page);
  await expect(dialog.locator("details[open]")).toHaveCount(0);
  await expect(dialog.getByRole("link", { name: /^Payment Services/ })).toBeHidden();
});

test("following a menu link closes the menu and navigates", async ({ page }) => {
  const dialog = await openMenuOnHome(page);
  await section(dialog, "Company").summary.click();
  await dialog.getByRole("link", { name: /^About Company/ }).click();
  await expect(page).toHaveURL(pagePaths.aboutUs);
  await expect(menuDialog(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("Get Started in the menu closes it and navigates", async ({ page }) => {
  const dialog = await openMenuOnHome(page);
  await dialog.getByRole("link", { name: "Get Started", exact: true }).click();
  await expect(page).toHaveURL(pagePaths.getStarted);
  await expect(menuDialog(page)).toHaveCount(0);
});

test("Help Center in the menu leads to the help centre and opens the newsletter dialog", async ({
  page,
}) => {
  const dialog = await openMenuOnHome(page);
  await section(dialog, "Company").summary.click();
  await dialog.getByRole("link", { name: /^Help Center/ }).click();
  await expect(page).toHaveURL(pagePaths.helpCenter);
  await expect(menuDialog(page)).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: NEWSLETTER_HEADING })).toBeVisible();
});

test("Escape closes the menu and focus returns to the hamburger", async ({ page }) => {
  await openMenuOnHome(page);
  await page.keyboard.press("Escape");
  await expect(menuDialog(page)).toHaveCount(0);
  await expect(hamburger(page)).toBeFocused();
});

test("the Close menu button closes the menu and focus returns to the hamburger", async ({
  page,
}) => {
  const dialog = await openMenuOnHome(page);
  await dialog.getByRole("button", { name: "Close menu" }).click();
  await expect(menuDialog(page)).toHaveCount(0);
  await expect(hamburger(page)).toBeFocused();
});
