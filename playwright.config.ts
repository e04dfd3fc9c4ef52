import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium";
import { apiPaths } from "./common/paths";

const PORT = Number(process.env.E2E_PORT ?? 4310);
/** The test server's data (SQLite, mail files), fresh for every run; one folder per port. */
export const E2E_DATA_DIR = `./data/e2e-${PORT}`;

/**
 * Browser tests run against the production build served by the real server (npm test builds
 * first). They drive Debian's Chromium: Playwright's own browser download cannot work here.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      // A mid-range Android phone; only the specs that care about the small layout run here.
      testMatch: /(routes|layout|mobile).*\.spec\.ts/,
      use: { ...devices["Pixel 5"], browserName: "chromium" },
    },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (npm test builds before the browser tests).
    command: `rm -rf ${E2E_DATA_DIR} && node build/server/main.js`,
    url: `http://127.0.0.1:${PORT}${apiPaths.health}`,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: E2E_DATA_DIR,
      // Links in e-mails (newsletter confirmation) point back at this server.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // Every test posts from 127.0.0.1; the limit itself is covered by the API tests.
      RATE_LIMIT_MAX: "10000",
    },
  },
});
