import type { Locator, Request } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoReady, test } from "./fixtures";
import { demoForm, toastWith, randomTag } from "./helpers";
import { apiPaths, demoPaths } from "../../common/paths";

// The demo request form of the five demo pages, where only a browser tells: the Tab order (the
// honeypot skipped), the honeypot out of sight, a request sent for real and stored by the
// server, no axe violations with its messages and suggestions shown. The five pages share one
// form: its rules, messages and Industry suggestions are component tests
// (app/components/forms/demo-request-form.test.tsx, app/components/ui/combobox.test.tsx), and
// the product each page hands it is read from the built pages (tests/site/forms.test.ts).

const INVALID_TOAST = "Please fill in all the required fields";
const SUCCESS_TOAST = "We will reach out to you to schedule a demo";

type DemoForm = ReturnType<typeof demoForm>;

function sampleValues() {
  const stamp = `${Date.now()}-${randomTag()}`;
  return {
    name: "Kofi Boateng",
    email: `kofi.boateng.${stamp}@example.com`,
    phone: "0550000000",
    company: "Adom Rural Bank",
    jobTitle: "Head of Operations",
    industry: "Finance",
  };
}

const isDemoPost = (r: Request) =>
  new URL(r.url()).pathname === apiPaths.demo && r.method() === "POST";

async function expectEmpty(form: DemoForm) {
  for (const field of [form.name, form.email, form.phone, form.company, form.jobTitle]) {
    await expect(field).toHaveValue("");
  }
  await expect(form.industry).toHaveValue("");
}

test.describe("demo form by keyboard only", () => {
  test("Tab reaches each field in order and skips the hidden honeypot; the request is stored with the page's product, confirmed and the form resets", async ({
    page,
  }) => {
    await gotoReady(page, demoPaths["school-billing"]);
    const form = demoForm(page);
    const values = sampleValues();

    // Tab from the top of the page until the Name field has focus.
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await form.name.evaluate((el) => el === document.activeElement);
    }
    expect(reached, "Tab reaches the Name field").toBe(true);

    await page.keyboard.type(values.name);
    // Tab moves to each next field in order; type into it.
    const next: [Locator, string][] = [
      [form.email, values.email],
      [form.phone, values.phone],
      [form.company, values.company],
      [form.jobTitle, values.jobTitle],
      [form.industry, "fin"],
    ];
    for (const [field, text] of next) {
      await page.keyboard.press("Tab");
      await expect(field).toBeFocused();
      await page.keyboard.type(text);
    }
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(form.industry).toHaveValue("Finance");
    // The honeypot sits between Industry and Submit: Tab goes straight from one to the other.
    await page.keyboard.press("Tab");
    await expect(form.submit).toBeFocused();
    // With its neighbour (the focused button) on screen, the honeypot is nowhere to be seen.
    const honeypot = form.form.locator('input[name="website"]');
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).not.toBeInViewport();
    await expect(form.form.getByRole("textbox", { name: /website/i })).toHaveCount(0);

    const requestPromise = page.waitForRequest(isDemoPost);
    const responsePromise = page.waitForResponse(
      (r) => new URL(r.url()).pathname === apiPaths.demo,
    );
    await page.keyboard.press("Enter");
    const body = (await requestPromise).postDataJSON() as { product: string; formData: unknown };
    expect(body.product).toBe("school-billing");
    expect(body.formData).toEqual(values);
    const status = (await responsePromise).status();
    expect(status, "the real server stored the lead").toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(300);
    await expect(toastWith(page, SUCCESS_TOAST)).toBeVisible();
    // What happens next takes the form's place; its heading has the focus.
    const panel = page.getByRole("region", { name: "Thank you for your request" });
    await expect(panel.getByRole("heading")).toBeFocused();
    await expect(panel).toContainText(`We will write to ${values.email} or call ${values.phone}.`);
    await expect(panel).toContainText("Monday to Friday, 08:00 to 17:00 GMT (Accra time)");
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("button", { name: "Request another demo" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(form.name).toBeFocused();
    await expectEmpty(form);
  });
});

test.describe("demo form phone numbers", () => {
  test("a Ghanaian number is taken in four spellings, and 'abc' is refused with how to write one", async ({
    page,
  }) => {
    const phones: string[] = [];
    await page.route(apiPaths.demo, async (route) => {
      phones.push(
        (route.request().postDataJSON() as { formData: { phone: string } }).formData.phone,
      );
      await route.fulfill({ status: 201, contentType: "application/json", body: "{}" });
    });
    await gotoReady(page, demoPaths.aslan);
    const form = demoForm(page);
    const spellings = ["0241234567", "024 123 4567", "+233 24 123 4567", "233241234567"];
    for (const phone of spellings) {
      await form.name.fill("Kofi Boateng");
      await form.email.fill("kofi@example.com");
      await form.phone.fill(phone);
      await form.submit.click();
      await page.getByRole("button", { name: "Request another demo" }).click();
    }
    expect(phones).toEqual(spellings);

    await form.name.fill("Kofi Boateng");
    await form.email.fill("kofi@example.com");
    await form.phone.fill("abc");
    await form.submit.click();
    const message = "Enter a phone number, like 024 123 4567 or +233 24 123 4567";
    await page
      .getByRole("group", { name: "There is a problem" })
      .getByRole("link", { name: message })
      .click();
    await expect(form.phone).toBeFocused();
    await expect(form.phone).toHaveAccessibleDescription(
      `For example 024 123 4567 or +233 24 123 4567. ${message}`,
    );
    expect(phones).toHaveLength(4);
  });
});

test.describe("demo page accessibility", () => {
  test("no axe violations with the field errors, the toast and the suggestions shown", async ({
    page,
  }) => {
    await gotoReady(page, demoPaths.vas);
    const form = demoForm(page);
    await form.submit.click();
    await expect(toastWith(page, INVALID_TOAST)).toBeVisible();
    await expect(form.form.getByText("Enter your phone number").last()).toBeVisible();
    await form.industry.focus();
    await form.industry.press("ArrowDown");
    await expect(form.industry).toHaveAttribute("aria-activedescendant", /./);
    await expectNoA11yViolations(page, "with errors, a toast and the suggestions shown");
  });
});
