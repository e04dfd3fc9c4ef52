import type { Locator, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoReady, test } from "./fixtures";
import {
  failRequestsTo,
  holdScripts,
  isHydrated,
  NEWSLETTER_HEADING,
  openNewsletterDialog,
} from "./helpers";
import { apiPaths, pagePaths } from "../../common/paths";

// The newsletter dialog and the leaders' biography dialog.

function focusIsIn(dialog: Locator) {
  return dialog.evaluate((el) => el.contains(document.activeElement));
}

/** True when the document cannot scroll: the root is overflow hidden and the wheel moves nothing. */
async function expectScrollLocked(page: Page) {
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
    "hidden",
  );
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(5, 5);
  await page.mouse.wheel(0, 800);
  // A wheel scroll would have landed by now; the page must not have moved.
  await page.waitForTimeout(400);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
}

/** After the dialog closed, the same wheel gesture does scroll the page (proves the lock was real). */
async function expectScrollUnlocked(page: Page) {
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
    "hidden",
  );
  // From the top, so the page surely has room to move down, whatever the opener's position.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.mouse.move(5, 400);
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 400);
      return page.evaluate(() => window.scrollY);
    })
    .toBeGreaterThan(0);
}

test.describe("newsletter dialog", () => {
  test("shows the heading, an email field and a Subscribe button", async ({ page }) => {
    const dialog = await openNewsletterDialog(page);
    await expect(dialog.getByRole("heading", { name: NEWSLETTER_HEADING })).toBeVisible();
    const email = dialog.getByPlaceholder("Enter your email");
    await expect(email).toBeVisible();
    await expect(email).toHaveAttribute("type", "email");
    await expect(dialog.getByRole("button", { name: "Subscribe" })).toBeVisible();
  });

  test("has no accessibility violations while open", async ({ page }) => {
    await openNewsletterDialog(page);
    await expectNoA11yViolations(page, "with the newsletter dialog open");
  });

  test("closes on Escape", async ({ page }) => {
    const dialog = await openNewsletterDialog(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("closes on a click on the backdrop", async ({ page }) => {
    const dialog = await openNewsletterDialog(page);
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test("does not close on a click inside it", async ({ page }) => {
    const dialog = await openNewsletterDialog(page);
    await dialog.getByRole("heading", { name: NEWSLETTER_HEADING }).click();
    await dialog.getByPlaceholder("Enter your email").click();
    await expect(dialog).toBeVisible();
  });

  test("closes with the close button", async ({ page }) => {
    const dialog = await openNewsletterDialog(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("locks the page scroll while open and releases it when closed", async ({ page }) => {
    const dialog = await openNewsletterDialog(page);
    await expectScrollLocked(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expectScrollUnlocked(page);
  });

  test("keeps keyboard focus inside while open and gives it back to the page when closed", async ({
    page,
  }) => {
    const dialog = await openNewsletterDialog(page);
    await expect.poll(() => focusIsIn(dialog)).toBe(true);
    // Tab cycles through the dialog's controls. Past the last one Chromium may hand focus to the
    // browser's own UI (document.body in the page), but never to a control of the page behind.
    const reached = new Set<string>();
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return "browser";
        if (!el.closest("dialog[open]")) return `page: ${el.outerHTML.slice(0, 80)}`;
        return el.getAttribute("aria-label") ?? el.getAttribute("placeholder") ?? el.textContent;
      });
      expect(where, `focus after Tab ${i + 1}`).not.toMatch(/^page: /);
      reached.add(where ?? "");
    }
    expect([...reached]).toEqual(
      expect.arrayContaining(["Close", "Enter your email", "Subscribe"]),
    );

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Given back to the opener at once, or, where there is none (the dialog opened from the
    // address), moved to the main content when the dialog's close event comes.
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest("dialog")))
      .toBe(false);
    // The next Tab reaches a control of the page again.
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => {
        const el = document.activeElement;
        return (
          !!el && el !== document.body && !el.closest("dialog") && el.matches("a, button, input")
        );
      }),
    ).toBe(true);
  });

  test("a successful subscription shows the thank-you view", async ({ page }) => {
    const bodies: unknown[] = [];
    await page.route(apiPaths.subscribe, async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({
        status: 201,
        contentType: "application/json",
        body: JSON.stringify({ ok: true }),
      });
    });
    const dialog = await openNewsletterDialog(page);
    await dialog.getByPlaceholder("Enter your email").fill("ama.mensah@example.com");
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog.getByText("Thank you for subscribing")).toBeVisible();
    await expect(
      dialog.getByText(
        "We have sent you an e-mail with a link. Open it to confirm your subscription to the Akwaaba Pay newsletter.",
      ),
    ).toBeVisible();
    // Which address it went to, so a mistyped one shows; the thank-you has the focus.
    await expect(dialog.getByText("We sent it to ama.mensah@example.com.")).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Thank you for subscribing" })).toBeFocused();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ email: "ama.mensah@example.com" });
  });

  test("closing after the thank-you view brings back an empty form next time", async ({ page }) => {
    await page.route(apiPaths.subscribe, (route) =>
      route.fulfill({ status: 201, contentType: "application/json", body: "{}" }),
    );
    const dialog = await openNewsletterDialog(page);
    await dialog.getByPlaceholder("Enter your email").fill("ama.mensah@example.com");
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog.getByText("Thank you for subscribing")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Subscribe to our newsletter" }).click();
    await expect(page.getByRole("dialog", { name: NEWSLETTER_HEADING })).toBeVisible();
    await expect(dialog.getByPlaceholder("Enter your email")).toHaveValue("");
    await expect(dialog.getByText("Thank you for subscribing")).toHaveCount(0);
  });

  test("the help centre's button opens it and gets the focus back when it closes", async ({
    page,
  }) => {
    await gotoReady(page, pagePaths.helpCenter);
    const dialog = page.getByRole("dialog", { name: NEWSLETTER_HEADING });
    // Arriving directly (not through the header's link) does not open it.
    await expect(dialog).toBeHidden();
    const opener = page.getByRole("button", { name: "Subscribe to our newsletter" });
    await opener.click();
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusIsIn(dialog)).toBe(true);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("opens and closes before the page's script has loaded", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(pagePaths.helpCenter);
    const dialog = page.getByRole("dialog", { name: NEWSLETTER_HEADING });
    const opener = page.getByRole("button", { name: "Subscribe to our newsletter" });

    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();

    await opener.click();
    await expect(dialog).toBeVisible();
    expect(await isHydrated(page)).toBe(false);

    // Hydration leaves the open dialog alone (and logs no error: the fixture checks).
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test.describe("when the server fails", () => {
    // Chromium logs the 500 answer as a console error; that is the point of this test.
    test.use({ allowedErrors: [/status of 500/] });

    test("shows an error message and keeps the typed address", async ({ page }) => {
      await failRequestsTo(page, apiPaths.subscribe);
      const dialog = await openNewsletterDialog(page);
      const email = dialog.getByPlaceholder("Enter your email");
      await email.fill("kofi@example.com");
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await expect(dialog.getByRole("alert")).toHaveText(/\S/);
      await expect(dialog.getByRole("alert")).toContainText(/try again/i);
      await expect(email).toHaveValue("kofi@example.com");
      await expect(dialog.getByText("Thank you for subscribing")).toHaveCount(0);
    });
  });

  test("an invalid address says how to write it, puts the focus back in the field and sends nothing", async ({
    page,
  }) => {
    let requests = 0;
    await page.route(apiPaths.subscribe, (route) => {
      requests++;
      return route.fulfill({ status: 201, contentType: "application/json", body: "{}" });
    });
    const dialog = await openNewsletterDialog(page);
    const email = dialog.getByPlaceholder("Enter your email");
    await email.fill("kofi.example.com");
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "Enter an e-mail address in the right format, like name@example.com",
    );
    await expect(email).toBeFocused();
    await expect(email).toHaveValue("kofi.example.com");
    await expect(dialog.getByText("Thank you for subscribing")).toHaveCount(0);
    expect(requests).toBe(0);
  });
});

test.describe("leader biography dialog", () => {
  const LEADER = "Akosua Frimpong";

  async function openBio(page: Page) {
    await gotoReady(page, pagePaths.aboutUs);
    const leaders = page.getByRole("region", { name: "The people who lead us" });
    const opener = leaders.getByRole("button", { name: new RegExp(LEADER) });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: LEADER });
    await expect(dialog).toBeVisible();
    return { opener, dialog };
  }

  test("has no accessibility violations while open", async ({ page }) => {
    await openBio(page);
    await expectNoA11yViolations(page, "with a biography open");
  });

  test("the leadership grid shows three leaders", async ({ page }) => {
    await gotoReady(page, pagePaths.aboutUs);
    const leaders = page.getByRole("region", { name: "The people who lead us" });
    await expect(leaders.getByRole("button")).toHaveCount(3);
  });

  test("clicking a leader opens the biography with name and bio paragraphs", async ({ page }) => {
    const { dialog } = await openBio(page);
    await expect(dialog.getByRole("heading", { name: LEADER })).toBeVisible();
    await expect(dialog.getByText("Chief Executive Officer")).toBeVisible();
    const paragraphs = dialog.locator("p").filter({ hasText: /\w{3,}.*\./ });
    expect(await paragraphs.count()).toBeGreaterThanOrEqual(3);
    await expect(
      dialog.getByText(/^Akosua has spent more than fifteen years in Ghanaian banking/),
    ).toBeVisible();
    await expect(dialog.getByText(/^Akosua holds an MBA/)).toBeVisible();
  });

  test("each leader opens their own biography", async ({ page }) => {
    await gotoReady(page, pagePaths.aboutUs);
    const leaders = page.getByRole("region", { name: "The people who lead us" });
    for (const name of ["Kwame Ansah", "Efua Quartey"]) {
      await leaders.getByRole("button", { name: new RegExp(name) }).click();
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(new RegExp(`^${name.split(" ")[0]} `)).first()).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });

  test("Escape closes it and focus returns to the leader", async ({ page }) => {
    const { opener, dialog } = await openBio(page);
    await expect.poll(() => focusIsIn(dialog)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the Close button closes it and focus returns to the leader", async ({ page }) => {
    const { opener, dialog } = await openBio(page);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a click on the backdrop closes it", async ({ page }) => {
    const { opener, dialog } = await openBio(page);
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("opens and closes before the page's script has loaded", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(pagePaths.aboutUs);
    const leaders = page.getByRole("region", { name: "The people who lead us" });
    const opener = leaders.getByRole("button", { name: new RegExp(LEADER) });
    const dialog = page.getByRole("dialog", { name: LEADER });

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^Akosua holds an MBA/)).toBeVisible();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await isHydrated(page)).toBe(false);
    release();
  });

  test("the page does not scroll while it is open", async ({ page }) => {
    const { dialog } = await openBio(page);
    await expectScrollLocked(page);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectScrollUnlocked(page);
  });
});
