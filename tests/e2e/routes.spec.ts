import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoReady, test } from "./fixtures";
import { pagePaths } from "../../common/paths";
import { onePagePerModule } from "../../scripts/page-paths";

// One page per module of the route table in a browser, on desktop and on a phone: hydration
// keeps its one heading and its title, no axe violations, and usable on a 320 px wide screen.
// The pages that share a module (services, products, demo requests, policies, articles) share
// its layout, colours and widgets and differ only in their words; what the words can break is
// checked on every page without a browser: the HTML before any script runs (headings, titles,
// tests/site/pages.test.ts) and the markup axe would judge (names, alt texts, ids, lists,
// tables, tests/site/accessible-markup.test.ts). Decisions 0056 and 0062.

/** The heading and title the server's HTML has, read with the browser's own parser. */
async function readPrerendered(page: Page, html: string) {
  // DOMParser builds an inert document: it runs no script and loads nothing.
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    return {
      h1: doc.querySelector("h1")?.textContent?.replace(/\s+/g, " ").trim() ?? "",
      title: doc.title,
    };
  }, html);
}

for (const path of onePagePerModule()) {
  test(`${path} keeps its heading when hydrated, is accessible and fits a 320 px screen`, async ({
    page,
    request,
  }) => {
    const head = await readPrerendered(page, await (await request.get(path)).text());
    await gotoReady(page, path);
    // Hydration keeps what the server sent: the same single heading and the same title.
    const h1 = page.locator("h1");
    await expect(h1).toHaveCount(1);
    await expect(h1).toBeVisible();
    await expect(h1).toHaveText(head.h1, { useInnerText: false });
    await expect(page).toHaveTitle(head.title);

    await expectNoA11yViolations(page, `on ${path}`);

    await page.setViewportSize({ width: 320, height: 640 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `page width of ${path} at 320 px`,
      })
      .toBeLessThanOrEqual(320);
  });
}

test.describe("the header's menus", () => {
  test.describe("phone", () => {
    test.skip(({ isMobile }) => !isMobile, "the hamburger menu is the small-screen header");

    for (const section of ["Company", "What we offer", "Developers"]) {
      test(`the open mobile menu with ${section} expanded has no axe violations`, async ({
        page,
      }) => {
        await gotoReady(page, pagePaths.home);
        await page.getByRole("button", { name: "Open menu" }).click();
        const menu = page.getByRole("dialog", { name: "Menu" });
        await expect(menu).toBeVisible();
        // Let the slide-in finish so axe sees the menu where the visitor does.
        await menu.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
        // The sections are <details>; Playwright gives their <summary> no role.
        const details = menu
          .locator("details")
          .filter({ has: page.locator("summary", { hasText: section }) });
        await details.locator("summary").click();
        await expect(details).toHaveAttribute("open");
        await expect(menu.locator("details[open] a").first()).toBeVisible();
        await expectNoA11yViolations(page, `with the mobile menu open at ${section}`);
      });
    }
  });

  test.describe("desktop", () => {
    test.skip(({ isMobile }) => isMobile, "the dropdowns are the large-screen header");

    for (const menuName of ["Company", "What we offer", "Developers"]) {
      test(`the open ${menuName} dropdown has no axe violations`, async ({ page }) => {
        await gotoReady(page, pagePaths.home);
        const nav = page.getByRole("navigation", { name: "Main" });
        const button = nav.getByRole("button", { name: menuName });
        await button.click();
        await expect(button).toHaveAttribute("aria-expanded", "true");
        const panelId = await button.getAttribute("aria-controls");
        await expect(page.locator(`#${panelId}`)).toBeVisible();
        await expectNoA11yViolations(page, `with the ${menuName} dropdown open`);
      });
    }
  });
});
