import { consolePaths } from "../../common/paths";
import { site } from "../../common/site";
import { STAFF_INBOUND } from "../../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { header, waitForMailTo } from "./newsletter-mail";
import { STAFF_MAIL_DIR, sendToStaffInbound, visitorWhoWroteIn } from "./staff";

// Sales answer a lead from the console, often on a phone: the reply goes out by e-mail in their
// name, and the customer's answer comes back through the staff server's inbound listener to the
// lead's timeline (docs/decisions/0057).
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});

/** The customer's answer as a mail program writes it, the reply quoted below the new words. */
function answer(from: string, replyTo: string, words: string) {
  return [
    `From: Efua Mensah <${from}>`,
    `To: ${replyTo}`,
    `Subject: Re: your message to ${site.name}`,
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

test("a salesperson replies from the console, and the customer's answer lands in the timeline", async ({
  page,
  signedInAs,
}) => {
  const person = await visitorWhoWroteIn(page.request, "replies");
  const { name } = await signedInAs("sales");
  await page.goto(`${consolePaths.leads}?q=${encodeURIComponent(person)}`);
  await page.getByRole("link", { name: "Efua Mensah" }).tap();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Efua Mensah");
  await expect(page.getByRole("main")).toContainText("not answered yet");

  const reply = page.getByRole("textbox", { name: "Your reply" });
  const words = "Dear Efua,\nWe can visit your shop on Tuesday at 10.";
  await reply.fill(words);
  await expect(page.getByText(`${5000 - words.length} of 5000 characters left`)).toBeVisible();
  await page.getByRole("button", { name: "Send reply" }).tap();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("We can visit your shop on Tuesday at 10.");
  await expect(timeline).toContainText("Status: New → Contacted");
  await expect(page.getByRole("main")).not.toContainText("not answered yet");
  await expect(reply).toHaveValue("");
  await expectNoA11yViolations(page, "on a lead's page after a reply");

  // The e-mail went out in the rep's name, its Reply-To the lead's address at the inbound domain.
  const mail = await waitForMailTo(person, STAFF_MAIL_DIR, `Re: your message to ${site.name}`);
  expect(header(mail, "From")).toContain(`${name} at ${site.name}`);
  const replyTo = header(mail, "Reply-To") ?? "";
  expect(replyTo).toMatch(
    new RegExp(`^reply\\+\\w+@${STAFF_INBOUND.domain.replace(/\./g, "\\.")}$`),
  );

  await sendToStaffInbound(
    { from: person, to: replyTo },
    answer(person, replyTo, "Tuesday at 10 suits me. Please bring the card reader."),
  );

  // Read again until the listener has recorded it, as a person would reload.
  await expect(async () => {
    await page.reload();
    await expect(timeline).toContainText("Tuesday at 10 suits me. Please bring the card reader.");
  }).toPass({ timeout: 30_000 });
  await expect(timeline).toContainText(`Answer by e-mail from ${person}`);
  await expect(timeline).not.toContainText("Thank you for writing to us.");
});
