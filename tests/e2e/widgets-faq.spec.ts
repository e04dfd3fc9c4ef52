import type { Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";
import { holdScripts } from "./helpers";
import { pagePaths } from "../../common/paths";

// The help centre's questions: an accordion of <details>, working before the page's script has
// loaded.

test.describe("help centre FAQ", () => {
  function faq(page: Page) {
    return page.getByRole("region", { name: "Frequently asked questions" });
  }
  // Each question is a <details>: a group, expanded while open; its <summary> is what one presses.
  function questions(page: Page) {
    return faq(page).getByRole("group");
  }
  function question(page: Page, n: number) {
    return questions(page).nth(n).locator("summary");
  }
  function openAnswers(page: Page) {
    return faq(page).locator("details[open] > summary + *");
  }
  /** The + or − sign drawn (by CSS) at the end of question `n`. */
  function sign(page: Page, n: number) {
    return question(page, n)
      .locator("[aria-hidden=true]")
      .evaluate((el) => getComputedStyle(el, "::before").content.replaceAll('"', ""));
  }
  test("six questions, the first open initially", async ({ page }) => {
    await gotoReady(page, pagePaths.helpCenter);
    await expect(questions(page)).toHaveCount(6);
    await expect(faq(page).getByRole("heading", { level: 3 })).toHaveCount(6);
    await expect(questions(page).first()).toHaveAttribute("open");
    await expect(faq(page).locator("details[open]")).toHaveCount(1);
    await expect(openAnswers(page)).toHaveCount(1);
    await expect(openAnswers(page)).toBeVisible();
    expect(await sign(page, 0)).toBe("−");
    for (let i = 1; i < 6; i++) {
      await expect(questions(page).nth(i)).not.toHaveAttribute("open");
      expect(await sign(page, i)).toBe("+");
    }
  });

  test("opening another question closes the first; clicking the open one closes it", async ({
    page,
  }) => {
    await gotoReady(page, pagePaths.helpCenter);
    await question(page, 2).click();
    await expect(questions(page).nth(2)).toHaveAttribute("open");
    await expect(questions(page).first()).not.toHaveAttribute("open");
    await expect(openAnswers(page)).toHaveCount(1);
    await expect(openAnswers(page)).toContainText(/settle/i);
    await expect(openAnswers(page)).toBeVisible();
    expect(await sign(page, 2)).toBe("−");
    expect(await sign(page, 0)).toBe("+");

    await question(page, 2).click();
    await expect(questions(page).nth(2)).not.toHaveAttribute("open");
    await expect(faq(page).locator("details[open]")).toHaveCount(0);
  });

  test("the keyboard opens a question too", async ({ page }) => {
    await gotoReady(page, pagePaths.helpCenter);
    await question(page, 1).focus();
    await page.keyboard.press("Enter");
    await expect(questions(page).nth(1)).toHaveAttribute("open");
    await expect(questions(page).first()).not.toHaveAttribute("open");
    await page.keyboard.press("Space");
    await expect(questions(page).nth(1)).not.toHaveAttribute("open");
  });

  test("an answer gives the USSD code *789#", async ({ page }) => {
    await gotoReady(page, pagePaths.helpCenter);
    await faq(page)
      .locator("summary", { hasText: /without a smartphone/i })
      .click();
    await expect(openAnswers(page)).toContainText("*789#");
  });

  test("the answer panel is at most 500px high", async ({ page }) => {
    await gotoReady(page, pagePaths.helpCenter);
    const panel = openAnswers(page);
    await expect(panel).toBeVisible();
    await expect(panel).toHaveCSS("max-height", "500px");
    await expect(panel).toHaveCSS("overflow-y", "auto");
  });

  test("a question opens before the page's script has loaded", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(pagePaths.helpCenter);
    await question(page, 3).click();
    await expect(questions(page).nth(3)).toHaveAttribute("open");
    await expect(questions(page).first()).not.toHaveAttribute("open");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    // Hydration keeps what the visitor opened.
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(questions(page).nth(3)).toHaveAttribute("open");
    await expect(questions(page).first()).not.toHaveAttribute("open");
  });
});
