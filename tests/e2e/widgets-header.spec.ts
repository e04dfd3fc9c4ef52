import type { Locator, Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";
import { holdScripts, isHydrated, NEWSLETTER_HEADING, settle } from "./helpers";
import { pagePaths } from "../../common/paths";

// The large-screen header's three dropdowns and the Help Center → newsletter hand-off. The
// dropdowns are popovers with a small inline script, so they answer before React hydrates.

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

function menuButton(page: Page, label: string) {
  return mainNav(page).getByRole("button", { name: label, exact: true });
}

/** The dropdown panel a menu button discloses (the element its aria-controls names). */
async function panelOf(page: Page, button: Locator) {
  const id = await button.getAttribute("aria-controls");
  expect(id, "menu button names the panel it controls").toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

async function menu(page: Page, label: string) {
  const button = menuButton(page, label);
  return { button, panel: await panelOf(page, button) };
}

type Menu = Awaited<ReturnType<typeof menu>>;

/** The dropdown shows, and its button says so. */
async function expectOpen(menu: Menu) {
  await expect(menu.panel).toBeVisible();
  await expect(menu.button).toHaveAttribute("aria-expanded", "true");
}

/** The dropdown is gone, and its button says so. */
async function expectClosed(menu: Menu) {
  await expect(menu.panel).toBeHidden();
  await expect(menu.button).toHaveAttribute("aria-expanded", "false");
}

/** `open` shows its dropdown, and every one of `others` is closed. */
async function expectOnlyOpen(open: Menu, ...others: Menu[]) {
  await expect(open.panel).toBeVisible();
  for (const other of others) await expect(other.panel).toBeHidden();
}

/** Loads the home page and finds the menu `label` in its header. */
async function menuOnHome(page: Page, label: string) {
  await gotoReady(page, pagePaths.home);
  return menu(page, label);
}

/** Loads the home page and opens the menu `label` as a mouse does, by hovering its button. */
async function hoveredMenuOnHome(page: Page, label: string) {
  const hovered = await menuOnHome(page, label);
  await hovered.button.hover();
  await expectOpen(hovered);
  return hovered;
}

/** Links of a panel as [text of the first line, href]. */
async function linkTargets(panel: Locator) {
  return panel
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((a) => [
        (a.querySelector("span")?.firstChild?.textContent ?? a.textContent ?? "").trim(),
        a.getAttribute("href"),
      ]),
    );
}

test.describe("header dropdowns with a mouse", () => {
  test("hovering a menu button opens its dropdown", async ({ page }) => {
    const company = await menuOnHome(page, "Company");
    await expect(company.panel).toBeHidden();
    await company.button.hover();
    await expectOpen(company);
  });

  test("a click on a menu the mouse opened keeps it open; a second click closes it", async ({
    page,
  }) => {
    const company = await menuOnHome(page, "Company");
    await company.button.click();
    await expect(company.panel).toBeVisible();
    await company.button.click();
    await expectClosed(company);
  });

  test("only one dropdown is open at a time", async ({ page }) => {
    const company = await hoveredMenuOnHome(page, "Company");
    const offer = await menu(page, "What we offer");
    const developers = await menu(page, "Developers");
    await developers.button.hover();
    await expectOnlyOpen(developers, company);
    await offer.button.click();
    await expectOnlyOpen(offer, developers, company);
  });

  test("closes about 200 ms after the pointer leaves, and stays open if it comes back in time", async ({
    page,
  }) => {
    await page.clock.install();
    await gotoReady(page, pagePaths.home);
    await page.clock.pauseAt(Date.now() + 60_000);
    const company = await menu(page, "Company");
    // A point of the page well away from the header and its dropdowns.
    const leave = () => page.mouse.move(10, 700);

    await company.button.hover();
    await expect(company.panel).toBeVisible();

    // Leave, come back after 100 ms: the dropdown must survive well past the delay.
    await leave();
    await page.clock.runFor(100);
    await settle(page);
    await expect(company.panel).toBeVisible();
    await company.button.hover();
    await page.clock.runFor(1000);
    await settle(page);
    await expect(company.panel).toBeVisible();

    // Leave for good: still open shortly after, closed once ~200 ms have passed.
    await leave();
    await page.clock.runFor(150);
    await settle(page);
    await expect(company.panel).toBeVisible();
    await page.clock.runFor(100);
    await expect(company.panel).toBeHidden();
  });

  test("hover and click work before the page has hydrated", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(pagePaths.home, { waitUntil: "commit" });
    const company = await menu(page, "Company");
    await company.button.hover();
    await expect(company.panel).toBeVisible();
    await company.button.click();
    await expectOpen(company);
    expect(await isHydrated(page)).toBe(false);
    // Hydration finds the open menu and leaves it as it is.
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(company.panel).toBeVisible();
    await company.button.click();
    await expectClosed(company);
  });

  test("following a link closes the dropdown and navigates", async ({ page }) => {
    const company = await hoveredMenuOnHome(page, "Company");
    await company.panel.getByRole("link", { name: /^About Company/ }).click();
    await expect(page).toHaveURL(pagePaths.aboutUs);
    await expect(company.panel).toBeHidden();
  });
});

