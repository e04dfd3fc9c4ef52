import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { demoRequest, openConsolePage, openLeadOf } from "./staff";

test("an admin reads the audit log in sentences, changes first, reads when asked", async ({
  page,
  signedInAs,
}) => {
  const company = await demoRequest(page.request, "Abena Boateng");
  // An account of its own: the log is filtered to this test's entries by who made them.
  const { email: admin, name } = await signedInAs("admin", { own: true });

  // A read (the lead list, the lead) and a change (its status).
  await openConsolePage(page, "Leads");
  await openLeadOf(page, company, "Abena Boateng");
  const leadPath = new URL(page.url()).pathname;
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("qualified");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lead updated." })).toBeVisible();

  await openConsolePage(page, "Audit log");
  // Only this admin's entries: other tests share the server.
  await page.getByLabel(/^Who/).fill(admin);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/actor=/);
  const entries = page.getByRole("list", { name: "Audit log entries" });
  await expect(entries).toContainText(`${name} changed the status of a lead from New to Qualified`);
  // Routine reads are left out unless asked for.
  await expect(page.getByLabel(/^Show/)).toHaveValue("");
  await expect(entries).not.toContainText("viewed a lead");
  await expect(entries).not.toContainText("viewed the lead list");
  await expect(entries.getByText(/Accra time/).first()).toBeVisible();
  await expectNoA11yViolations(page, "on the audit log of changes");

  /** Picks a choice of "Show" and applies it; the address keeps it. */
  const show = async (kind: string) => {
    await page.getByLabel(/^Show/).selectOption(kind);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`kind=${kind}`));
  };
  await show("read");
  await expect(entries).toContainText(`${name} viewed a lead`);
  await expect(entries).toContainText(`${name} viewed the lead list (filters: q `);
  await expect(entries).not.toContainText("changed the status");
  await expectNoA11yViolations(page, "on the audit log of reads");

  await show("all");
  await expect(entries).toContainText("changed the status");
  await expect(entries).toContainText("viewed a lead");

  // The entry links to the lead it is about.
  const change = entries.getByRole("listitem").filter({ hasText: "changed the status" });
  await change.getByRole("link", { name: "Open the lead" }).click();
  await expect(page).toHaveURL(new RegExp(`${leadPath}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abena Boateng");
});
