import { expect, expectNoA11yViolations, test } from "./fixtures";
import { FIELD_MESSAGES, openContactForm, showInvalidToast } from "./contact-form";

// The contact form on /contact-us before it sends, where only a browser tells: no axe
// violations with its messages shown, the honeypot out of sight and out of the Tab order. Its
// rules and messages (empty submit, bad address, a message cleared on edit, focus on the first
// field in error) are component tests: app/components/forms/contact-form.test.tsx.

test.describe("contact page accessibility", () => {
  test("no axe violations with the field errors and the error toast shown", async ({ page }) => {
    const form = await openContactForm(page);
    await showInvalidToast(page);
    await expect(form.form.getByText(FIELD_MESSAGES.agreeToPolicy)).toBeVisible();
    await expectNoA11yViolations(page, "with errors shown");
  });
});

test.describe("contact form honeypot", () => {
  test("has a 'website' field that is not visible and not reachable by Tab", async ({ page }) => {
    const form = await openContactForm(page);
    const honeypot = form.form.locator('input[name="website"]');
    await expect(honeypot).toHaveCount(1);
    // With its neighbour (the button) on screen, the honeypot is still nowhere to be seen.
    await form.submit.scrollIntoViewIfNeeded();
    await expect(honeypot).not.toBeInViewport();
    await expect(form.form.getByRole("textbox", { name: /website/i })).toHaveCount(0);

    // The honeypot sits between the policy checkbox (and its privacy policy link) and the
    // button: Tab skips it.
    await form.agree.focus();
    await page.keyboard.press("Tab");
    await expect(form.form.getByRole("link", { name: "privacy policy" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.submit).toBeFocused();

    // Walking the whole form with Tab never lands on it.
    await form.firstName.focus();
    const visited: string[] = [];
    for (let i = 0; i < 12; i++) {
      visited.push(
        await page.evaluate(
          () =>
            document.activeElement?.getAttribute("name") ?? document.activeElement?.tagName ?? "",
        ),
      );
      await page.keyboard.press("Tab");
    }
    expect(visited).not.toContain("website");
  });
});
