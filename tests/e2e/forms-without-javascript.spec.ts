import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";
import { uniqueAddress } from "./helpers";
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
  const form = page.getByRole("form", { name: "Send us a message" });
  const email = uniqueAddress("nojs-contact");
  await form.getByRole("textbox", { name: "First name", exact: true }).fill("Ama");
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Mensah");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Please call me back.");
  await form.getByRole("checkbox", { name: /agree to the privacy policy/i }).check();
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page).toHaveURL(formStatusPaths.messageSent);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message sent successfully");
  await expectMailMentioning(email);
});

test("a demo request records the page's product", async ({ page }) => {
  await page.goto(demoPaths.banking);
  const form = page.getByRole("form", { name: "Request a demo" });
  const email = uniqueAddress("nojs-demo");
  await form.getByRole("textbox", { name: "Name", exact: true }).fill("Kofi Boateng");
  await form.getByRole("textbox", { name: "Email Address", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Phone Number", exact: true }).fill("0550000000");
  await form.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(formStatusPaths.demoRequested);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your request");
  await expectMailMentioning(email);
});

test("the home page's newsletter sign-up sends the confirmation e-mail", async ({ page }) => {
  await page.goto(pagePaths.home);
  const email = uniqueAddress("nojs-newsletter");
  await page.getByPlaceholder("Enter your email").first().fill(email);
  await page.getByRole("button", { name: "Subscribe" }).first().click();

  await expect(page).toHaveURL(formStatusPaths.checkInbox);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
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
  await expect(page).toHaveURL(newsletterStatusPaths.confirmed);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  expect(subscriptionStatus(email)).toBe("confirmed");

  await page.goto(linkIn(mail, newsletterLinkPaths.unsubscribe));
  expect(subscriptionStatus(email), "opening the link unsubscribes nobody").toBe("confirmed");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page).toHaveURL(newsletterStatusPaths.unsubscribed);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
  expect(subscriptionStatus(email)).toBe("unsubscribed");
});

test("an incomplete form is not stored, and the visitor is told to go back", async ({ page }) => {
  await page.goto(pagePaths.contactUs);
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByRole("textbox", { name: "First name", exact: true }).fill("Ama");
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page).toHaveURL(formStatusPaths.notSent);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your form was not sent");
  // The typed value is not put into the address bar (a form without method="post" would do so).
  expect(page.url()).not.toContain("Ama");
});
