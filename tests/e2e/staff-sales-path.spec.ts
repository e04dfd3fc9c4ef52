import type { Page } from "@playwright/test";
import { consolePaths } from "../../common/paths";
import { site } from "../../common/site";
import { routingApi } from "../../staff-api/routing";
import { STAFF_INBOUND } from "../../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { escapeRegExp } from "./helpers";
import { header, linkIn, waitForMailTo } from "./newsletter-mail";
import {
  SIGNED_OUT_ERRORS,
  STAFF_MAIL_DIR,
  addStaffAccount,
  demoRequest,
  sendToStaffInbound,
  staffAddress,
  visitorAddress,
} from "./staff";

// The whole way of a lead, as sales live it on a phone: a demo request comes in, the lead routing
// makes a salesperson its owner, who opens it from the e-mail that says so (signing in on the
// way), answers from the console, and reads the customer's answer, which came back by e-mail
// through the staff server's inbound listener, in the lead's timeline
// (docs/staff-console.md, "Working the leads"; the reply+ addresses: docs/decisions/0057).
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  // Opened signed out, the e-mail's link asks the API who is signed in and gets 401 first.
  allowedErrors: SIGNED_OUT_ERRORS,
});

/** The product this spec's rule routes: no other staff spec asks for its demo. */
const PRODUCT = "school-billing";

/** As an admin, through the API as the console's Lead routing page calls it: `product`'s demo requests go to `owner` first. */
async function routeDemosOf(page: Page, owner: string) {
  const current = await page.request.get(routingApi.get.path);
  expect(current.status(), await current.text()).toBe(200);
  const { rules } = (await current.json()) as { rules: object[] };
  const saved = await page.request.put(routingApi.update.path, {
    headers: { "if-match": current.headers().etag ?? "" },
    data: { rules: [{ type: "demo", product: PRODUCT, owner }, ...rules] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The customer's answer as a mail program writes it, the reply quoted below the new words. */
function answer(from: string, replyTo: string, subject: string, words: string) {
  return [
    `From: Efua Mensah <${from}>`,
    `To: ${replyTo}`,
    `Subject: ${subject}`,
    `Message-ID: <answer-${Date.now()}@visitor.example>`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    words,
    "",
    `On Mon, 7 Dec 2026 at 10:02, someone at ${site.name} wrote:`,
    "> Thank you for writing to us.",
    "",
  ].join("\r\n");
}

test("a demo request routed to its owner, opened from their e-mail, answered, and the customer's answer in the timeline", async ({
  page,
  signedInAs,
}) => {
  // An admin routes this product's demo requests to a salesperson, then signs out.
  const owner = staffAddress("owner");
  const ownerName = "Abena Owusu";
  addStaffAccount(owner, "sales", ownerName);
  await signedInAs("admin");
  await routeDemosOf(page, owner);
  await page.context().clearCookies();

  // A visitor asks for a demo, as the form posts it.
  const person = visitorAddress("path");
  const company = await demoRequest(page.request, "Efua Mensah", {
    product: PRODUCT,
    email: person,
  });

  // The owner is told by e-mail, and follows its link: signed out, through the sign-in page,
  // whose e-mailed link brings them back to the lead (its `next`).
  const notice = await waitForMailTo(
    owner,
    STAFF_MAIL_DIR,
    `Lead for you (Demo request): Efua Mensah, ${company}`,
  );
  const leadLink = new RegExp(
    `https?://[^\\s"<>/]+${escapeRegExp(consolePaths.leads)}/[\\w%-]+`,
  ).exec(notice.body)?.[0];
  expect(leadLink, notice.body).toBeTruthy();
  const leadPath = new URL(leadLink ?? "").pathname;
  await page.goto(leadLink ?? "");
  await expect(page).toHaveURL(`${consolePaths.signIn}?next=${encodeURIComponent(leadPath)}`);
  await page.getByLabel("Work e-mail").fill(owner);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).tap();
  await expect(page.getByRole("status")).toContainText("sign-in link is on its way");
  const signIn = await waitForMailTo(
    owner,
    STAFF_MAIL_DIR,
    `Sign in to the ${site.name} staff console`,
  );
  await page.goto(linkIn(signIn, consolePaths.signIn));
  await page.getByRole("button", { name: "Sign in", exact: true }).tap();
  await expect(page).toHaveURL(leadPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Efua Mensah");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText(`Lead routing gave it to ${ownerName}`);
  await expect(page.getByRole("main")).toContainText("Time to first response: not answered yet");

  // The owner replies from the console.
  const reply = page.getByRole("textbox", { name: "Your reply" });
  const words = "Dear Efua,\nWe can show you School Billing on Tuesday at 10.";
  await reply.fill(words);
  await expect(page.getByText(`${5000 - words.length} of 5000 characters left`)).toBeVisible();
  await page.getByRole("button", { name: "Send reply" }).tap();
  await expect(timeline).toContainText("We can show you School Billing on Tuesday at 10.");
  await expect(timeline).toContainText("Status: New → Contacted");
  await expect(reply).toHaveValue("");
  // The time from the request to this reply: seconds or minutes, as the run goes.
  await expect(page.getByRole("main")).toContainText(
    /Time to first response: \d+ (s|min)( \d+ s)?/,
  );
  await expectNoA11yViolations(page, "on a lead's page after a reply");

  // The e-mail went out in the owner's name, its Reply-To the lead's address at the inbound domain.
  const subject = `Re: your demo request to ${site.name}`;
  const mail = await waitForMailTo(person, STAFF_MAIL_DIR, subject);
  expect(header(mail, "From")).toContain(`${ownerName} at ${site.name}`);
  const replyTo = header(mail, "Reply-To") ?? "";
  expect(replyTo).toMatch(new RegExp(`^reply\\+\\w+@${escapeRegExp(STAFF_INBOUND.domain)}$`));

  // The customer answers; their mail server delivers it to the staff server's inbound listener.
  await sendToStaffInbound(
    { from: person, to: replyTo },
    answer(
      person,
      replyTo,
      `Re: ${subject}`,
      "Tuesday at 10 suits us. Please bring a demo account.",
    ),
  );
  // Read again until the listener has recorded it, as a person would reload.
  await expect(async () => {
    await page.reload();
    await expect(timeline).toContainText("Tuesday at 10 suits us. Please bring a demo account.");
  }).toPass({ timeout: 30_000 });
  await expect(timeline).toContainText(`Answer by e-mail from ${person}`);
  await expect(timeline).not.toContainText("Thank you for writing to us.");
});
