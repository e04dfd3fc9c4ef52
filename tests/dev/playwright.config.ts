import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { apiPaths } from "../../common/paths";
import { CHROMIUM_ARGS, TEST_BROWSER } from "../../scripts/chromium";
import { freePort } from "../../scripts/free-port";
import { REPO_ROOT } from "../../scripts/repo-root";

// `npm run dev` in a browser: a config of its own, since the other browser tests run against the
// build served by the compiled server. `npx playwright test -c tests/dev`. The port is picked
// once, by the runner, and its workers read it from the environment they inherit.
process.env.DEV_E2E_PORT ??= String(await freePort());
const PORT = Number(process.env.DEV_E2E_PORT);
/**
 * The dev server's data: its SQLite database, where a test makes a marketing account. Absolute:
 * the web server's command runs in this folder, the tests in the repository's.
 */
export const DATA_DIR = path.join(REPO_ROOT, "data", `e2e-dev-${PORT}`);

export default defineConfig({
  testDir: ".",
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "off",
    launchOptions: { executablePath: TEST_BROWSER.path, args: CHROMIUM_ARGS },
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && npm run dev`,
    url: `http://localhost:${PORT}${apiPaths.health}`,
    reuseExistingServer: false,
    // Vite's first transforms and the API's start under tsx take a while on a busy machine.
    timeout: 240_000,
    env: { PORT: String(PORT), DATA_DIR },
  },
});
