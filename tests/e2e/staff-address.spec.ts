import { consolePaths, newsletterLinkPaths, newsletterStatusPaths } from "../../common/paths";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { confirmSubscriber, linkIn, waitForMailTo } from "./newsletter-mail";
import { STAFF_MAIL_DIR, openConsolePage } from "./staff";
import { randomTag } from "./helpers";

// Marketing changes a subscriber's address only by a confirmation sent to the new one; once it
// is confirmed there the list shows it, and an admin sees both on the audit page
// (docs/decisions/0035-erasure-and-address-changes.md).

test("marketing changes a subscriber's address: the new one confirms, the list and the log show it", async ({
  page,
  signedInAs,
}) => {
  const tag = randomTag();
  const old = `kwame.${tag}@example.com`;
  const changed = `kwame.${tag}@new.example`;
  await confirmSubscriber(page, old, STAFF_MAIL_DIR);

  await signedInAs("marketing");
  await openConsolePage(page, "Subscribers");
  await page.getByRole("searchbox", { name: "Search by e-mail" }).fill(old);
  await page.getByRole("button", { name: "Apply filters" }).click();
  // The filtered list, in place once the address has it: before that the list shown is the
  // unfiltered one (a single row too, when this is the only subscriber), and a form opened in
  // it would go with it.
  await expect(page).toHaveURL(/\?q=/);
  await expect(page.getByRole("list", { name: "Subscribers" }).getByRole("listitem")).toHaveCount(
    1,
  );
  const row = page.getByRole("listitem").filter({ hasText: old });
  await row.getByRole("button", { name: "Change address…" }).click();
  const field = row.getByRole("textbox", { name: "New e-mail address" });
  await expect(field).toBeFocused();
  await expectNoA11yViolations(page, "on the subscribers page with the new-address form open");
  await field.fill(changed);
  await row.getByRole("button", { name: "Send the confirmation" }).click();
  await expect(
    row.getByRole("status").filter({ hasText: "A confirmation e-mail is on its way" }),
  ).toContainText("It replaces the old one once confirmed there.");
  // Nothing changes until the new address confirms.
  await expect(row.getByText("Confirmed", { exact: true })).toBeVisible();

  const mail = await waitForMailTo(changed, STAFF_MAIL_DIR);
  await page.goto(linkIn(mail, newsletterLinkPaths.confirm));
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page).toHaveURL(new RegExp(`${newsletterStatusPaths.confirmed}$`));

  await page.goto(`${consolePaths.subscribers}?q=${encodeURIComponent(`kwame.${tag}@`)}`);
  const rows = page.getByRole("list", { name: "Subscribers" }).getByRole("listitem");
  await expect(
    rows.filter({ hasText: changed }).getByText("Confirmed", { exact: true }),
  ).toBeVisible();
  await expect(
    rows.filter({ hasText: old }).getByText("Unsubscribed", { exact: true }),
  ).toBeVisible();

  await signedInAs("admin");
  await openConsolePage(page, "Audit log");
  await page.getByLabel("Action").selectOption({ label: "Subscriber's address changed" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("list", { name: "Audit log entries" })).toContainText(
    `The subscriber confirmed a new address: e-mail from ${old} to ${changed}`,
  );
});
