import { site } from "../../common/site";
import { STAFF_INBOUND } from "../../playwright.config";
import { startTestDnsServer } from "../../server/mail/domain/dns-server.testing";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { confirmSubscriber, header, waitForMailTo } from "./newsletter-mail";
import { STAFF_MAIL_DIR, openConsolePage, saveCampaignDraft, sendToStaffInbound } from "./staff";
import { randomTag } from "./helpers";

// What comes back from subscriber mail, in the console (docs/mail-deliverability.md): the
// sending domain's DNS records as an admin checks them, and a bounce that comes back through the
// staff server's inbound listener showing in the campaign's report and on the suppression list.

/** The staff test server's From domain: MAIL_FROM's default (server/config.ts). */
const FROM_DOMAIN = new URL(site.url).hostname.replace(/^www\./, "");

test("an admin sees which DNS records the sending domain lacks, and the record to publish", async ({
  page,
  signedInAs,
}) => {
  // The staff server asks this DNS server (DNS_SERVER in playwright.config.ts): SPF and the
  // inbound MX are published, DMARC is not.
  const dns = await startTestDnsServer(
    {
      txt: { [FROM_DOMAIN]: ["v=spf1 mx include:_spf.provider.example ~all"] },
      mx: { [STAFF_INBOUND.domain]: [{ priority: 10, exchange: `mx.${FROM_DOMAIN}` }] },
    },
    STAFF_INBOUND.dnsPort,
  );
  try {
    await signedInAs("admin");
    await openConsolePage(page, "Sending domain");
    const dmarc = page.getByRole("region", { name: "DMARC: Not OK" });
    await expect(dmarc).toContainText("DMARC is missing");
    await expect(dmarc.locator("pre")).toHaveText("v=DMARC1; p=quarantine");
    await expect(dmarc).toContainText(`_dmarc.${FROM_DOMAIN}`);
    await expect(page.getByRole("region", { name: "SPF: OK" })).toContainText(
      "v=spf1 mx include:_spf.provider.example ~all",
    );
    await expect(page.getByRole("region", { name: "Return path (inbound MX): OK" })).toContainText(
      `10 mx.${FROM_DOMAIN}`,
    );
    // This server does not sign: the page says what to set.
    await expect(page.getByRole("region", { name: "DKIM: Not OK" })).toContainText(
      "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE",
    );
    await expectNoA11yViolations(page, "on the Sending domain page");
  } finally {
    await dns.close();
  }
});

/** A delivery status notification (RFC 3464) saying `recipient`'s mailbox does not exist. */
function hardBounce(recipient: string, returnPath: string, messageId: string) {
  const boundary = "dsn-boundary-e2e";
  return [
    "From: Mail Delivery System <MAILER-DAEMON@mx.example.net>",
    `To: ${returnPath}`,
    "Subject: Undelivered Mail Returned to Sender",
    `Message-ID: <dsn-${Date.now()}@mx.example.net>`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain",
    "",
    `Your message to ${recipient} could not be delivered: no such mailbox.`,
    `--${boundary}`,
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.net",
    "",
    `Final-Recipient: rfc822; ${recipient}`,
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 No such user here",
    `--${boundary}`,
    "Content-Type: text/rfc822-headers",
    "",
    `Message-ID: ${messageId}`,
    `To: ${recipient}`,
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

test("a bounced copy shows in the campaign's report and on the suppression list", async ({
  page,
  signedInAs,
}) => {
  const tag = randomTag();
  const subject = `Bounce check ${tag}`;
  // A subscriber who confirmed, as a visitor does.
  const reader = `gone.${tag}@example.com`;
  await confirmSubscriber(page, reader, STAFF_MAIL_DIR);

  // Marketing sends a campaign.
  await signedInAs("marketing");
  await saveCampaignDraft(page, subject, "Akwaaba.");
  await page.getByRole("button", { name: "Send now…" }).click();
  await page.getByRole("button", { name: "Yes, send now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sending has started." })).toBeVisible();
  const campaignPage = page.url();

  // Its copy went out with our return path as envelope sender; the mailbox bounces it there.
  const copy = await waitForMailTo(reader, STAFF_MAIL_DIR, subject);
  const returnPath = /^<(bounce\+[^>]+)>$/.exec(header(copy, "Return-Path") ?? "")?.[1];
  expect(returnPath, `a bounce+ Return-Path in ${copy.file}`).toMatch(
    new RegExp(`@${STAFF_INBOUND.domain.replace(/\./g, "\\.")}$`),
  );
  await sendToStaffInbound(
    { from: "", to: returnPath as string },
    hardBounce(reader, returnPath as string, header(copy, "Message-ID") ?? ""),
  );

  // The report counts the recipient as bounced (read again until the listener has recorded it).
  await page.goto(campaignPage);
  const states = page.getByRole("table", { name: "Where each recipient stands" });
  await expect(async () => {
    await page.reload();
    await expect(states.getByRole("row", { name: /^Bounced: no such mailbox/ })).toBeVisible();
  }).toPass({ timeout: 30_000 });
  await expect(states.getByRole("row", { name: /^All recipients/ })).toBeVisible();
  await expectNoA11yViolations(page, "on a report with a bounce");

  // And the address is on the suppression list, as a hard bounce that cannot be lifted.
  await openConsolePage(page, "Suppressions");
  await page.getByRole("searchbox", { name: "Search by e-mail" }).fill(reader);
  await page.getByRole("button", { name: "Apply filters" }).click();
  const row = page.getByRole("listitem").filter({ hasText: reader });
  await expect(row).toContainText("Hard bounce: the mailbox does not exist");
  await expect(row).toContainText(/5\.1\.1|No such user here/);
  await expect(row.getByRole("button")).toHaveCount(0);
  await expectNoA11yViolations(page, "on the suppression list");
});

test("marketing adds an address by hand, and lifts it again after saying yes", async ({
  page,
  signedInAs,
}) => {
  const email = `asked.${randomTag()}@example.com`;
  await signedInAs("marketing");
  await openConsolePage(page, "Suppressions");
  const add = page.getByRole("region", { name: "Add an address" });
  await add.getByRole("textbox", { name: "E-mail" }).fill(email);
  await add.getByRole("textbox", { name: /^Note/ }).fill("Asked by phone");
  await add.getByRole("button", { name: "Add to the list" }).click();
  await expect(add.getByRole("status")).toHaveText(`Added. No more newsletters go to ${email}.`);
  await expectNoA11yViolations(page, "on the suppression list");

  await page.getByRole("searchbox", { name: "Search by e-mail" }).fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row).toContainText("Added by hand");
  await expect(row).toContainText("Asked by phone");
  await row.getByRole("button", { name: "Lift…" }).click();
  await row.getByRole("button", { name: "Yes, lift it" }).click();
  // The row stays, saying so, with the focus on what happened.
  await expect(row.getByRole("status")).toHaveText(
    "Lifted. Newsletters may go to this address again.",
  );
  await expect(row).toContainText("Lifted");
  await page.reload();
  await expect(page.getByText("No suppressed address matches.")).toBeVisible();
});
