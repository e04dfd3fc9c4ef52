import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { demoRequest, openConsolePage, openLeadOf } from "./staff";

test("an admin corrects a mistyped phone: search finds the new one, the log shows the old", async ({
  page,
  signedInAs,
}) => {
  // Numbers no other test's lead has: the server is shared.
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  const mistyped = `+233 24 ${digits}`;
  const corrected = `055 ${digits}`;
  const company = await demoRequest(page.request, "Akosua Frimpong", { phone: mistyped });
  const { email: admin, name } = await signedInAs("admin");

  await openConsolePage(page, "Leads");
  await openLeadOf(page, company, "Akosua Frimpong");

  await page.getByText("Correct contact details").click();
  const phone = page.getByRole("textbox", { name: "Phone" });
  await expect(phone).toHaveValue(mistyped);
  await phone.fill(corrected);
  await page.getByRole("button", { name: "Save corrections" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Contact details corrected." }),
  ).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Contact details corrected: phone");
  await expect(page.getByRole("main")).toContainText(corrected);
  await expectNoA11yViolations(page, "on a lead's page with its correction form open");

  // The inbox finds the lead by the corrected number, and no longer by the mistyped one.
  await page.getByRole("link", { name: "← All leads" }).click();
  const search = async (q: string) => {
    await page.getByRole("searchbox", { name: /Search/ }).fill(q);
    await page.getByRole("button", { name: "Apply filters" }).click();
  };
  await search(corrected);
  await expect(page.getByRole("link", { name: "Akosua Frimpong" })).toHaveCount(1);
  await search(mistyped);
  await expect(page.getByRole("main")).toContainText("No leads match these filters.");

  await openConsolePage(page, "Audit log");
  await page.getByLabel(/^Who/).fill(admin);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("list", { name: "Audit log entries" })).toContainText(
    `${name} corrected a lead's details: phone from ${mistyped} to ${corrected}`,
  );
});
