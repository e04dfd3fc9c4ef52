import type { Locator, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoReady, test, waitForIslands } from "./fixtures";
import {
  contactForm,
  expectGoneBetween,
  gotoWithFrozenClock,
  holdScripts,
  isHydrated,
  notifications,
  settle,
  toastWith,
} from "./helpers";
import { apiPaths, pagePaths } from "../../common/paths";

// The contact form on /contact-us and its toasts: checked before sending, confirmed only once
// stored, the phone number kept, the honeypot.

const INVALID_TOAST = "Please fill in all the fields and agree to the policy";
const SUCCESS_TOAST = "Message sent successfully";
const FIELD_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Email is required",
  message: "Message is required",
  agreeToPolicy: "To send a message you must first agree to our privacy policy",
} as const;

/** The contact page, loaded, and its form. */
async function openContactForm(page: Page) {
  await gotoReady(page, pagePaths.contactUs);
  return contactForm(page);
}

type ContactForm = ReturnType<typeof contactForm>;

/** Values a visitor types; the e-mail address is unique per run so leads are told apart. */
function sampleValues() {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: "Ama",
    lastName: "Mensah",
    email: `ama.mensah.${stamp}@example.com`,
    phone: "+233 55 000 0000",
    message: "We would like to collect school fees by mobile money. Please call us.",
  };
}

async function fillValid(form: ContactForm, values = sampleValues()) {
  await form.firstName.fill(values.firstName);
  await form.lastName.fill(values.lastName);
  await form.email.fill(values.email);
  await form.phone.fill(values.phone);
  await form.message.fill(values.message);
  await form.agree.check();
  return values;
}

async function expectValuesKept(form: ContactForm, values: ReturnType<typeof sampleValues>) {
  await expect(form.firstName).toHaveValue(values.firstName);
  await expect(form.lastName).toHaveValue(values.lastName);
  await expect(form.email).toHaveValue(values.email);
  await expect(form.phone).toHaveValue(values.phone);
  await expect(form.message).toHaveValue(values.message);
  await expect(form.agree).toBeChecked();
}

/** Counts the requests the page sends to /api/contact. */
function countContactRequests(page: Page) {
  const counter = { count: 0 };
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === apiPaths.contact) counter.count++;
  });
  return counter;
}

/** Sends the empty contact form; returns the toast that says what is missing, once shown. */
async function showInvalidToast(page: Page) {
  await contactForm(page).submit.click();
  const toast = toastWith(page, INVALID_TOAST);
  await expect(toast).toBeVisible();
  return toast;
}

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

test.describe("toasts", () => {
  test("appear top-right with a running progress bar and a Dismiss button", async ({ page }) => {
    await gotoReady(page, pagePaths.contactUs);
    const toast = await showInvalidToast(page);

    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (box && viewport) {
      expect(box.y, "near the top").toBeLessThan(100);
      expect(viewport.width - (box.x + box.width), "near the right edge").toBeLessThan(48);
      expect(box.x, "in the right half").toBeGreaterThan(viewport.width / 2);
    }

    const bar = toast.locator(".toast-progress");
    await expect(bar).toBeVisible();
    const animation = await bar.evaluate((el) =>
      el.getAnimations().map((a) => ({
        state: a.playState,
        duration: a.effect?.getTiming().duration,
      })),
    );
    expect(animation).toEqual([{ state: "running", duration: 5000 }]);

    await toast.getByRole("button", { name: /dismiss/i }).click();
    await expect(toast).toHaveCount(0);
  });

  test("disappear after 5 seconds", async ({ page }) => {
    await gotoWithFrozenClock(page, pagePaths.contactUs);
    const toast = await showInvalidToast(page);

    await expectGoneBetween(page, toast, 4_800, 5_200);
  });

  test("do not disappear while hovered, and close 5 seconds after the pointer left", async ({
    page,
  }) => {
    await gotoWithFrozenClock(page, pagePaths.contactUs);
    const toast = await showInvalidToast(page);

    await toast.hover();
    await page.clock.runFor(20_000);
    await settle(page);
    await expect(toast).toBeVisible();
    // The progress bar stops too.
    expect(
      await toast.locator(".toast-progress").evaluate((el) => el.getAnimations()[0]?.playState),
    ).toBe("paused");

    await page.mouse.move(10, 700);
    await expectGoneBetween(page, toast, 4_000, 5_500);
  });

  test("Alt+T moves focus to the notifications, and Tab then reaches the Dismiss button", async ({
    page,
  }) => {
    const form = await openContactForm(page);
    await showInvalidToast(page);
    await expect(form.firstName).toBeFocused();

    await page.keyboard.press("Alt+KeyT");
    await expect(notifications(page)).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(
      toastWith(page, INVALID_TOAST).getByRole("button", { name: /dismiss/i }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toastWith(page, INVALID_TOAST)).toHaveCount(0);
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
