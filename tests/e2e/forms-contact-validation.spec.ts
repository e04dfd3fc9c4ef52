import { expect, expectNoA11yViolations, test } from "./fixtures";
import { FIELD_MESSAGES, errorSummary, openContactForm, showInvalidToast } from "./contact-form";

// The contact form on /contact-us before it sends, where only a browser tells: no axe
// violations with its messages shown, the honeypot out of sight and out of the Tab order. Its
// rules and messages (empty submit, bad address, a message cleared on edit, focus on the first
// field in error) are component tests: app/components/forms/contact-form.test.tsx; every field's
// maxlength is contact-form-limits.test.tsx's. The message box's count is checked here once, as a
// visitor types near the limit, because only a browser stops the typing at it.

test.describe("contact page accessibility", () => {
  test("on a 320 px screen: the summary takes the focus, its link brings the field into view, no axe violations", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const form = await openContactForm(page);
    await showInvalidToast(page);
    const summary = errorSummary(page);
    await expect(summary).toBeFocused();
    await expect(form.form.getByText(FIELD_MESSAGES.agreeToPolicy).last()).toBeVisible();
    await expectNoA11yViolations(page, "with errors shown");
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );

    await summary.getByRole("link", { name: FIELD_MESSAGES.message }).click();
    await expect(form.message).toBeFocused();
    await expect(form.message).toBeInViewport();
  });

  test("the message box counts down near 5,000 characters and takes no more", async ({ page }) => {
    const form = await openContactForm(page);
    await form.message.fill("a".repeat(4_500));
    await expect(form.form.getByText("You have 500 characters remaining")).toBeVisible();
    await form.message.fill("a".repeat(4_999));
    await form.message.press("End");
    await form.message.pressSequentially("xyz");
    await expect(form.message).toHaveValue(`${"a".repeat(4_999)}x`);
    await expect(form.form.getByText("You have 0 characters remaining")).toBeVisible();
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
