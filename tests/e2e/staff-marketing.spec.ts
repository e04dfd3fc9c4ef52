import type { Page } from "@playwright/test";
import {
  apiPaths,
  consolePaths,
  demoPaths,
  newsletterLinkPaths,
  productPaths,
} from "../../common/paths";
import { expect, expectNoA11yViolations, gotoReady } from "./fixtures";
import { test } from "./staff-session";
import { demoForm, fillFields, randomTag } from "./helpers";
import { confirmSubscriber, header, linkIn, waitForMailTo } from "./newsletter-mail";
import { STAFF_MAIL_DIR, openConsolePage } from "./staff";

// What marketing does in the console: where leads come from (a visit that lands with campaign
// tags and sends a demo request shows its source on the lead: app/lib/visit-source.ts,
// leads/source.ts), the reports, the welcome e-mail, and campaigns.

/** Types a subject and a Markdown message in the editor and shows the preview; returns it. */
async function writeAndPreview(page: Page, subject: string, message: string) {
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page.getByRole("textbox", { name: "Message" }).fill(message);
  await page.getByRole("button", { name: "Preview" }).click();
  return page.getByRole("region", { name: "Preview" });
}

test("a demo request carries its visit's landing page and campaign to the lead's page", async ({
  page,
  signedInAs,
}) => {
  const campaign = `harmattan-${randomTag()}`;
  // Lands on a product page from a newsletter link; moves on to the demo form.
  await gotoReady(
    page,
    `${productPaths.banking}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`,
  );
  await gotoReady(page, demoPaths.banking);
  const form = demoForm(page);
  await fillFields(form, {
    name: "Abena Darko",
    email: `abena.${campaign}@example.com`,
    phone: "0240000000",
    company: "Darko Farms",
  });
  await form.submit.click();
  await expect(page.getByRole("heading", { name: "Thank you for your request" })).toBeVisible();

  await signedInAs("sales");
  await page.goto(`${consolePaths.leads}?q=${encodeURIComponent(`abena.${campaign}`)}`);
  await page.getByRole("link", { name: "Abena Darko" }).click();
  const whereFrom = page.getByRole("region", { name: "Where it came from" });
  await expect(whereFrom).toContainText(productPaths.banking);
  await expect(whereFrom).toContainText(demoPaths.banking);
  await expect(whereFrom).toContainText(campaign);
  await expect(whereFrom).toContainText("newsletter");
  await expect(whereFrom).toContainText("email");
});

test("marketing reads the reports: charts with their numbers as tables and CSV", async ({
  page,
  signedInAs,
}) => {
  const campaign = `dry-season-${randomTag()}`;
  const response = await page.request.post(apiPaths.subscribe, {
    data: { email: `ama.${campaign}@example.com`, source: { utmCampaign: campaign } },
  });
  expect(response.status()).toBe(202);

  await signedInAs("marketing");
  await openConsolePage(page, "Reports");
  const byCampaign = page.getByRole("figure", { name: "Leads by campaign" });
  // One lead from the campaign, none of it won or lost yet.
  await expect(byCampaign.getByRole("row", { name: `${campaign} 1 0 0` })).toBeVisible();
  await expect(byCampaign.getByRole("columnheader", { name: "Won" })).toBeVisible();
  await expect(byCampaign.getByRole("link", { name: "CSV of Leads by campaign" })).toHaveAttribute(
    "download",
    "leads-by-campaign.csv",
  );
  await expect(page.getByRole("figure", { name: "Leads per week" })).toBeVisible();
  await expectNoA11yViolations(page, "on the reports page");

  // Only newsletter sign-ups: no demo request among them.
  await page.getByRole("combobox", { name: "Lead type" }).selectOption("newsletter");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/type=newsletter/);
  await expect(page.getByRole("figure", { name: "Demo requests by product" })).toContainText(
    "No demo request in this period.",
  );
});

test("sales has no reports", async ({ page, signedInAs }) => {
  await signedInAs("sales");
  await expect(
    page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Reports" }),
  ).toHaveCount(0);
});

test("marketing edits, previews and saves the welcome e-mail", async ({ page, signedInAs }) => {
  const { email } = await signedInAs("marketing");
  await openConsolePage(page, "Welcome e-mail");
  await expectNoA11yViolations(page, "on the welcome e-mail page");

  const subject = `Akwaaba ${randomTag()}`;
  const preview = await writeAndPreview(
    page,
    subject,
    "**Thank you** for joining.\n\n<script>alert(1)</script>",
  );
  await expect(preview).toContainText(subject);
  await expect(preview.locator("strong")).toHaveText("Thank you");
  await expect(preview).toContainText("<script>alert(1)</script>");
  await expect(preview.locator("script")).toHaveCount(0);

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue(subject);
  await expect(page.getByRole("main")).toContainText(`by ${email}`);
});

