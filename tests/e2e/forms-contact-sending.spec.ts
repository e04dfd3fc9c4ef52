import { expect, expectNoA11yViolations, test, waitForIslands } from "./fixtures";
import { contactForm, holdScripts, isHydrated, settle, toastWith } from "./helpers";
import { apiPaths, pagePaths } from "../../common/paths";
import { SUCCESS_TOAST, openContactForm, fillValid } from "./contact-form";

// The contact form on /contact-us sending through the real server: confirmed only once stored,
// the phone number kept, what was typed before the form came to life sent, one message a click.
// What the visitor is told when the send fails (500, 429, no connection, a refusal with field
// messages) is a component test: app/components/forms/contact-form-failures.test.tsx.

test.describe("contact form sending", () => {
  test("a valid message is stored by the server, then what happens next takes the form's place (no axe violations), and another message starts empty", async ({
    page,
  }) => {
    const form = await openContactForm(page);
    const values = await fillValid(form);

    const requestPromise = page.waitForRequest(
      (r) => new URL(r.url()).pathname === apiPaths.contact && r.method() === "POST",
    );
    const responsePromise = page.waitForResponse(
      (r) => new URL(r.url()).pathname === apiPaths.contact,
    );
    await form.submit.click();
    const request = await requestPromise;
    const response = await responsePromise;

    expect(request.postDataJSON()).toMatchObject({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      message: values.message,
      agreeToPolicy: true,
    });
    expect(response.status(), "the real server stored the lead").toBeGreaterThanOrEqual(200);
    expect(response.status()).toBeLessThan(300);

    await expect(toastWith(page, SUCCESS_TOAST)).toBeVisible();
    const panel = page.getByRole("region", { name: "Message sent successfully" });
    await expect(panel.getByRole("heading", { name: "Message sent successfully" })).toBeFocused();
    await expect(panel).toContainText("Our sales team will reply to the e-mail address you gave");
    await expect(panel).toContainText(`We will write to ${values.email}.`);
    await expect(panel).toContainText("Monday to Friday, 08:00 to 17:00 GMT (Accra time)");
    await expect(form.form).toHaveCount(0);
    await expectNoA11yViolations(page, "with what happens next and a toast shown");

    await panel.getByRole("button", { name: "Send another message" }).click();
    await expect(form.firstName).toBeFocused();
    await expect(form.firstName).toHaveValue("");
    await expect(form.lastName).toHaveValue("");
    await expect(form.email).toHaveValue("");
    await expect(form.phone).toHaveValue("");
    await expect(form.message).toHaveValue("");
    await expect(form.agree).not.toBeChecked();
    await expect(form.form.locator('[aria-invalid="true"]')).toHaveCount(0);
  });

  // The form comes to life after the page has painted (app/islands/): a visitor on a slow phone
  // may have typed by then, and what the page shows is what is sent.
  test("what was typed before the form came to life is what it sends", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(pagePaths.contactUs);
    const form = contactForm(page);
    const values = await fillValid(form);
    expect(await isHydrated(page)).toBe(false);
    release();
    await waitForIslands(page);
    const requestPromise = page.waitForRequest(
      (r) => new URL(r.url()).pathname === apiPaths.contact && r.method() === "POST",
    );
    await form.submit.click();
    expect((await requestPromise).postDataJSON()).toMatchObject({ ...values, agreeToPolicy: true });
    await expect(toastWith(page, SUCCESS_TOAST)).toBeVisible();
  });

  test("while sending, the button says so and a second click sends nothing more", async ({
    page,
  }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route(apiPaths.contact, async (route) => {
      calls++;
      await gate;
      await route.continue();
    });
    const form = await openContactForm(page);
    await fillValid(form);

    await form.submit.click();
    await expect(form.submit).toHaveText("Sending…");
    await expect(form.submit).toHaveAttribute("aria-disabled", "true");
    // aria-disabled keeps the button clickable for the visitor; force skips Playwright's own wait
    // for an enabled button, so the click lands while the first request is still pending.
    await form.submit.click({ force: true });
    await form.firstName.press("Enter");
    await settle(page);
    expect(calls, "requests while the first is pending").toBe(1);

    release();
    await expect(toastWith(page, SUCCESS_TOAST)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Message sent successfully" })).toBeVisible();
    await expect(toastWith(page, SUCCESS_TOAST)).toHaveCount(1);
    expect(calls, "requests in all").toBe(1);
  });
});
