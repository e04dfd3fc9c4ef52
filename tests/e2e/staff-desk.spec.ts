import type { APIRequestContext } from "@playwright/test";
import { consolePaths } from "../../common/paths";
import { pathOf } from "../../staff-api/endpoint";
import { leadsApi } from "../../staff-api/leads";
import { STAFF_ORIGIN } from "../../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { demoRequest } from "./staff";

// A salesperson's day at the desk, on a phone between meetings: their own leads one tap from the
// menu, a filter they use every day saved, and lead after lead without going back to the list.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});

/** The id of the one lead of `company` (each test's companies are its own). */
async function leadOf(request: APIRequestContext, company: string): Promise<string> {
  const found = await request.get(leadsApi.list.path, { params: { q: company } });
  expect(found.status()).toBe(200);
  const { items } = (await found.json()) as { items: { id: string }[] };
  expect(items).toHaveLength(1);
  return items[0]?.id ?? "";
}

/** Gives lead `id` to `owner` (null: nobody), as the lead page would, with the version read. */
async function giveLead(request: APIRequestContext, id: string, owner: string | null) {
  const path = pathOf(leadsApi.get, { id });
  const read = await request.get(path);
  const changed = await request.patch(path, {
    headers: { origin: STAFF_ORIGIN, "if-match": read.headers().etag ?? "" },
    data: { owner },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

test("my leads from the menu, a saved filter, and next and previous from a lead", async ({
  page,
  signedInAs,
}) => {
  // A whole morning's walk: four leads made, five pages, two accessibility checks.
  test.setTimeout(60_000);
  const { email } = await signedInAs("sales", { own: true });
  const mine: string[] = [];
  for (const name of ["Ama Desk", "Kojo Desk", "Esi Desk"]) {
    const company = await demoRequest(page.request, name);
    mine.push(company);
    await giveLead(page.request, await leadOf(page.request, company), email);
  }
  const someoneElses = await demoRequest(page.request, "Yaw Elsewhere");
  await giveLead(page.request, await leadOf(page.request, someoneElses), null);

  // The menu, folded on a phone, counts my open leads; it is read on each page.
  await page.goto(consolePaths.leads);
  const menu = page.getByRole("navigation", { name: "Console" });
  await menu.getByText("Menu").tap();
  await expect(menu.getByRole("link", { name: /^Unassigned \(\d+\)$/ })).toBeVisible();
  await menu.getByRole("link", { name: "My leads (3)" }).tap();
  await expect(page).toHaveURL(/\/staff\/leads\?view=mine$/);
  const leads = page.getByRole("list", { name: "Leads" });
  // Newest first, mine only.
  await expect(leads.getByRole("listitem")).toHaveCount(3);
  await expect(leads.getByRole("link")).toHaveText(["Esi Desk", "Kojo Desk", "Ama Desk"]);
  await expect(page.getByRole("main")).not.toContainText("Yaw Elsewhere");
  await expectNoA11yViolations(page, "on my leads on a phone");

  // Saved under a name, and opened again from the inbox.
  const save = page.getByRole("form", { name: "Save this filter" });
  await save.getByRole("textbox", { name: /Name of this filter/ }).fill("My desk");
  await save.getByRole("button", { name: "Save this filter" }).tap();
  await expect(page.getByRole("status").filter({ hasText: "Filter saved" })).toContainText(
    "Filter saved as “My desk”.",
  );
  await page.goto(consolePaths.leads);
  await page.getByRole("link", { name: "My desk" }).tap();
  await expect(page).toHaveURL(/\/staff\/leads\?view=mine$/);
  await expect(leads.getByRole("link")).toHaveText(["Esi Desk", "Kojo Desk", "Ama Desk"]);
  // The filters, behind their button on a phone, show the saved one's.
  await page.getByRole("button", { name: "Search and filters (on)" }).tap();
  await expect(page.getByRole("combobox", { name: "Show" })).toHaveValue("mine");

  // From the first lead, through the list it came from and back.
  await leads.getByRole("link", { name: "Esi Desk" }).tap();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Esi Desk");
  const walk = page.getByRole("navigation", { name: "Leads in this list" });
  await expect(walk.getByRole("link", { name: "Previous lead" })).toHaveCount(0);
  await walk.getByRole("link", { name: "Next lead" }).tap();
  await expect(heading).toHaveText("Kojo Desk");
  await walk.getByRole("link", { name: "Next lead" }).tap();
  await expect(heading).toHaveText("Ama Desk");
  await expect(walk.getByRole("link", { name: "Next lead" })).toHaveCount(0);
  await walk.getByRole("link", { name: "Previous lead" }).tap();
  await expect(heading).toHaveText("Kojo Desk");
  await expectNoA11yViolations(page, "on a lead opened from my leads");

  // The saved filter goes when deleted.
  await page.goto(consolePaths.leads);
  await page.getByRole("button", { name: "Delete saved filter My desk" }).tap();
  await expect(page.getByRole("link", { name: "My desk" })).toHaveCount(0);
});
