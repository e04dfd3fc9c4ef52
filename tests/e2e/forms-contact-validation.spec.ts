import type { Locator } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { settle, toastWith } from "./helpers";
import { apiPaths } from "../../common/paths";
import {
  INVALID_TOAST,
  SUCCESS_TOAST,
  FIELD_MESSAGES,
  openContactForm,
  fillValid,
  countContactRequests,
  showInvalidToast,
} from "./contact-form";

// The contact form on /contact-us before it sends: each field checked, the honeypot out of
// sight and reach, no axe violations with its messages shown.

test.describe("contact form validation", () => {
  test("an empty submit shows the toast and every field message, focuses the first field and sends nothing", async ({
    page,
  }) => {
    const requests = countContactRequests(page);
    const form = await openContactForm(page);
    await form.submit.click();

    await expect(toastWith(page, INVALID_TOAST)).toBeVisible();
    for (const message of Object.values(FIELD_MESSAGES)) {
      await expect(form.form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.firstName).toBeFocused();

    const fields: [Locator, string][] = [
      [form.firstName, FIELD_MESSAGES.firstName],
      [form.lastName, FIELD_MESSAGES.lastName],
      [form.email, FIELD_MESSAGES.email],
      [form.message, FIELD_MESSAGES.message],
      [form.agree, FIELD_MESSAGES.agreeToPolicy],
    ];
    for (const [field, message] of fields) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(message);
    }
    // Phone is optional: never marked invalid.
    await expect(form.phone).not.toHaveAttribute("aria-invalid", "true");

    await settle(page);
    expect(requests.count, "requests to /api/contact").toBe(0);
  });

  test("a bad e-mail address shows 'Email is invalid', gets focus and sends nothing", async ({
    page,
  }) => {
    const requests = countContactRequests(page);
    const form = await openContactForm(page);
    await fillValid(form);
    await form.email.fill("ama.mensah@example");
    await form.submit.click();

    await expect(toastWith(page, INVALID_TOAST)).toBeVisible();
    await expect(form.form.getByText("Email is invalid", { exact: true })).toBeVisible();
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    await expect(form.email).toHaveAccessibleDescription("Email is invalid");
    await expect(form.email).toBeFocused();
    await expect(form.firstName).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.email).toHaveValue("ama.mensah@example");

    await settle(page);
    expect(requests.count, "requests to /api/contact").toBe(0);
  });

  test("an error clears as soon as its field is edited", async ({ page }) => {
    const form = await openContactForm(page);
    await form.submit.click();
    await expect(form.form.getByText(FIELD_MESSAGES.firstName)).toBeVisible();

    await form.firstName.pressSequentially("A");
    await expect(form.form.getByText(FIELD_MESSAGES.firstName)).toHaveCount(0);
    await expect(form.firstName).not.toHaveAttribute("aria-invalid", "true");
    // The other messages stay until their own field is edited.
    await expect(form.form.getByText(FIELD_MESSAGES.lastName)).toBeVisible();
    await expect(form.form.getByText(FIELD_MESSAGES.message)).toBeVisible();

    await form.message.pressSequentially("H");
    await expect(form.form.getByText(FIELD_MESSAGES.message)).toHaveCount(0);

    await form.agree.check();
    await expect(form.form.getByText(FIELD_MESSAGES.agreeToPolicy)).toHaveCount(0);
    await expect(form.agree).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.form.getByText(FIELD_MESSAGES.lastName)).toBeVisible();
    await expect(form.form.getByText(FIELD_MESSAGES.email)).toBeVisible();
  });
});

test.describe("contact page accessibility", () => {
  test("no axe violations with the field errors and the error toast shown", async ({ page }) => {
    const form = await openContactForm(page);
    await showInvalidToast(page);
    await expect(form.form.getByText(FIELD_MESSAGES.agreeToPolicy)).toBeVisible();
    await expectNoA11yViolations(page, "with errors shown");
  });

  test("no axe violations with the success toast shown", async ({ page }) => {
    await page.route(apiPaths.contact, (route) =>
      route.fulfill({ status: 201, contentType: "application/json", body: "{}" }),
    );
    const form = await openContactForm(page);
    await fillValid(form);
    await form.submit.click();
    await expect(toastWith(page, SUCCESS_TOAST)).toBeVisible();
    await expectNoA11yViolations(page, "with a toast shown");
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