test.describe("header dropdowns with touch or a click that did not hover", () => {
  test.use({ hasTouch: true });

  test("a tap on a menu button opens its dropdown and a second tap closes it", async ({ page }) => {
    const company = await menuOnHome(page, "Company");
    await company.button.tap();
    await expect(company.panel).toBeVisible();
    await company.button.tap();
    await expect(company.panel).toBeHidden();
  });

  test("a tap opens a dropdown before the page has hydrated", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(pagePaths.home, { waitUntil: "commit" });
    const company = await menu(page, "Company");
    const developers = await menu(page, "Developers");
    await company.button.tap();
    await expectOpen(company);
    await developers.button.tap();
    await expectOnlyOpen(developers, company);
    expect(await isHydrated(page)).toBe(false);
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expectOpen(developers);
    await developers.button.tap();
    await expect(developers.panel).toBeHidden();
  });

  test("a tap on another menu button switches dropdowns", async ({ page }) => {
    const company = await menuOnHome(page, "Company");
    const developers = await menu(page, "Developers");
    await company.button.tap();
    await expect(company.panel).toBeVisible();
    await developers.button.tap();
    await expectOnlyOpen(developers, company);
  });

  test("a tap or click outside closes the open dropdown", async ({ page }) => {
    const company = await menuOnHome(page, "Company");
    await company.button.tap();
    await expect(company.panel).toBeVisible();
    const box = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(box).not.toBeNull();
    await page.touchscreen.tap(box!.x + 5, box!.y + box!.height / 2);
    await expect(company.panel).toBeHidden();
  });
});

test.describe("header dropdowns with the keyboard", () => {
  for (const key of ["Enter", "Space"]) {
    test(`${key} on a menu button opens it; Escape closes it and returns focus to the button`, async ({
      page,
    }) => {
      await gotoReady(page, pagePaths.home);
      const offer = await menu(page, "What we offer");
      await offer.button.focus();
      await page.keyboard.press(key);
      await expectOpen(offer);
      // Move into the menu first, so Escape has to bring focus back.
      await page.keyboard.press("Tab");
      await expect(offer.panel.getByRole("link").first()).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(offer.panel).toBeHidden();
      await expect(offer.button).toBeFocused();
    });
  }

  test("Escape in a dropdown the mouse opened also returns focus to its button", async ({
    page,
  }) => {
    const company = await hoveredMenuOnHome(page, "Company");
    await company.panel.getByRole("link").first().focus();
    await page.keyboard.press("Escape");
    await expect(company.panel).toBeHidden();
    await expect(company.button).toBeFocused();
    await expect(company.button).toHaveAttribute("aria-expanded", "false");
  });

  test("tabbing out of an open dropdown closes it", async ({ page }) => {
    const company = await menuOnHome(page, "Company");
    const offer = await menu(page, "What we offer");
    await company.button.focus();
    await page.keyboard.press("Enter");
    await expect(company.panel).toBeVisible();
    const links = company.panel.getByRole("link");
    await expect(links).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      await expect(links.nth(i)).toBeFocused();
      await expect(company.panel).toBeVisible();
    }
    await page.keyboard.press("Tab");
    await expect(offer.button).toBeFocused();
    await expect(company.panel).toBeHidden();
  });
});

