import type { Locator, Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";
import { gotoWithFrozenClock, settle, toastWith } from "./helpers";
import { pagePaths } from "../../common/paths";
import { INVALID_TOAST } from "./contact-form";

// Toasts dragged or swiped away, and their progress bar for visitors who prefer reduced motion.
// The contact form sent empty raises the toast used here.

async function showToast(page: Page) {
  await page
    .getByRole("form", { name: "Send us a message" })
    .getByRole("button", { name: "Send Message" })
    .click();
  const toast = toastWith(page, INVALID_TOAST);
  await expect(toast).toBeVisible();
  return toast;
}

/** The contact page with the toast of an empty form shown. */
async function contactPageWithToast(page: Page) {
  await gotoReady(page, pagePaths.contactUs);
  return showToast(page);
}

/** The part of a toast that moves with the pointer (the list item itself stays put). */
const card = (toast: Locator) => toast.locator(":scope > div");

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return box;
}

/** The toast springs back to where it was (`before`) and stays. */
async function expectBackInPlace(toast: Locator, before: { x: number }) {
  await expect.poll(async () => (await boxOf(card(toast))).x).toBeCloseTo(before.x, 0);
  await expect(toast).toBeVisible();
}

/**
 * Where a drag starts: inside the toast, near its right end and bottom, clear of the close
 * button. Drags go left, so the pointer stays in the window.
 */
async function dragStart(toast: Locator) {
  const box = await boxOf(card(toast));
  return { box, x: box.x + box.width * 0.9, y: box.y + box.height - 10 };
}

async function mouseDrag(page: Page, toast: Locator, share: number) {
  const { box, x, y } = await dragStart(toast);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - box.width * share, y, { steps: 12 });
  await page.mouse.up();
  return box;
}

test.describe("toasts dragged with a mouse", () => {
  test("a drag past 80 % of the width dismisses the toast", async ({ page }) => {
    const toast = await contactPageWithToast(page);
    await mouseDrag(page, toast, 0.85);
    await expect(toast).toHaveCount(0);
  });

  test("a shorter drag lets the toast spring back, and it stays", async ({ page }) => {
    const toast = await contactPageWithToast(page);
    const before = await mouseDrag(page, toast, 0.6);
    await expectBackInPlace(toast, before);
  });

  test("following the pointer while dragging", async ({ page }) => {
    const toast = await contactPageWithToast(page);
    const { box, x, y } = await dragStart(toast);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 100, y, { steps: 5 });
    await expect.poll(async () => (await boxOf(card(toast))).x).toBeCloseTo(box.x - 100, 0);
    await page.mouse.up();
    await expect.poll(async () => (await boxOf(card(toast))).x).toBeCloseTo(box.x, 0);
  });
});

test.describe("toasts swiped on a touch screen", () => {
  test.use({ hasTouch: true });

  /** A real one-finger swipe (Chromium's input pipeline), so the page sees touch pointers. */
  async function swipe(page: Page, toast: Locator, share: number) {
    const { box, x, y } = await dragStart(toast);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step++) {
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x: x - (box.width * share * step) / 10, y }],
      });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
    return box;
  }

  test("a swipe past 80 % dismisses the toast; a shorter one does not", async ({ page }) => {
    const toast = await contactPageWithToast(page);
    const before = await swipe(page, toast, 0.5);
    await expectBackInPlace(toast, before);

    await swipe(page, toast, 0.9);
    await expect(toast).toHaveCount(0);
  });

  test("a tap on the close button still closes the toast", async ({ page }) => {
    const toast = await contactPageWithToast(page);
    await toast.getByRole("button", { name: "Dismiss notification" }).tap();
    await expect(toast).toHaveCount(0);
  });
});

test.describe("toasts under reduced motion", () => {
  test("the progress bar shows the time left without animating", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoWithFrozenClock(page, pagePaths.contactUs);
    const toast = await showToast(page);
    const bar = toast.locator(".toast-progress");
    await settle(page);

    expect(await bar.evaluate((el) => el.getAnimations().length), "animations").toBe(0);
    const full = (await boxOf(bar)).width;
    expect(full).toBeGreaterThan(100);
    const share = async () => (await boxOf(bar)).width / full;

    await page.clock.runFor(2_000);
    await expect.poll(share).toBeCloseTo(0.6, 1);
    await page.clock.runFor(2_000);
    await expect.poll(share).toBeCloseTo(0.2, 1);
    await page.clock.runFor(1_200);
    await expect(toast).toHaveCount(0);
  });
});
