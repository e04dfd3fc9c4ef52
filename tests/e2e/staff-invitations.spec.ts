import { consolePaths } from "../../common/paths";
import { STAFF_ORIGIN } from "../../playwright.config";
import { site } from "../../common/site";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { linkIn, waitForMailTo } from "./newsletter-mail";
import { STAFF_MAIL_DIR, openConsolePage, signInAs, signInLinkFor, staffAddress } from "./staff";

// An admin's invitation of a new member of staff, as the admin sees it: the e-mail that says who
// invited them, the accounts list that says it too, sending it again, and the outbox.

test("an admin invites a member of staff, sees who invited them, and sends it again", async ({
  page,
  browser,
}) => {
  await signInAs(page, "admin", "Ama Mensah");
  await openConsolePage(page, "Staff accounts");

  const invited = staffAddress("invited");
  const invite = page.getByRole("form", { name: "Invite a member of staff" });
  await invite.getByLabel("Work e-mail").fill(invited);
  await invite.getByLabel("Role").selectOption("sales");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  // The result takes the focus; the form is empty for the next one.
  await expect(page.getByText(`${invited} is invited as Sales`)).toBeFocused();
  await expect(invite.getByLabel("Work e-mail")).toHaveValue("");

  const subject = `Ama Mensah invited you to the ${site.name} staff console`;
  const mail = await waitForMailTo(invited, STAFF_MAIL_DIR, subject);
  expect(mail.body).toContain("as Sales");
  const first = linkIn(mail, consolePaths.signIn);

  const row = page.getByRole("listitem").filter({ hasText: invited });
  await expect(row).toContainText(/Invited .+ by Ama Mensah/);
  await expectNoA11yViolations(page, "with an invited account in the list");
  await row.getByRole("button", { name: /^Send the invitation again/ }).click();
  await expect(page.getByText(`The invitation is on its way to ${invited} again`)).toBeFocused();
  // A new link is mailed; the one before it no longer works (the API tests prove that part).
  await expect.poll(() => signInLinkFor(invited)).not.toBe(first);

  // The invited person opens the link on their own device: the console welcomes them, names
  // who invited them and as what, and offers a passkey.
  const theirs = await browser.newContext({ baseURL: STAFF_ORIGIN });
  const theirPage = await theirs.newPage();
  await theirPage.goto(await signInLinkFor(invited));
  await theirPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(theirPage.getByRole("heading", { level: 1 })).toHaveText(/^Welcome/);
  await expect(theirPage.getByRole("main")).toContainText(/Ama Mensah invited you .+ as Sales/);
  await theirPage.getByRole("link", { name: "Add a passkey" }).click();
  await expect(theirPage.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await theirs.close();

  await openConsolePage(page, "Outbox");
  await page.getByRole("link", { name: "Sent", exact: true }).click();
  await expect(page.getByText("Staff invitation").first()).toBeVisible();
});
