/**
 * The Chromium that the browser tests and the benchmark drive: Debian's, unless CHROMIUM_PATH
 * names another Chromium or Chrome (Playwright's own browser download cannot work on this kind
 * of machine). `npm run test:e2e` installs it first when missing: scripts/ensure-chromium.ts.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags that work for it in a container: no GPU, no sandbox, no background updates. */
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"];
