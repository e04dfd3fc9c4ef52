import { consolePaths } from "../../common/paths";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { demoRequest, inboxLastViewedAt, inboxWithTwoPages } from "./staff";

// Sales often work the inbox on a phone: the first lead must be on the first screen, the filters
// one tap away, and a number found however it was written down.
test.use({
  viewport: { width: 390, height: 740 },
  isMobile: true,
  hasTouch: true,
});

/** A Ghana mobile number no other test uses, as its seven last digits. */
const sevenDigits = () => String(Math.floor(Math.random() * 9_000_000) + 1_000_000);

test("the first lead is on the first screen, and a phone number typed another way finds it", async ({
  page,
  signedInAs,
}) => {
  const digits = sevenDigits();
  const company = await demoRequest(page.request, "Akosua Frimpong", {
    phone: `+233 24 ${digits.slice(0, 3)} ${digits.slice(3)}`,
  });
  const { email } = await signedInAs("sales");
  await page.goto(consolePaths.leads);

  const leads = page.getByRole("list", { name: "Leads" });
  await expect(leads.getByRole("listitem").first()).toBeInViewport({ ratio: 1 });
  const search = page.getByRole("searchbox", { name: /Search/ });
  const filters = page.getByRole("button", { name: /Search and filters/ });
  await expect(search).toBeHidden();
  await expect(filters).toHaveAttribute("aria-expanded", "false");

  await filters.tap();
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await search.fill(`024-${digits.slice(0, 3)}-${digits.slice(3)}`);
  await page.getByRole("button", { name: "Apply filters" }).tap();
  await expect(page).toHaveURL(/q=024-/);
  await expect(page.getByRole("main")).toContainText("1 lead matches.");
  const row = leads.getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name: "Akosua Frimpong" })).toBeVisible();
  await expect(row).toContainText(company);
  await expect(row).toContainText("Not answered yet");
  await expect(row).toContainText(/just now|min ago/);
  await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  // A filter is on: the form stays open, and the lead is still on the first screen.
  await expect(search).toBeVisible();
  await expect(row).toBeInViewport();
  await expectNoA11yViolations(page, "on the searched inbox on a phone");

  // Back after a break, what arrived since the last view stands out: the view is kept for the
  // account on the server, so it is the same on any device.
  await expect(row).not.toContainText("New since your last visit");
  inboxLastViewedAt(email, new Date(Date.now() - 3_600_000));
  await page.reload();
  await expect(row).toContainText("New since your last visit");
});

test("Show more puts the focus on the first lead it added", async ({ page, signedInAs }) => {
  // One more than a page (50): the last comes with Show more.
  await signedInAs("sales");
  const rows = await inboxWithTwoPages(page, 51);
  await expect(rows.nth(50)).toBeFocused();
  await expect(page.getByText("That is every lead that matches.")).toBeVisible();
});
