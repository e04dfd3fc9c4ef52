import type { CDPSession, Locator, Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";
import { gotoWithFrozenClock, holdScripts, isHydrated, settle } from "./helpers";
import { pagePaths } from "../../common/paths";

// The carousels: previous, next and one button per slide; the trust carousel's autoplay; swipes
// on touch screens; controls that answer before React hydrates; the slides without JavaScript.

/** Index of the slide a carousel shows, read from its "Show slide N of M" buttons. */
async function currentSlide(carousel: Locator) {
  return carousel
    .getByRole("button", { name: /^Show slide \d+ of \d+$/ })
    .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute("aria-current") === "true"));
}

test.describe("testimonials carousel (home)", () => {
  test("next from the last wraps to the first; previous from the first goes to the last", async ({
    page,
  }) => {
    await gotoReady(page, pagePaths.home);
    const carousel = page.getByRole("region", { name: "Customer testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    const first = carousel.getByText("Gifty Owusu-Ansah");
    const last = carousel.getByText("Kojo Appiah");
    await expect(carousel.getByRole("button", { name: /^Show slide/ })).toHaveCount(2);
    expect(await currentSlide(carousel)).toBe(0);
    await expect(first).toBeInViewport();

    const next = carousel.getByRole("button", { name: "Next slide" });
    const previous = carousel.getByRole("button", { name: "Previous slide" });
    await next.click();
    await expect.poll(() => currentSlide(carousel)).toBe(1);
    await expect(last).toBeInViewport();
    await next.click();
    await expect.poll(() => currentSlide(carousel)).toBe(0);
    await expect(first).toBeInViewport();
    await previous.click();
    await expect.poll(() => currentSlide(carousel)).toBe(1);
    await expect(last).toBeInViewport();
    await expect(first).not.toBeInViewport();
  });
});

test.describe("home trust carousel autoplay", () => {
  const name = "Security and API highlights";

  test("advances every 5000 ms and wraps around", async ({ page }) => {
    await gotoWithFrozenClock(page, pagePaths.home);
    const carousel = page.getByRole("region", { name });
    const start = await currentSlide(carousel);
    await page.clock.runFor(4000);
    await settle(page);
    expect(await currentSlide(carousel)).toBe(start);
    await page.clock.runFor(1000);
    await expect.poll(() => currentSlide(carousel)).toBe((start + 1) % 3);
    await page.clock.runFor(5000);
    await expect.poll(() => currentSlide(carousel)).toBe((start + 2) % 3);
    await page.clock.runFor(5000);
    await expect.poll(() => currentSlide(carousel)).toBe(start);
  });

  test("the pause button stops it and the play button restarts it", async ({ page }) => {
    await gotoWithFrozenClock(page, pagePaths.home);
    const carousel = page.getByRole("region", { name });
    const heading = page.getByRole("heading", { name: /Payments you can trust/ });
    await carousel.getByRole("button", { name: "Pause slide rotation" }).click();
    await expect(carousel.getByRole("button", { name: "Start slide rotation" })).toBeVisible();
    // Take the pointer and focus off the carousel, which pause it on their own.
    await heading.click();
    const paused = await currentSlide(carousel);
    await page.clock.runFor(20_000);
    await settle(page);
    expect(await currentSlide(carousel)).toBe(paused);

    await carousel.getByRole("button", { name: "Start slide rotation" }).click();
    await heading.click();
    await page.clock.runFor(5000);
    await expect.poll(() => currentSlide(carousel)).toBe((paused + 1) % 3);
  });

  test("hovering pauses it; leaving resumes it", async ({ page }) => {
    await gotoWithFrozenClock(page, pagePaths.home);
    const carousel = page.getByRole("region", { name });
    await carousel.getByRole("group", { name: /of 3$/ }).first().hover();
    const hovered = await currentSlide(carousel);
    await page.clock.runFor(20_000);
    await settle(page);
    expect(await currentSlide(carousel)).toBe(hovered);

    await page.mouse.move(5, 5);
    await page.clock.runFor(5000);
    await expect.poll(() => currentSlide(carousel)).toBe((hovered + 1) % 3);
  });

  test("does not autoplay for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoWithFrozenClock(page, pagePaths.home);
    const carousel = page.getByRole("region", { name });
    expect(await currentSlide(carousel)).toBe(0);
    await page.clock.runFor(20_000);
    await settle(page);
    expect(await currentSlide(carousel)).toBe(0);
    await expect(carousel.getByRole("button", { name: "Start slide rotation" })).toBeVisible();
  });
});

interface TouchDrag {
  /** Distance of the drag, in px (dx negative: to the left). */
  dx: number;
  dy: number;
  /** Moves on the way, and real time between them: 50 ms × 12 makes a slow drag. */
  steps?: number;
  stepMs?: number;
}

/**
 * A real touch drag from the middle of the carousel's slides, through the DevTools protocol, so
 * Chromium turns it into touch pointer events and decides itself about scrolling the page.
 */
async function touchDrag(
  page: Page,
  carousel: Locator,
  { dx, dy, steps = 6, stepMs = 0 }: TouchDrag,
) {
  const viewport = carousel.locator("[data-carousel-viewport]");
  await viewport.scrollIntoViewIfNeeded();
  const box = await viewport.boundingBox();
  if (!box) throw new Error("the carousel has no box");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const touch = (
    type: "touchStart" | "touchMove" | "touchEnd",
    points: { x: number; y: number }[],
  ) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
  await touch("touchStart", [{ x, y }]);
  for (let i = 1; i <= steps; i++) {
    if (stepMs) await page.waitForTimeout(stepMs);
    await touch("touchMove", [{ x: x + (dx * i) / steps, y: y + (dy * i) / steps }]);
  }
  await touch("touchEnd", []);
  await cdp.detach();
  return box.width;
}

/** The slides' width: drags are measured against it. */
async function slideWidth(carousel: Locator) {
  const box = await carousel.locator("[data-carousel-viewport]").boundingBox();
  if (!box) throw new Error("the carousel has no box");
  return box.width;
}

test.describe("swipes on a touch screen", () => {
  test.use({ hasTouch: true });
  const testimonials = (page: Page) => page.getByRole("region", { name: "Customer testimonials" });
  const track = (carousel: Locator) => carousel.locator("[data-carousel-track]");

  test("a long swipe to the left shows the next slide, to the right the previous", async ({
    page,
  }) => {
    await gotoReady(page, pagePaths.home);
    const carousel = testimonials(page);
    // Longer than half a slide: it moves however slowly the machine delivers the touches (a
    // short one counts only as a flick, under 300 ms).
    const long = Math.round((await slideWidth(carousel)) * 0.7);
    await touchDrag(page, carousel, { dx: -long, dy: 0 });
    await expect.poll(() => currentSlide(carousel)).toBe(1);
    await expect(carousel.getByText("Kojo Appiah")).toBeInViewport();
    await touchDrag(page, carousel, { dx: long, dy: 10 });
    await expect.poll(() => currentSlide(carousel)).toBe(0);
    await expect(carousel.getByText("Gifty Owusu-Ansah")).toBeInViewport();
    // From the first slide, a swipe to the right wraps around to the last.
    await touchDrag(page, carousel, { dx: long, dy: 0 });
    await expect.poll(() => currentSlide(carousel)).toBe(1);
  });

  test("a 3 px move is not a swipe", async ({ page }) => {
    await gotoReady(page, pagePaths.home);
    const carousel = testimonials(page);
    await touchDrag(page, carousel, { dx: -3, dy: 0, steps: 3 });
    await settle(page);
    expect(await currentSlide(carousel)).toBe(0);
  });

  test("a mostly vertical gesture (60° from horizontal) scrolls, and the slide stays", async ({
    page,
  }) => {
    await gotoReady(page, pagePaths.home);
    const carousel = testimonials(page);
    const length = 240;
    const angle = (60 * Math.PI) / 180;
    await touchDrag(page, carousel, {
      dx: -length * Math.cos(angle),
      dy: -length * Math.sin(angle),
    });
    await settle(page);
    expect(await currentSlide(carousel)).toBe(0);
    await expect(track(carousel)).toHaveCSS("transform", "matrix(1, 0, 0, 1, 0, 0)");
  });

  test("a slow drag of 40% of the width snaps back; one of 60% moves on", async ({ page }) => {
    await gotoReady(page, pagePaths.home);
    const carousel = testimonials(page);
    const width = await slideWidth(carousel);
    await touchDrag(page, carousel, { dx: -0.4 * width, dy: 0, steps: 12, stepMs: 50 });
    await settle(page);
    expect(await currentSlide(carousel)).toBe(0);
    await expect(track(carousel)).toHaveCSS("transform", "matrix(1, 0, 0, 1, 0, 0)");

    await touchDrag(page, carousel, { dx: -0.6 * width, dy: 0, steps: 12, stepMs: 50 });
    await expect.poll(() => currentSlide(carousel)).toBe(1);
    await expect(track(carousel)).toHaveCSS("transform", `matrix(1, 0, 0, 1, ${-width}, 0)`);
  });

  test("under reduced motion it does not autoplay, swipes still work and do not start it", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoWithFrozenClock(page, pagePaths.home);
    const carousel = page.getByRole("region", { name: "Security and API highlights" });
    await page.clock.runFor(20_000);
    await settle(page);
    expect(await currentSlide(carousel)).toBe(0);
    await touchDrag(page, carousel, { dx: -0.7 * (await slideWidth(carousel)), dy: 0 });
    await expect.poll(() => currentSlide(carousel)).toBe(1);
    await expect(carousel.getByRole("button", { name: "Start slide rotation" })).toBeVisible();
    await page.clock.runFor(20_000);
    await settle(page);
    expect(await currentSlide(carousel)).toBe(1);
  });
});

test("a tap on Next works before React hydrates, and hydration keeps the slide", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto(pagePaths.home, { waitUntil: "commit" });
  const carousel = page.getByRole("region", { name: "Customer testimonials" });
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect.poll(() => currentSlide(carousel)).toBe(1);
  await expect(carousel.getByText("Kojo Appiah")).toBeInViewport();
  expect(await isHydrated(page)).toBe(false);

  release();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  expect(await currentSlide(carousel)).toBe(1);
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect.poll(() => currentSlide(carousel)).toBe(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the slides are a strip scrolled sideways; the controls, which could not work, are hidden", async ({
    page,
  }) => {
    await page.goto(pagePaths.home);
    const carousel = page.getByRole("region", { name: "Customer testimonials" });
    await expect(carousel.getByRole("button", { name: "Next slide" })).toBeHidden();
    const viewport = carousel.locator("[data-carousel-viewport]");
    await viewport.scrollIntoViewIfNeeded();
    await expect(carousel.getByText("Kojo Appiah")).not.toBeInViewport();
    await viewport.evaluate((element) => element.scrollBy({ left: element.clientWidth }));
    await expect(carousel.getByText("Kojo Appiah")).toBeInViewport();
  });
});
