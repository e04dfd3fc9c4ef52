import { expect, gotoReady, test } from "./fixtures";
import { pagePaths } from "../../common/paths";

// Every page runs under a Content-Security-Policy without 'unsafe-inline' scripts. The
// fixture already fails any test on a console error, which is how Chromium reports a CSP
// violation, so the whole browser suite runs under this policy. The policy's header itself is
// checked without a browser (tests/site/answers.test.ts).

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
