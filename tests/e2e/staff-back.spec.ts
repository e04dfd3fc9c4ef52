import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { test } from "./staff-session";
import { inboxWithTwoPages, leadPageOfDemoFrom } from "./staff";

// Sales work the inbox on a phone: they open a lead, do what it needs, and press Back to the
// list they were reading (decision 0029).
test.use({
  viewport: { width: 390, height: 740 },
  isMobile: true,
  hasTouch: true,
});

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test("Back from a lead of the second page shows the rows loaded and the lead's row in view", async ({
  page,
  signedInAs,
}) => {
  // Ten more than a page (50): the last ten come with Show more.
  await signedInAs("sales");
  const rows = await inboxWithTwoPages(page, 60);

  const opened = rows.nth(56);
  const name = (await opened.getByRole("link").textContent()) ?? "";
  await opened.scrollIntoViewIfNeeded();
  expect(await scrollY(page)).toBeGreaterThan(0);
  await opened.getByRole("link").tap();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");
  await expect(rows).toHaveCount(60);
  await expect(page.getByText("That is every lead that matches.")).toBeVisible();
  const row = rows.filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(row).toBeInViewport();
  expect(await scrollY(page)).toBeGreaterThan(0);
  // The keyboard carries on from the lead's link, not from the top of the page.
  await expect(row.getByRole("link")).toBeFocused();

  // Opening the list anew (not Back) starts it again, at the top and from its first page.
  await row.getByRole("link").tap();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await page.getByRole("link", { name: "← All leads" }).tap();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");
  await expect(rows).toHaveCount(50);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test("on a lead's page, Save says it is saving, then the focus goes to what was saved and to the note added", async ({
  page,
  signedInAs,
}) => {
  await leadPageOfDemoFrom(page, "ليلى حداد", () => signedInAs("sales"), "tap");
  const heading = page.getByRole("heading", { level: 1 });
  // A name in Arabic reads right to left, in the heading as in the details.
  await expect(heading).toHaveCSS("direction", "rtl");
  await expect(page.getByRole("definition").filter({ hasText: "ليلى حداد" })).toHaveCSS(
    "direction",
    "rtl",
  );

  // The save is held on its way, to see the page while it waits.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/staff/leads/*", async (route) => {
    if (route.request().method() === "PATCH") await held;
    await route.continue();
  });
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("contacted");
  await page.getByRole("button", { name: "Save" }).tap();
  const saving = page.getByRole("button", { name: "Saving…" });
  await expect(saving).toBeVisible();
  await expect(saving).toBeDisabled();
  release();
  const saved = page.getByRole("status").getByText("Lead updated.");
  await expect(saved).toBeFocused();
  await expect(saved).toBeInViewport();

  const note = page.getByLabel("Note", { exact: true });
  await note.fill("اتصلت بها؛ العرض يوم الخميس.");
  await page.getByRole("button", { name: "Add note" }).tap();
  const timeline = page.getByRole("region", { name: "Timeline" });
  const added = timeline.getByRole("listitem").filter({ hasText: "اتصلت بها" });
  await expect(added).toBeFocused();
  await expect(added).toBeInViewport();
  await expect(added.getByText("اتصلت بها")).toHaveCSS("direction", "rtl");
  await expect(note).toHaveValue("");
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeAttached();
});
