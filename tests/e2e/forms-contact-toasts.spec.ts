import { expect, gotoReady, test } from "./fixtures";
import {
  expectGoneBetween,
  gotoWithFrozenClock,
  notifications,
  settle,
  toastWith,
} from "./helpers";
import { pagePaths } from "../../common/paths";
import { INVALID_TOAST, errorSummary, openContactForm, showInvalidToast } from "./contact-form";

// The toasts the contact form raises: where they stand, how long they stay, the keyboard.

test.describe("toasts", () => {
  test("appear top-right with a running progress bar and a Dismiss button", async ({ page }) => {
    await gotoReady(page, pagePaths.contactUs);
    const toast = await showInvalidToast(page);

    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (box && viewport) {
      expect(box.y, "near the top").toBeLessThan(100);
      expect(viewport.width - (box.x + box.width), "near the right edge").toBeLessThan(48);
      expect(box.x, "in the right half").toBeGreaterThan(viewport.width / 2);
    }

    const bar = toast.locator(".toast-progress");
    await expect(bar).toBeVisible();
    const animation = await bar.evaluate((el) =>
      el.getAnimations().map((a) => ({
        state: a.playState,
        duration: a.effect?.getTiming().duration,
      })),
    );
    expect(animation).toEqual([{ state: "running", duration: 5000 }]);

    await toast.getByRole("button", { name: /dismiss/i }).click();
    await expect(toast).toHaveCount(0);
  });

  test("disappear after 5 seconds", async ({ page }) => {
    await gotoWithFrozenClock(page, pagePaths.contactUs);
    const toast = await showInvalidToast(page);

    await expectGoneBetween(page, toast, 4_800, 5_200);
  });

  test("do not disappear while hovered, and close 5 seconds after the pointer left", async ({
    page,
  }) => {
    await gotoWithFrozenClock(page, pagePaths.contactUs);
    const toast = await showInvalidToast(page);

    await toast.hover();
    await page.clock.runFor(20_000);
    await settle(page);
    await expect(toast).toBeVisible();
    // The progress bar stops too.
    expect(
      await toast.locator(".toast-progress").evaluate((el) => el.getAnimations()[0]?.playState),
    ).toBe("paused");

    await page.mouse.move(10, 700);
    await expectGoneBetween(page, toast, 4_000, 5_500);
  });

  test("Alt+T moves focus to the notifications, and Tab then reaches the Dismiss button", async ({
    page,
  }) => {
    await openContactForm(page);
    await showInvalidToast(page);
    await expect(errorSummary(page)).toBeFocused();

    await page.keyboard.press("Alt+KeyT");
    await expect(notifications(page)).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(
      toastWith(page, INVALID_TOAST).getByRole("button", { name: /dismiss/i }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toastWith(page, INVALID_TOAST)).toHaveCount(0);
  });
});
