import { readdir, readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { expect, expectNoA11yViolations, test, waitForIslands } from "./fixtures";
import { contactForm, demoForm, expectLandedOn, fillFields, uniqueAddress } from "./helpers";
import { E2E_DATA_DIR } from "../../playwright.config";
import { linkIn, subscriptionStatus, waitForMailTo } from "./newsletter-mail";
import {
  apiPaths,
  demoPaths,
  formStatusPaths,
  newsletterLinkPaths,
  newsletterStatusPaths,
  pagePaths,
} from "../../common/paths";

// A visitor on a slow phone may send a form before the page's JavaScript has started, or the
// JavaScript may fail to load. The form then posts itself; the lead must still be stored and the
// visitor told what happened on one of the pages of `formStatusPaths` (common/paths.ts), or,
// when a field fails a check, shown the form's own page again with what to fix.
// On a phone-sized screen, as most visitors are.
test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

const MAIL_DIR = fileURLToPath(new URL(`../../${E2E_DATA_DIR}/mail/`, import.meta.url));

/** The contact page as the browser shows it without its script, and its form. */
async function contactFormWithoutScript(page: Page) {
  await page.goto(pagePaths.contactUs);
  return contactForm(page);
}

/** Proof the server stored the lead: the notification it queued went out with the address. */
async function expectMailMentioning(address: string) {
  await expect
    .poll(
      async () => {
        const files = (await readdir(MAIL_DIR).catch(() => [])).filter((f) => f.endsWith(".eml"));
        for (const file of files) {
          if ((await readFile(`${MAIL_DIR}${file}`, "utf8")).includes(address)) return true;
        }
        return false;
      },
      { message: `an e-mail mentioning ${address}` },
    )
    .toBe(true);
}

test("the contact form sends a message and lands on a page that says so", async ({ page }) => {
  const form = await contactFormWithoutScript(page);
  const email = uniqueAddress("nojs-contact");
  await fillFields(form, {
    firstName: "Ama",
    lastName: "Mensah",
    email,
    message: "Please call me back.",
  });
  await form.agree.check();
  await form.submit.click();

  await expectLandedOn(page, formStatusPaths.messageSent, "Message sent successfully");
  // What happens next, in the words the form with JavaScript shows (app/content/form-outcomes.ts).
  await expect(page.getByRole("main")).toContainText(
    "Our sales team will reply to the e-mail address you gave, usually within one working day.",
  );
  await expectMailMentioning(email);
});

test("a demo request records the page's product", async ({ page }) => {
  await page.goto(demoPaths.banking);
  const form = demoForm(page);
  const email = uniqueAddress("nojs-demo");
  await fillFields(form, { name: "Kofi Boateng", email, phone: "0550000000" });
  await form.submit.click();

  await expectLandedOn(page, formStatusPaths.demoRequested, "Thank you for your request");
  await expect(page.getByRole("main")).toContainText("or call the phone number you gave");
  await expectMailMentioning(email);
});

test("the home page's newsletter sign-up sends the confirmation e-mail", async ({ page }) => {
  await page.goto(pagePaths.home);
  const email = uniqueAddress("nojs-newsletter");
  await page.getByPlaceholder("Enter your email").first().fill(email);
  await page.getByRole("button", { name: "Subscribe" }).first().click();

  await expectLandedOn(page, formStatusPaths.checkInbox, "Check your inbox");
  await expectMailMentioning(email);
});

test("the buttons on the pages the newsletter e-mail links to confirm and unsubscribe", async ({
  page,
}) => {
  const email = uniqueAddress("nojs-links");
  await page.goto(pagePaths.home);
  await page.getByPlaceholder("Enter your email").first().fill(email);
  await page.getByRole("button", { name: "Subscribe" }).first().click();
  await expect(page).toHaveURL(formStatusPaths.checkInbox);
  const mail = await waitForMailTo(email);

  // The pages are the same static HTML for everyone; the token travels in their address.
  await page.goto(linkIn(mail, newsletterLinkPaths.confirm));
  expect(subscriptionStatus(email), "opening the link confirms nothing").toBe("pending");
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expectLandedOn(page, newsletterStatusPaths.confirmed, "You are subscribed");
  expect(subscriptionStatus(email)).toBe("confirmed");

  await page.goto(linkIn(mail, newsletterLinkPaths.unsubscribe));
  expect(subscriptionStatus(email), "opening the link unsubscribes nobody").toBe("confirmed");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expectLandedOn(page, newsletterStatusPaths.unsubscribed, "You are unsubscribed");
  expect(subscriptionStatus(email)).toBe("unsubscribed");
});

/** The box at the top of a refused form (app/components/forms/error-summary.tsx). */
const errorSummary = (page: Page) => page.getByRole("group", { name: "There is a problem" });

test.describe("a refused form", () => {
  // The browser logs the page answered with status 400 as a failed load.
  test.use({ allowedErrors: [/status of 400/] });

  test("an invalid contact form comes back with what was typed, the summary and each message", async ({
    page,
  }) => {
    const form = await contactFormWithoutScript(page);
    const email = uniqueAddress("nojs-refused");
    // Twi and Arabic as typed: the page sent back shows them unchanged.
    await fillFields(form, {
      firstName: "Ɛkuwa",
      email: "ama@",
      phone: "abc",
      message: "مرحبا, ɛte sɛn?",
    });
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await form.submit.click();

    expect((await answer).status()).toBe(400);
    await expect(page).toHaveTitle(/^Error: Contact Us/);
    const summary = errorSummary(page);
    await expect(summary).toBeFocused();
    await expect(form.firstName).toHaveValue("Ɛkuwa");
    await expect(form.message).toHaveValue("مرحبا, ɛte sɛn?");
    await expect(form.phone).toHaveValue("abc");
    await expect(form.phone).toHaveAttribute("aria-invalid", "true");
    await expect(form.firstName).not.toHaveAttribute("aria-invalid");
    // The typed values are in the page, never in the address bar.
    expect(page.url()).not.toContain("Ama");

    // Without JavaScript the summary's link is a plain jump to its field.
    await summary.getByRole("link", { name: "Enter your last name" }).click();
    await expect(form.lastName).toBeInViewport();
    expect(new URL(page.url()).hash).toBe(`#${await form.lastName.getAttribute("id")}`);

    await fillFields(form, { lastName: "Mensah", email, phone: "024 123 4567" });
    await form.agree.check();
    await form.submit.click();
    await expectLandedOn(page, formStatusPaths.messageSent, "Message sent successfully");
    await expectMailMentioning(email);
  });

  test("an invalid demo request comes back to its product's page", async ({ page }) => {
    await page.goto(demoPaths.banking);
    const form = demoForm(page);
    await fillFields(form, { name: "Kofi Boateng", email: "kofi@example.com" });
    await form.submit.click();

    await expect(page).toHaveTitle(/^Error: .*Core Banking/);
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page).getByRole("link")).toHaveText(["Enter your phone number"]);
    await expect(form.name).toHaveValue("Kofi Boateng");
    await expect(form.email).toHaveValue("kofi@example.com");
  });

  test.describe("once the page's JavaScript runs", () => {
    test.use({ javaScriptEnabled: true });

    test("the page keeps the values and messages it came back with, and has no axe violation", async ({
      page,
    }) => {
      await page.goto(pagePaths.contactUs);
      // A form posted by the browser itself, as the contact form is before its script has run.
      await page.evaluate(
        ({ action, fields }) => {
          const form = document.createElement("form");
          form.method = "post";
          form.action = action;
          for (const [name, value] of Object.entries(fields)) {
            form.append(Object.assign(document.createElement("input"), { name, value }));
          }
          document.body.append(form);
          form.submit();
        },
        { action: apiPaths.contact, fields: { firstName: "Ama", email: "ama@", message: "Hi" } },
      );
      await expect(page).toHaveTitle(/^Error: Contact Us/);
      await waitForIslands(page);

      const form = contactForm(page);
      await expect(form.firstName).toHaveValue("Ama");
      await expect(form.email).toHaveAttribute("aria-invalid", "true");
      await expect(errorSummary(page).getByRole("link")).toHaveCount(3);
      await expectNoA11yViolations(page, "on the refused form's page");
    });
  });
});
