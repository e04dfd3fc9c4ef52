import type { Page } from "@playwright/test";
import { menuFor } from "../../console/console-pages";
import { expect } from "./fixtures";
import { test } from "./staff-session";
import { openConsolePage } from "./staff";

// The console's menu must put every page an admin may open in reach, with the current one in
// view, on a laptop and on a phone (console/components/console-menu.tsx).

const ADMIN_PAGES = menuFor({ role: "admin" }).map((page) => page.label);
const nav = (page: Page) => page.getByRole("navigation", { name: "Console" });

test("at 1,280 px every page's link is on screen at once and the current one is marked", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin");
  const last = ADMIN_PAGES.at(-1) ?? "";
  await openConsolePage(page, last);
  for (const label of ADMIN_PAGES) {
    await expect(nav(page).getByRole("link", { name: label, exact: true }), label).toBeInViewport();
  }
  await expect(nav(page).getByRole("link", { name: last, exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const width = await nav(page).evaluate((element) => element.scrollWidth);
  expect(width, "the menu needs no sideways scroll").toBeLessThanOrEqual(1280);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu names the current page and opens every page, then folds away", async ({
    page,
    signedInAs,
  }) => {
    await signedInAs("admin");
    const menu = nav(page).getByText("Menu", { exact: false });
    await expect(menu).toHaveText(`Menu: ${ADMIN_PAGES[0]}`);
    await menu.click();
    for (const label of ADMIN_PAGES) {
      const link = nav(page).getByRole("link", { name: label, exact: true });
      await link.scrollIntoViewIfNeeded();
      await expect(link, label).toBeInViewport();
    }
    const last = ADMIN_PAGES.at(-1) ?? "";
    await nav(page).getByRole("link", { name: last, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: last })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: last, exact: true })).toBeHidden();
    await expect(menu).toHaveText(`Menu: ${last}`);
  });
});
