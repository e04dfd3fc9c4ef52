import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";
import { contactForm, demoForm, expectLandedOn, fillFields, uniqueAddress } from "./helpers";
import { E2E_DATA_DIR } from "../../playwright.config";
import { linkIn, subscriptionStatus, waitForMailTo } from "./newsletter-mail";
import {
  demoPaths,
  formStatusPaths,
  newsletterLinkPaths,
  newsletterStatusPaths,
  pagePaths,
} from "../../common/paths";

// A visitor on a slow phone may send a form before the page's JavaScript has started, or the
// JavaScript may fail to load. The form then posts itself; the lead must still be stored and the
// visitor told what happened on one of the pages of `formStatusPaths` (common/paths.ts).
test.use({ javaScriptEnabled: false });

const MAIL_DIR = fileURLToPath(new URL(`../../${E2E_DATA_DIR}/mail/`, import.meta.url));

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
  await page.goto(pagePaths.contactUs);
  const form = contactForm(page);
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
  await expectMailMentioning(email);
});

test("a demo request records the page's product", async ({ page }) => {
  await page.goto(demoPaths.banking);
  const form = demoForm(page);
  const email = uniqueAddress("nojs-demo");
  await fillFields(form, { name: "Kofi Boateng", email, phone: "0550000000" });
  await form.submit.click();

  await expectLandedOn(page, formStatusPaths.demoRequested, "Thank you for your request");
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

test("an incomplete form is not stored, and the visitor is told to go back", async ({ page }) => {
  await page.goto(pagePaths.contactUs);
  const form = contactForm(page);
  await form.firstName.fill("Ama");
  await form.submit.click();

  await expectLandedOn(page, formStatusPaths.notSent, "Your form was not sent");
  // The typed value is not put into the address bar (a form without method="post" would do so).
  expect(page.url()).not.toContain("Ama");
});
