/**
 * Taps made the moment a page shows, on a mid-range phone over a mobile network: what the
 * browser test (tests/e2e/first-paint.spec.ts) checks and the benchmark (bench/first-paint.ts)
 * times. Each widget must answer before React has hydrated the page (app/widgets/).
 */
import type { BrowserContextOptions, CDPSession, Page } from "@playwright/test";
import { pagePaths } from "../common/paths";

/** Chromium with the CPU slowed 4× and a slow mobile network: 150 ms round trips, 1.6 Mbps. */
export async function emulateSlowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return cdp;
}

export const phone: BrowserContextOptions = {
  viewport: { width: 393, height: 851 },
  deviceScaleFactor: 2.75,
  isMobile: true,
  hasTouch: true,
};
/** A touch screen as wide as a laptop: the desktop navigation, tapped. */
export const wideTouchScreen: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  hasTouch: true,
};

export interface FirstPaintTap {
  widget: string;
  path: string;
  screen: BrowserContextOptions;
  /** Taps made first, also at first paint (opening the menu that holds the widget). */
  before?: (page: Page) => Promise<void>;
  tap: (page: Page) => Promise<void>;
  /** Runs in the page: true once the tap's effect shows. */
  effect: string;
}

const visibleText = (text: string) =>
  `[...document.querySelectorAll("body *")].some((e) => e.childElementCount === 0 && e.textContent.includes(${JSON.stringify(text)}) && e.checkVisibility())`;
const openDialog = `document.querySelector("dialog[open]") !== null`;

const openMobileMenu = (page: Page) => page.getByRole("button", { name: "Open menu" }).tap();

export const firstPaintTaps: FirstPaintTap[] = [
  {
    widget: "mobile menu: open",
    path: pagePaths.home,
    screen: phone,
    tap: openMobileMenu,
    effect: openDialog,
  },
  {
    widget: "mobile menu: a section",
    path: pagePaths.home,
    screen: phone,
    before: openMobileMenu,
    tap: (page) => page.getByRole("dialog").getByText("Company", { exact: true }).tap(),
    effect: visibleText("About Company"),
  },
  {
    widget: "mobile menu: close",
    path: pagePaths.home,
    screen: phone,
    before: openMobileMenu,
    tap: (page) => page.getByRole("button", { name: "Close menu" }).tap(),
    effect: `!(${openDialog})`,
  },
  {
    widget: "header dropdown",
    path: pagePaths.home,
    screen: wideTouchScreen,
    tap: (page) =>
      page
        .getByRole("navigation", { name: "Main" })
        .getByRole("button", { name: "Company", exact: true })
        .tap(),
    effect: visibleText("About Company"),
  },
  {
    widget: "FAQ accordion",
    path: pagePaths.helpCenter,
    screen: phone,
    tap: (page) => page.locator("#main details > summary").nth(1).tap(),
    // The second answer shows (the first question is open from the start).
    effect: `document.querySelectorAll("#main details")[1]?.querySelector("summary + *")?.checkVisibility() === true`,
  },
  {
    widget: "newsletter dialog: open",
    path: pagePaths.helpCenter,
    screen: phone,
    tap: (page) => page.getByRole("button", { name: "Subscribe to our newsletter" }).tap(),
    effect: openDialog,
  },
  {
    widget: "biography dialog: open",
    path: pagePaths.aboutUs,
    screen: phone,
    tap: (page) =>
      page
        .getByRole("button", { name: /Read biography of / })
        .first()
        .tap(),
    effect: openDialog,
  },
  {
    widget: "carousel: next slide",
    path: pagePaths.home,
    screen: phone,
    tap: (page) =>
      page
        .getByRole("region", { name: "Customer testimonials" })
        .getByRole("button", { name: "Next slide" })
        .tap(),
    effect: `document.querySelector('[aria-label="Customer testimonials"] [aria-label^="Show slide 2 of"]')?.getAttribute("aria-current") === "true"`,
  },
];

/**
 * Holds the page's JavaScript bundles back until the returned function is called, so the page
 * stays as prerendered, with only its inline script (app/first-paint.ts), for as long as needed.
 */
export async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export interface TapResult {
  widget: string;
  /** Milliseconds from the tap (the finger lifted) to the first frame that shows its effect. */
  tapToEffectMs: number;
  /** Whether React had hydrated the page when the tap was made (it should not have). */
  hydratedAtTap: boolean;
}

/** Records every tap (touch lifted) in the page, before any script of the page runs. */
export async function recordTaps(page: Page): Promise<void> {
  // A string, not a function: tsx (the benchmark's runner) would wrap a function's inner
  // functions in a naming helper that does not exist in the page.
  await page.addInitScript(`
    window.__taps = [];
    addEventListener("touchend", (event) => {
      window.__taps.push({
        at: event.timeStamp,
        hydrated: document.documentElement.dataset.hydrated === "true",
      });
    }, { capture: true });
  `);
}

/**
 * Loads the page on the slowed phone, waits for its first contentful paint, makes the taps and
 * returns when the last one's effect shows, with its timing. `beforeHydration`: React's modules
 * are held back until the taps are done, so they surely come before hydration (the browser test
 * needs that certainty; the benchmark times a real load).
 */
export async function tapAtFirstPaint(
  page: Page,
  tap: FirstPaintTap,
  { beforeHydration = false } = {},
): Promise<TapResult> {
  await recordTaps(page);
  await emulateSlowPhone(page);
  const release = beforeHydration ? await holdScripts(page) : () => {};
  await page.goto(tap.path, { waitUntil: "commit" });
  await page.waitForFunction(
    () => performance.getEntriesByName("first-contentful-paint").length > 0,
    null,
    { polling: 50 },
  );
  await tap.before?.(page);
  await tap.tap(page);
  // Timed in the page: checked at every animation frame, the value is the time of the first
  // frame that shows the effect.
  const shownAt = await page.waitForFunction(`(${tap.effect}) && performance.now()`, null, {
    polling: "raf",
  });
  const frame = (await shownAt.jsonValue()) as number;
  const taps = await page.evaluate(
    () => (window as unknown as { __taps: { at: number; hydrated: boolean }[] }).__taps,
  );
  const last = taps.at(-1);
  release();
  return {
    widget: tap.widget,
    tapToEffectMs: last ? frame - last.at : Number.NaN,
    hydratedAtTap: last?.hydrated ?? true,
  };
}
