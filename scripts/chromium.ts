/**
 * The Chromium builds this project drives, both Debian's (Playwright's own browser download
 * cannot work on this kind of machine). `npm run test:e2e` installs the tests' one first when
 * missing: scripts/ensure-chromium.ts.
 */

/** A Chromium binary and the Debian package that installs it. */
export interface Browser {
  path: string;
  debianPackage: string;
}

/**
 * The browser tests: Chromium's headless shell, the build Playwright itself runs headless tests
 * in. It renders with the same engine and about twice as fast here as the full browser in its
 * headless mode (decision 0046). CHROMIUM_PATH names another Chromium or Chrome.
 */
export const TEST_BROWSER: Browser = {
  path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  debianPackage: "chromium-headless-shell",
};

/** The benchmark: the full browser, as visitors run it (Lighthouse measures this one). */
export const BENCH_BROWSER: Browser = {
  path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  debianPackage: "chromium",
};

/** The benchmark's binary. */
export const CHROMIUM_PATH = BENCH_BROWSER.path;

/** Flags that work for both in a container: no GPU, no sandbox, no background updates. */
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"];
