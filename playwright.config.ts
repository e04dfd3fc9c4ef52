import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_BROWSER } from "./scripts/chromium";
import { apiPaths } from "./common/paths";

const PORT = Number(process.env.E2E_PORT ?? 4310);
/** The test server's data (SQLite, mail files), fresh for every run; one folder per port. */
export const E2E_DATA_DIR = `./data/e2e-${PORT}`;
/**
 * The staff console's tests get a server of their own, at `localhost`: passkeys (WebAuthn) need
 * a secure context whose relying party is a domain, and 127.0.0.1 is none.
 */
const STAFF_PORT = PORT + 1;
export const STAFF_ORIGIN = `http://localhost:${STAFF_PORT}`;
export const STAFF_DATA_DIR = `./data/e2e-${STAFF_PORT}`;
// Matched against the whole path: only the file name counts (a checkout under a folder named
// "staff…" must not make every spec a staff spec).
const STAFF_SPECS = /(^|\/)staff[^/]*\.spec\.ts$/;
/**
 * The staff server's return path (docs/mail-deliverability.md): its inbound SMTP listener takes
 * the bounces a test sends, and its sending-domain check asks the DNS server a test starts.
 */
export const STAFF_INBOUND = {
  domain: "bounces.example.com",
  // As `openssl rand -base64 32` makes them: the server refuses a secret made by hand.
  secret: "Vd3kP9x+Qm1sT7bW0cYh4nLr2eZ8gJ6uA5fN1oKiXw0=",
  smtpPort: STAFF_PORT + 2,
  dnsPort: STAFF_PORT + 3,
};

const serverEnv = (port: number, dataDir: string, publicUrl: string) => ({
  PORT: String(port),
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  DATA_DIR: dataDir,
  // Links in e-mails (newsletter confirmation, staff sign-in) point back at this server.
  PUBLIC_URL: publicUrl,
  // Every test posts from 127.0.0.1; the limits themselves are covered by the API tests.
  RATE_LIMIT_MAX: "10000",
});

/**
 * Browser tests run against the production build served by the real server (npm test builds
 * first). They drive Debian's Chromium: Playwright's own browser download cannot work here.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // Limits to catch a hang, not to time anything: npm test runs these beside the unit tests on a
  // 2-core machine that other work shares, where a console test with several axe runs took more
  // than Playwright's default 30 s, and an auto-waiting assertion can wait more than its 5 s.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    launchOptions: {
      executablePath: TEST_BROWSER.path,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: "desktop",
      testIgnore: STAFF_SPECS,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "staff",
      testMatch: STAFF_SPECS,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        baseURL: STAFF_ORIGIN,
      },
    },
    {
      name: "phone",
      // A mid-range Android phone; only the specs that care about the small layout run here.
      testMatch: /(routes|layout|mobile).*\.spec\.ts/,
      use: { ...devices["Pixel 5"], browserName: "chromium" },
    },
  ],
  webServer: [
    {
      // The compiled server, as `npm start` runs it (npm test builds before the browser tests).
      command: `rm -rf ${E2E_DATA_DIR} && node build/server/main.js`,
      url: `http://127.0.0.1:${PORT}${apiPaths.health}`,
      reuseExistingServer: false,
      env: serverEnv(PORT, E2E_DATA_DIR, `http://127.0.0.1:${PORT}`),
    },
    {
      command: `rm -rf ${STAFF_DATA_DIR} && node build/server/main.js`,
      url: `http://127.0.0.1:${STAFF_PORT}${apiPaths.health}`,
      reuseExistingServer: false,
      // Limits off (0): every staff test signs in from the same loopback client, and the sign-in
      // limit per client (server/staff/sign-in/rate-limit.ts) would stop the suite part-way. The API tests
      // cover the limits themselves.
      env: {
        ...serverEnv(STAFF_PORT, STAFF_DATA_DIR, STAFF_ORIGIN),
        RATE_LIMIT_MAX: "0",
        INBOUND_MAIL_DOMAIN: STAFF_INBOUND.domain,
        INBOUND_MAIL_SECRET: STAFF_INBOUND.secret,
        INBOUND_SMTP_PORT: String(STAFF_INBOUND.smtpPort),
        DNS_SERVER: `127.0.0.1:${STAFF_INBOUND.dnsPort}`,
      },
    },
  ],
});
