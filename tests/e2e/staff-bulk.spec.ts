import { consolePaths } from "../../common/paths";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { demoRequest } from "./staff";

// Triage on a phone: several leads taken at once, from a bar that stays in reach at the foot of
// the screen without hiding what has the focus.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});

test("two leads selected and assigned to me at once; the list names me as their owner", async ({
  page,
  signedInAs,
}) => {
  const company = await demoRequest(page.request, "Adjoa Bulk");
  await demoRequest(page.request, "Kojo Bulk", { company });
  const me = await signedInAs("sales");
  await page.goto(`${consolePaths.leads}?q=${encodeURIComponent(company)}`);
  const rows = page.getByRole("list", { name: "Leads" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);

  await page.getByRole("checkbox", { name: "Select Adjoa Bulk" }).tap();
  await page.getByRole("checkbox", { name: "Select Kojo Bulk" }).tap();
  const bar = page.getByRole("form", { name: "Change the selected leads" });
  await expect(bar).toContainText("2 selected");
  await expect(bar).toBeInViewport({ ratio: 1 });
  await expectNoA11yViolations(page, "on the inbox with two leads selected, on a phone");

  // By keyboard: the owner's choice is me already; the focus stays clear of the bar.
  const assignTo = bar.getByRole("combobox", { name: "Assign to" });
  await expect(assignTo).toHaveValue(me.email);
  // The last lead's name scrolled to where the bar covers it, then reached by Tab.
  const last = rows.last().getByRole("link");
  await last.evaluate((link) => {
    window.scrollBy(0, link.getBoundingClientRect().bottom - window.innerHeight + 4);
  });
  const bottom = async () =>
    ((await last.boundingBox())?.y ?? 0) + ((await last.boundingBox())?.height ?? 0);
  expect(await bottom()).toBeGreaterThan((await bar.boundingBox())?.y ?? 0);
  await rows.last().getByRole("checkbox").focus();
  await page.keyboard.press("Tab");
  await expect(last).toBeFocused();
  expect(await bottom()).toBeLessThanOrEqual((await bar.boundingBox())?.y ?? 0);
  await bar.getByRole("button", { name: "Assign", exact: true }).focus();
  await page.keyboard.press("Enter");

  const said = page.getByRole("status").filter({ hasText: "2 leads changed." });
  await expect(said).toBeVisible();
  await expect(said.locator("p")).toBeFocused();
  await expect(bar).toBeHidden();
  for (const row of await rows.all()) {
    await expect(row).toContainText(`Owner: ${me.name}`);
    await expect(row.getByText(me.name, { exact: true })).toHaveAttribute("title", me.email);
  }
});
