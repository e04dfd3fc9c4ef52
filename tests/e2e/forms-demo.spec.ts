import type { Locator, Page, Request } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoReady, test } from "./fixtures";
import { demoForm, toastWith } from "./helpers";
import { apiPaths, demoPaths } from "../../common/paths";

// The demo request form of the five demo pages, which all post to /api/demo with their product.

const INVALID_TOAST = "Please fill in all the fields";
const SUCCESS_TOAST = "We will reach out to you to schedule a demo";
const INDUSTRIES = ["Technology", "Hospitality", "Education", "Finance", "Other"];

const DEMO_PAGES = [
  { path: demoPaths.aslan, product: "aslan" },
  { path: demoPaths.vas, product: "vas" },
  { path: demoPaths["pension-management"], product: "pension-management" },
  { path: demoPaths["school-billing"], product: "school-billing" },
  { path: demoPaths.banking, product: "banking" },
] as const;

type DemoForm = ReturnType<typeof demoForm>;

function sampleValues(industry = "Finance") {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: "Kofi Boateng",
    email: `kofi.boateng.${stamp}@example.com`,
    phone: "0550000000",
    company: "Adom Rural Bank",
    jobTitle: "Head of Operations",
    industry,
  };
}

const isDemoPost = (r: Request) =>
  new URL(r.url()).pathname === apiPaths.demo && r.method() === "POST";

