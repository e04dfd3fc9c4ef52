import type { Page } from "@playwright/test";
import { expect, gotoReady, test, waitForIslands } from "./fixtures";
import { contactForm, holdScripts, isHydrated, settle, toastWith } from "./helpers";
import { apiPaths, pagePaths } from "../../common/paths";
import { SUCCESS_TOAST, openContactForm, fillValid, expectValuesKept } from "./contact-form";

// The contact form on /contact-us sending: confirmed only once stored, the phone number kept,
// what was typed before the form came to life sent, one message a click.

test.describe("contact form sending", () => {
  test("a valid message is stored by the server, confirmed and the form resets", async ({
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
    await expect(form.submit).toHaveText("Send Message");
    await expect(toastWith(page, SUCCESS_TOAST)).toHaveCount(1);
    expect(calls, "requests in all").toBe(1);
  });

  test.describe("when the send fails", () => {
    // Chromium logs the failed request as a console error; provoking it is the point here.
    test.use({ allowedErrors: [/Failed to load resource/] });

    const failures: {
      name: string;
      answer: Parameters<Page["route"]>[1];
      toast: RegExp;
    }[] = [
      {
        name: "a server error (500)",
        answer: (route) =>
          route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ error: "Internal Server Error" }),
          }),
        toast: /could not save your details.*try again/i,
      },
      {
        name: "too many requests (429, Retry-After: 30)",
        answer: (route) =>
          route.fulfill({
            status: 429,
            headers: { "Retry-After": "30" },
            contentType: "application/json",
            body: JSON.stringify({ error: "Too Many Requests" }),
          }),
        toast: /wait 30 seconds.*try again/i,
      },
      {
        name: "a network failure",
        answer: (route) => route.abort("failed"),
        toast: /could not reach our server.*connection.*try again/i,
      },
    ];

    for (const failure of failures) {
      test(`${failure.name}: an error toast says what to do and the typed values stay`, async ({
        page,
      }) => {
        await page.route(apiPaths.contact, failure.answer);
        await gotoReady(page, pagePaths.contactUs);
        const form = contactForm(page);
        const values = await fillValid(form);
        await form.submit.click();

        const toast = toastWith(page, failure.toast);
        await expect(toast).toBeVisible();
        await expect(toast.getByRole("alert")).toBeAttached();
        await expect(toastWith(page, SUCCESS_TOAST)).toHaveCount(0);
        await expect(form.submit).toHaveText("Send Message");
        await expectValuesKept(form, values);
      });
    }

    test("a refusal with field messages (400): the toast asks to check, the field shows its message", async ({
      page,
    }) => {
      await page.route(apiPaths.contact, (route) =>
        route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({
            error: "Some fields are missing or invalid",
            fields: { email: "Email is invalid" },
          }),
        }),
      );
      await gotoReady(page, pagePaths.contactUs);
      const form = contactForm(page);
      const values = await fillValid(form);
      await form.submit.click();

      await expect(toastWith(page, /check the highlighted fields and try again/i)).toBeVisible();
      await expect(form.email).toHaveAttribute("aria-invalid", "true");
      await expect(form.email).toHaveAccessibleDescription("Email is invalid");
      await expect(toastWith(page, SUCCESS_TOAST)).toHaveCount(0);
      await expectValuesKept(form, values);
    });
  });
});