test("marketing sends a test of the welcome e-mail's draft as typed, before saving it", async ({
  page,
  signedInAs,
}) => {
  const { email } = await signedInAs("marketing");
  await openConsolePage(page, "Welcome e-mail");
  const tag = randomTag();
  const subject = `Akwaaba draft ${tag}`;
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page.getByRole("textbox", { name: "Message" }).fill("Not saved, *only tested*.");
  const testTo = page.getByRole("textbox", { name: "Send a test to" });
  await expect(testTo).toHaveValue(email);
  const colleague = `yaw.${tag}@example.com`;

  // A bad address is named, and nothing is sent.
  await testTo.fill(`${colleague} yaw@`);
  await page.getByRole("button", { name: "Send a test" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "“yaw@” is not an e-mail address" }),
  ).toBeVisible();

  await testTo.fill(colleague);
  await page.getByRole("button", { name: "Send a test" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `on its way to ${colleague}` }),
  ).toBeVisible();
  const test = await waitForMailTo(colleague, STAFF_MAIL_DIR, `[Test] ${subject}`);
  expect(test.body).toContain("<em>only tested</em>");
  // Still a draft: the words stay, unsaved.
  await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue(subject);
  await expectNoA11yViolations(page, "after a test of the welcome e-mail");
});

test("marketing writes, previews, tests and sends a campaign; a copy unsubscribes with one click", async ({
  page,
  signedInAs,
}) => {
  // A subscriber who confirmed, as a visitor does.
  const tag = randomTag();
  const reader = `kofi.${tag}@example.com`;
  await confirmSubscriber(page, reader, STAFF_MAIL_DIR);

  const { email } = await signedInAs("marketing");
  await openConsolePage(page, "Campaigns");
  await page.getByRole("link", { name: "New campaign" }).click();

  const subject = `Harmattan news ${tag}`;
  const preview = await writeAndPreview(
    page,
    subject,
    "Akwaaba! **New**: pay school fees by USSD.\n\n[See how](https://example.com/ussd)",
  );
  await expect(preview.locator("strong")).toHaveText("New");
  await expect(preview.getByRole("link", { name: "See how" })).toHaveAttribute(
    "href",
    "https://example.com/ussd",
  );
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expectNoA11yViolations(page, "on a draft campaign");

  // How long sending takes at the server's rate, before anything is sent.
  await expect(page.getByRole("region", { name: "Send", exact: true })).toContainText(
    /At the configured rate of [\d,]+ e-mails? a minute, sending to [\d,]+ subscribers? takes (about|less than)/,
  );

  // A test copy to oneself (offered first) and a colleague: one each.
  const colleague = `esi.${tag}@example.com`;
  const testTo = page.getByRole("textbox", { name: "Send a test to" });
  await expect(testTo).toHaveValue(email);
  await testTo.fill(`${email},\n${colleague}`);
  await page.getByRole("button", { name: "Send a test" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `on their way to ${email}, ${colleague}` }),
  ).toBeVisible();
  for (const address of [email, colleague]) {
    const test = await waitForMailTo(address, STAFF_MAIL_DIR, `[Test] ${subject}`);
    expect(test.body).toContain("<strong>New</strong>");
  }

  // Send now, after saying yes to the question that names who gets it.
  await page.getByRole("button", { name: "Send now…" }).click();
  const question = page.getByRole("group", { name: /to \d+ confirmed subscribers? now\?/ });
  await expect(question).toBeFocused();
  // Escape backs out of the question, to the button that asked it.
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(page.getByRole("button", { name: "Send now…" })).toBeFocused();
  await page.getByRole("button", { name: "Send now…" }).click();
  await question.getByRole("button", { name: "Yes, send now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sending has started." })).toBeVisible();

  // The subscriber's copy carries their own one-click unsubscribe address (RFC 8058).
  const copy = await waitForMailTo(reader, STAFF_MAIL_DIR, subject);
  expect(header(copy, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const oneClick = /^<(.+)>$/.exec(header(copy, "List-Unsubscribe") ?? "")?.[1] ?? "";
  expect(new URL(oneClick).pathname).toBe(apiPaths.oneClickUnsubscribe);
  const pageLink = new URL(linkIn(copy, newsletterLinkPaths.unsubscribe));
  expect(pageLink.searchParams.get("token")).toBe(new URL(oneClick).searchParams.get("token"));
  const left = await page.request.post(oneClick, { form: { "List-Unsubscribe": "One-Click" } });
  expect(left.status()).toBe(200);

  // The report counts the copy and the subscriber who left since.
  await page.reload();
  const report = page.getByRole("region", { name: "Report" });
  // Read again every few seconds while it sends.
  await expect(report.getByRole("definition").nth(1)).toHaveText(/^[1-9]/, { timeout: 15_000 });
  await expect(report).toContainText(/Unsubscribed since\s*1/);
  await expectNoA11yViolations(page, "on a campaign's report");

  // The report and the list fit a phone's screen.
  await page.setViewportSize({ width: 360, height: 740 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await page.getByRole("link", { name: "All campaigns" }).click();
  await expect(page.getByRole("link", { name: subject })).toBeVisible();
  expect(await fits()).toBe(true);
});
