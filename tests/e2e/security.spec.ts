import { expect, gotoReady, test } from "./fixtures";
import { pagePaths } from "../../common/paths";

// Every page runs under a Content-Security-Policy without 'unsafe-inline' scripts. The
// fixture already fails any test on a console error, which is how Chromium reports a CSP
// violation, so the whole browser suite runs under this policy.

test("pages are served with a CSP that allows only their own inline scripts", async ({ page }) => {
  const response = await gotoReady(page, pagePaths.home);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response?.headers()["x-content-type-options"]).toBe("nosniff");
});

test.describe("an injected inline script", () => {
  test.use({ allowedErrors: [/Content Security Policy/] });

  test("is refused by the browser", async ({ page }) => {
    await gotoReady(page, pagePaths.home);
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (directive: string) => violations.push(directive));
    const ran = await page.evaluate(async () => {
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { reportViolation: (d: string) => void }).reportViolation(
          event.effectiveDirective,
        ),
      );
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations).toContain("script-src-elem");
  });
});

test("the innovation hub may frame only the forms provider", async ({ page }) => {
  const response = await gotoReady(page, pagePaths.innovationHub);
  const frameSrc = /frame-src ([^;]+)/.exec(response?.headers()["content-security-policy"] ?? "");
  const iframe = await page.locator("iframe").getAttribute("src");
  expect(frameSrc?.[1]).toBe(new URL(iframe ?? "").origin);
});