/** The suggestions list the combobox controls (found through its aria-controls). */
async function listboxOf(page: Page, combobox: Locator) {
  const id = await combobox.getAttribute("aria-controls");
  expect(id, "aria-controls").toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

async function expectEmpty(form: DemoForm) {
  for (const field of [form.name, form.email, form.phone, form.company, form.jobTitle]) {
    await expect(field).toHaveValue("");
  }
  await expect(form.industry).toHaveValue("");
}

for (const { path, product } of DEMO_PAGES) {
  test.describe(`demo form on ${path}`, () => {
    test("an empty submit shows 'Please fill in all the fields' and the field messages, and sends nothing", async ({
      page,
    }) => {
      let requests = 0;
      page.on("request", (r) => {
        if (isDemoPost(r)) requests++;
      });
      await gotoReady(page, path);
      const form = demoForm(page);
      await form.submit.click();

      // The same text on every demo page, the VAS one included (no policy wording).
      await expect(toastWith(page, INVALID_TOAST)).toBeVisible();
      await expect(toastWith(page, /agree to the policy/)).toHaveCount(0);
      const fields: [Locator, string][] = [
        [form.name, "Your name is required"],
        [form.email, "Email is required"],
        [form.phone, "Phone Number is required"],
      ];
      for (const [field, message] of fields) {
        await expect(form.form.getByText(message, { exact: true })).toBeVisible();
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAccessibleDescription(message);
      }
      await expect(form.name).toBeFocused();
      for (const optional of [form.company, form.jobTitle, form.industry]) {
        await expect(optional).not.toHaveAttribute("aria-invalid", "true");
      }
      await page.waitForTimeout(250);
      expect(requests, "requests to /api/demo").toBe(0);
    });

    test(`a valid request is stored with product "${product}", confirmed and the form resets`, async ({
      page,
    }) => {
      await gotoReady(page, path);
      const form = demoForm(page);
      const values = sampleValues();
      await form.name.fill(values.name);
      await form.email.fill(values.email);
      await form.phone.fill(values.phone);
      await form.company.fill(values.company);
      await form.jobTitle.fill(values.jobTitle);
      await form.industry.fill(values.industry);

      const requestPromise = page.waitForRequest(isDemoPost);
      const responsePromise = page.waitForResponse(
        (r) => new URL(r.url()).pathname === apiPaths.demo,
      );
      await form.submit.click();
      const request = await requestPromise;
      const response = await responsePromise;

      const body = request.postDataJSON() as { product: string; formData: unknown };
      expect(body.product).toBe(product);
      expect(body.formData).toEqual(values);
      expect(response.status(), "the real server stored the lead").toBeGreaterThanOrEqual(200);
      expect(response.status()).toBeLessThan(300);

      await expect(toastWith(page, SUCCESS_TOAST)).toBeVisible();
      await expectEmpty(form);
    });
  });
}

test.describe("demo form, invalid e-mail", () => {
  test("'Email is invalid' for an address without a dot after the @", async ({ page }) => {
    await gotoReady(page, demoPaths.banking);
    const form = demoForm(page);
    await form.name.fill("Kofi");
    await form.email.fill("kofi@example");
    await form.phone.fill("0550000000");
    await form.submit.click();
    await expect(toastWith(page, INVALID_TOAST)).toBeVisible();
    await expect(form.email).toHaveAccessibleDescription("Email is invalid");
    await expect(form.email).toBeFocused();
    await form.email.pressSequentially(".com");
    await expect(form.form.getByText("Email is invalid")).toHaveCount(0);
  });
});

test.describe("industry combobox", () => {
  test.beforeEach(async ({ page }) => {
    await gotoReady(page, demoPaths.aslan);
  });

  test("is a combobox with aria-expanded that controls a listbox of the five suggestions", async ({
    page,
  }) => {
    const { industry } = demoForm(page);
    await expect(industry).toHaveAttribute("aria-expanded", "false");
    const listbox = await listboxOf(page, industry);
    await expect(listbox).toHaveAttribute("role", "listbox");
    await expect(listbox).toBeHidden();

    await industry.focus();
    await expect(industry).toHaveAttribute("aria-expanded", "true");
    await expect(listbox).toBeVisible();
    await expect(listbox.getByRole("option")).toHaveText(INDUSTRIES);
  });

  test("typing filters case-insensitively by substring", async ({ page }) => {
    const { industry } = demoForm(page);
    const listbox = await listboxOf(page, industry);
    await industry.pressSequentially("IN");
    await expect(listbox.getByRole("option")).toHaveText(["Finance"]);

    await industry.fill("");
    await industry.pressSequentially("o");
    await expect(listbox.getByRole("option")).toHaveText([
      "Technology",
      "Hospitality",
      "Education",
      "Other",
    ]);

    await industry.fill("");
    await industry.pressSequentially("TECH");
    await expect(listbox.getByRole("option")).toHaveText(["Technology"]);

    // No suggestion matches: the list closes, the typed text stays.
    await industry.pressSequentially("zzz");
    await expect(industry).toHaveAttribute("aria-expanded", "false");
    await expect(listbox).toBeHidden();
    await expect(industry).toHaveValue("TECHzzz");
  });

  test("ArrowDown and ArrowUp move the active option, Enter picks it and closes the list", async ({
    page,
  }) => {
    const { industry } = demoForm(page);
    const listbox = await listboxOf(page, industry);
    await industry.pressSequentially("o");
    const options = listbox.getByRole("option");
    await expect(options).toHaveCount(4);
    await expect(industry).not.toHaveAttribute("aria-activedescendant", /./);

    const activeIs = async (index: number) => {
      const id = await options.nth(index).getAttribute("id");
      expect(id).toBeTruthy();
      await expect(industry).toHaveAttribute("aria-activedescendant", id ?? "");
      await expect(options.nth(index)).toHaveAttribute("aria-selected", "true");
    };

    await industry.press("ArrowDown");
    await activeIs(0);
    await industry.press("ArrowDown");
    await activeIs(1);
    await industry.press("ArrowDown");
    await activeIs(2);
    await industry.press("ArrowUp");
    await activeIs(1);

    await industry.press("Enter");
    await expect(industry).toHaveValue("Hospitality");
    await expect(industry).toHaveAttribute("aria-expanded", "false");
    await expect(listbox).toBeHidden();
    await expect(industry).not.toHaveAttribute("aria-activedescendant", /./);
    await expect(industry).toBeFocused();
    // Picking a suggestion does not submit the form.
    await expect(toastWith(page, INVALID_TOAST)).toHaveCount(0);
  });

  test("Escape closes the list and keeps the typed text", async ({ page }) => {
    const { industry } = demoForm(page);
    const listbox = await listboxOf(page, industry);
    await industry.pressSequentially("e");
    await expect(industry).toHaveAttribute("aria-expanded", "true");
    await industry.press("ArrowDown");
    await industry.press("Escape");
    await expect(industry).toHaveAttribute("aria-expanded", "false");
    await expect(listbox).toBeHidden();
    await expect(industry).toHaveValue("e");
    await expect(industry).toBeFocused();
  });

  test("clicking a suggestion fills the field and closes the list", async ({ page }) => {
    const { industry } = demoForm(page);
    const listbox = await listboxOf(page, industry);
    await industry.click();
    await listbox.getByRole("option", { name: "Education" }).click();
    await expect(industry).toHaveValue("Education");
    await expect(industry).toHaveAttribute("aria-expanded", "false");
    await expect(listbox).toBeHidden();
  });

  test("free text such as 'Agriculture' is sent as the industry", async ({ page }) => {
    const form = demoForm(page);
    const values = sampleValues("Agriculture");
    await form.name.fill(values.name);
    await form.email.fill(values.email);
    await form.phone.fill(values.phone);
    await form.industry.fill(values.industry);

    const requestPromise = page.waitForRequest(isDemoPost);
    await form.submit.click();
    const body = (await requestPromise).postDataJSON() as {
      product: string;
      formData: { industry: string };
    };
    expect(body.product).toBe("aslan");
    expect(body.formData.industry).toBe("Agriculture");
    await expect(toastWith(page, SUCCESS_TOAST)).toBeVisible();
  });
});

test.describe("demo form by keyboard only", () => {
  test("can be filled and submitted with Tab, typing and Enter", async ({ page }) => {
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
    await page.keyboard.press("Tab");
    await expect(form.submit).toBeFocused();

    const requestPromise = page.waitForRequest(isDemoPost);
    await page.keyboard.press("Enter");
    const body = (await requestPromise).postDataJSON() as { product: string; formData: unknown };
    expect(body.product).toBe("school-billing");
    expect(body.formData).toEqual({ ...values, industry: "Finance" });
    await expect(toastWith(page, SUCCESS_TOAST)).toBeVisible();
    await expectEmpty(form);
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
    await expect(form.form.getByText("Phone Number is required")).toBeVisible();
    await form.industry.focus();
    await form.industry.press("ArrowDown");
    await expect(form.industry).toHaveAttribute("aria-activedescendant", /./);
    await expectNoA11yViolations(page, "with errors, a toast and the suggestions shown");
  });
});

test.describe("demo form honeypot", () => {
  test("every demo page has a 'website' field that is not visible and not reachable by Tab", async ({
    page,
  }) => {
    for (const { path } of DEMO_PAGES) {
      await gotoReady(page, path);
      const form = demoForm(page);
      const honeypot = form.form.locator('input[name="website"]');
      await expect(honeypot, path).toHaveCount(1);
      // With its neighbour (the button) on screen, the honeypot is still nowhere to be seen.
      await form.submit.scrollIntoViewIfNeeded();
      await expect(honeypot, path).not.toBeInViewport();
      await expect(form.form.getByRole("textbox", { name: /website/i })).toHaveCount(0);
      // The honeypot sits between Industry and Submit: Tab goes straight from one to the other.
      await form.industry.focus();
      await page.keyboard.press("Escape");
      await page.keyboard.press("Tab");
      await expect(form.submit, path).toBeFocused();
    }
  });
});
