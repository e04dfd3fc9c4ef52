import { apiPaths, consolePaths } from "../../common/paths";
import { accountsApi } from "../../staff-api/admin";
import { subscribersApi } from "../../staff-api/subscribers";
import type { Page, Request } from "@playwright/test";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import {
  openConsolePage,
  signInLinkFor,
  staffAddress,
  visitorAddress,
  visitorWhoWroteIn,
  REFUSED_ROLE_ERRORS,
} from "./staff";

// The console's admin pages (staff accounts, audit log, erasure, outbox) and marketing's
// subscriber list, driven as their users drive them, against the staff test server.

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const nav = (page: Page) => page.getByRole("navigation", { name: "Console" });

test.describe("staff accounts", () => {
  // The refusals this test provokes (an address that has an account, disabling oneself) answer
  // 409 and 400, which the browser reports in its console.
  test.use({ allowedErrors: [/status of (409|400)/] });

  test("an admin invites a sales account, changes its role and disables it", async ({
    page,
    signedInAs,
  }) => {
    // An account of its own: the test tries to disable it and take its admin role away.
    const { email: admin } = await signedInAs("admin", { own: true });
    await openConsolePage(page, "Staff accounts");
    await expectNoA11yViolations(page, "on the staff accounts page");

    const invited = staffAddress("invited");
    const invite = page.getByRole("form", { name: "Invite a member of staff" });
    await invite.getByLabel("Work e-mail").fill(invited);
    await invite.getByLabel("Name").fill("Kofi Sales");
    await invite.getByLabel("Role").selectOption("sales");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`${invited} is invited as Sales`)).toBeVisible();
    await expect(invite.getByLabel("Work e-mail")).toHaveValue("");
    // The invitation is a sign-in link, e-mailed to them.
    expect(await signInLinkFor(invited)).toContain(consolePaths.signIn);

    // An address that has an account cannot be invited again: the server's refusal is shown.
    await invite.getByLabel("Work e-mail").fill(invited);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("alert")).not.toBeEmpty();

    // The list's reload after a change is held back until the test lets it go: the success
    // notice shows before the fresh list arrives, and what is opened in between must outlive it.
    let releaseList = () => {};
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    const isListReload = (request: Request) =>
      request.method() === "GET" && new URL(request.url()).pathname === accountsApi.list.path;
    await page.route(`**${accountsApi.list.path}`, async (route) => {
      if (isListReload(route.request())) await listHeld;
      await route.fallback();
    });

    const row = page.getByRole("listitem").filter({ hasText: invited });
    await row.getByLabel(/^Role/).selectOption("marketing");
    await row.getByRole("button", { name: /^Save role/ }).click();
    await expect(page.getByText(`${invited} is now Marketing`)).toBeVisible();

    // Disabling asks first, even while the list reloads; "Keep it" changes nothing.
    await row.getByRole("button", { name: /^Disable/ }).click();
    const reloaded = page.waitForResponse((response) => isListReload(response.request()));
    releaseList();
    await reloaded;
    await page.unrouteAll();
    await expect(row.getByLabel(/^Role/)).toHaveValue("marketing");
    await row.getByRole("button", { name: "Keep it" }).click();
    await expect(row.getByRole("button", { name: /^Disable/ })).toBeFocused();
    await expect(row.getByText("Active")).toBeVisible();
    // Escape backs out of the disable step.
    await row.getByRole("button", { name: /^Disable/ }).click();
    await page.keyboard.press("Escape");
    await expect(row.getByRole("button", { name: /^Disable/ })).toBeFocused();
    await row.getByRole("button", { name: /^Disable/ }).click();
    const confirm = row.getByRole("button", { name: `Yes, disable ${invited}` });
    await expect(confirm).toBeFocused();
    await expectNoA11yViolations(page, "with the disable step open");
    await confirm.click();
    await expect(page.getByText(`${invited} is disabled`)).toBeVisible();
    await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: /^Enable/ })).toBeFocused();

    // An admin's own row offers no Disable the server would refuse, and says why; giving up
    // their admin role is refused with the reason, and the role shown is the saved one again.
    const own = page.getByRole("listitem").filter({ hasText: admin });
    await expect(own.getByRole("button", { name: /^Disable/ })).toHaveCount(0);
    await expect(own).toContainText("Another admin can disable your account");
    await own.getByLabel(/^Role/).selectOption("sales");
    await own.getByRole("button", { name: /^Save role/ }).click();
    await expect(page.getByRole("alert")).toContainText(/admin/i);
    await expect(own.getByLabel(/^Role/)).toHaveValue("admin");

    // Each change is in the audit log.
    await openConsolePage(page, "Audit log");
    await page.getByLabel("Action").selectOption("staff.disabled");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/action=staff\.disabled/);
    await expect(page.getByRole("list", { name: "Audit log entries" })).toContainText(invited);
    await expectNoA11yViolations(page, "on the audit log");
  });
});