test.describe("header menu items", () => {
  test("Company lists About Company, Help Center and Careers", async ({ page }) => {
    const company = await hoveredMenuOnHome(page, "Company");
    expect(await linkTargets(company.panel)).toEqual([
      ["About Company", pagePaths.aboutUs],
      // The fragment names the dialog the help centre opens on arrival.
      ["Help Center", `${pagePaths.helpCenter}#newsletter-dialog`],
      ["Careers", pagePaths.careers],
    ]);
  });

  test("What we offer lists the three offers, each with a View link to its page", async ({
    page,
  }) => {
    const offer = await hoveredMenuOnHome(page, "What we offer");
    expect(await linkTargets(offer.panel)).toEqual([
      ["Payment Services", pagePaths.paymentServices],
      ["Value Added Services (VAS)", pagePaths.valueAddedServices],
      ["E-commerce", pagePaths.eCommerce],
    ]);
    for (const link of await offer.panel.getByRole("link").all()) {
      await expect(link).toContainText("View");
    }
  });

  test("What we offer links lead to their pages", async ({ page }) => {
    const offer = await hoveredMenuOnHome(page, "What we offer");
    await offer.panel.getByRole("link", { name: /^Value Added Services/ }).click();
    await expect(page).toHaveURL(pagePaths.valueAddedServices);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("Developers has an API Documentation card and six API links opening in a new tab", async ({
    page,
    baseURL,
  }) => {
    const developers = await hoveredMenuOnHome(page, "Developers");
    const links = developers.panel.getByRole("link");
    const names = await links.evaluateAll((all) =>
      all.map((a) => (a.querySelector("span")?.firstChild?.textContent ?? "").trim()),
    );
    expect(names).toEqual([
      "API Documentation",
      "Payment API",
      "Billing API",
      "Customer API",
      "USSD API",
      "SMS API",
      "Invoice API",
    ]);
    const ourOrigin = new URL(baseURL!).origin;
    const hrefs: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      const link = links.nth(i);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      const href = (await link.getAttribute("href")) ?? "";
      expect(new URL(href).protocol, `${name} is an absolute https link`).toBe("https:");
      expect(new URL(href).origin, `${name} goes to the external docs site`).not.toBe(ourOrigin);
      hrefs[name] = href;
    }
    // All links go to the same docs site; Billing, Customer, SMS and Invoice share Payment's page.
    const docsOrigin = new URL(hrefs["API Documentation"] ?? "").origin;
    for (const href of Object.values(hrefs)) expect(new URL(href).origin).toBe(docsOrigin);
    for (const name of ["Billing API", "Customer API", "SMS API", "Invoice API"]) {
      expect(hrefs[name], name).toBe(hrefs["Payment API"]);
    }
    expect(hrefs["USSD API"]).not.toBe(hrefs["Payment API"]);
  });

  test("a Developers API link opens the reference in a new tab", async ({ page, context }) => {
    await gotoReady(page, pagePaths.home);
    // The new tab is outside the fixture's offline guard; answer its request here.
    await context.route(/^https:\/\//, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<title>API reference</title>",
      }),
    );
    const developers = await menu(page, "Developers");
    await developers.button.hover();
    const link = developers.panel.getByRole("link", { name: /^Payment API/ });
    const href = await link.getAttribute("href");
    const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await expect(popup).toHaveURL(href!);
    await expect(page).toHaveURL(pagePaths.home);
  });
});

test.describe("Help Center link and the newsletter dialog", () => {
  // From a page with a form (React in its island) and from one without: the same page load.
  for (const from of [pagePaths.home, pagePaths.aboutUs]) {
    test(`arriving through the header's Help Center link from ${from} opens the newsletter dialog`, async ({
      page,
    }) => {
      await gotoReady(page, from);
      const company = await menu(page, "Company");
      await company.button.hover();
      await company.panel.getByRole("link", { name: /^Help Center/ }).click();
      await expect(page.getByRole("dialog", { name: NEWSLETTER_HEADING })).toBeVisible();
      // The fragment is gone: a reload or a return through Back does not open it again.
      await expect(page).toHaveURL(pagePaths.helpCenter);
    });
  }

  test("a direct visit to /help-center does not open it", async ({ page }) => {
    await page.clock.install();
    await gotoReady(page, pagePaths.helpCenter);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Give the page far more than the ~100 ms the link-triggered opening takes.
    await page.clock.runFor(2000);
    await settle(page);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: NEWSLETTER_HEADING })).toHaveCount(0);
  });

  test("reloading the help centre after arriving through the link does not reopen it", async ({
    page,
  }) => {
    await page.clock.install();
    const company = await hoveredMenuOnHome(page, "Company");
    await company.panel.getByRole("link", { name: /^Help Center/ }).click();
    const dialog = page.getByRole("dialog", { name: NEWSLETTER_HEADING });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.clock.runFor(2000);
    await settle(page);
    await expect(page).toHaveURL(pagePaths.helpCenter);
    await expect(page.getByRole("heading", { name: NEWSLETTER_HEADING })).toHaveCount(0);
  });
});