test("an admin erases a person who sent a contact message, and the audit log shows it", async ({
  page,
  signedInAs,
}) => {
  const person = await visitorWhoWroteIn(page.request, "person");

  await signedInAs("admin");
  await openConsolePage(page, "Erase a person");
  await expect(page.getByText("This cannot be undone.")).toBeVisible();
  await expectNoA11yViolations(page, "on the erasure page");

  const erase = page.getByRole("button", { name: "Erase everything about this person" });
  await expect(erase).toBeDisabled();
  await page.getByLabel("E-mail address of the person").fill(person);
  await expect(erase).toBeDisabled();
  await page
    .getByLabel("Type the same e-mail address again to confirm")
    .fill("someone@else.example");
  await expect(erase).toBeDisabled();
  await page.getByLabel("Type the same e-mail address again to confirm").fill(person);
  await expect(erase).toBeEnabled();
  await erase.click();
  await expect(page.getByRole("status").filter({ hasText: "Erased for" })).toContainText(
    "1 contact message",
  );
  await expect(page.getByLabel("E-mail address of the person")).toHaveValue("");

  // A second time there is nothing left.
  await page.getByLabel("E-mail address of the person").fill(person);
  await page.getByLabel("Type the same e-mail address again to confirm").fill(person);
  await erase.click();
  await expect(page.getByText(`Nothing was stored for ${person}`)).toBeVisible();

  await page.getByRole("link", { name: "See erasures in the audit log" }).click();
  await expect(heading(page, "Audit log")).toBeVisible();
  await expect(page).toHaveURL(/action=person\.erased/);
  await expect(page.getByLabel("Action")).toHaveValue("person.erased");
  const entries = page.getByRole("list", { name: "Audit log entries" });
  await expect(entries.getByText(/erased everything stored about a person/).first()).toBeVisible();
  // The log records the erasure, never the address erased.
  await expect(entries).not.toContainText(person);
  await expectNoA11yViolations(page, "on the audit log of erasures");
});

test("an admin opens the outbox, pending and failed", async ({ page, signedInAs }) => {
  await signedInAs("admin");
  await openConsolePage(page, "Outbox");
  const states = page.getByRole("navigation", { name: "Outbox state" });
  await expect(states.getByRole("link", { name: "Waiting to be sent" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expectNoA11yViolations(page, "on the outbox");
  await states.getByRole("link", { name: "Failed" }).click();
  await expect(page).toHaveURL(/state=failed/);
  await expect(states.getByRole("link", { name: "Failed" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("heading", { level: 2, name: "Failed" })).toBeVisible();
  await expectNoA11yViolations(page, "on the failed e-mails");
});

test("the admin pages fit a 360 px wide screen", async ({ page, signedInAs }) => {
  await signedInAs("admin");
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [path, title] of [
    [consolePaths.accounts, "Staff accounts"],
    [consolePaths.audit, "Audit log"],
    [consolePaths.erase, "Erase a person"],
    [consolePaths.outbox, "Outbox"],
    [consolePaths.subscribers, "Subscribers"],
  ] as const) {
    await page.goto(path);
    await expect(heading(page, title)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
  }
});

test.describe("roles", () => {
  test.use({ allowedErrors: REFUSED_ROLE_ERRORS });

  test("sales is refused the admin pages and is not shown their links", async ({
    page,
    signedInAs,
  }) => {
    await signedInAs("sales");
    await expect(nav(page).getByRole("link", { name: "Leads", exact: true })).toBeVisible();
    for (const name of [
      "Subscribers",
      "Staff accounts",
      "Audit log",
      "Access request",
      "Erase a person",
      "Outbox",
    ])
      await expect(nav(page).getByRole("link", { name })).toHaveCount(0);

    for (const path of [
      consolePaths.accounts,
      consolePaths.accessRequest,
      consolePaths.erase,
      consolePaths.outbox,
    ]) {
      await page.goto(path);
      await expect(heading(page, "Not available to your role")).toBeVisible();
    }
    await expectNoA11yViolations(page, "on the refusal");
  });

  test("marketing sees the subscribers, filtered by e-mail", async ({ page, signedInAs }) => {
    const subscriber = visitorAddress("reader");
    const subscribed = await page.request.post(apiPaths.subscribe, {
      data: { email: subscriber },
    });
    expect(subscribed.ok(), await subscribed.text()).toBe(true);

    await signedInAs("marketing");
    // Marketing starts on the subscribers; leads and the admin pages are not offered.
    await expect(heading(page, "Subscribers")).toBeVisible();
    for (const name of ["Leads", "Staff accounts", "Audit log"])
      await expect(nav(page).getByRole("link", { name })).toHaveCount(0);

    await page.getByLabel("Search by e-mail").fill(subscriber);
    await page.getByLabel("Status").selectOption("pending");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/status=pending/);
    const list = page.getByRole("list", { name: "Subscribers" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText(subscriber);
    await expect(list).toContainText("Waiting for confirmation");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      new RegExp(`^${subscribersApi.exportCsv.path.replace(".", "\\.")}\\?.*status=pending`),
    );
    await expectNoA11yViolations(page, "on the subscribers");

    await page.goto(consolePaths.accounts);
    await expect(heading(page, "Not available to your role")).toBeVisible();
  });
});
