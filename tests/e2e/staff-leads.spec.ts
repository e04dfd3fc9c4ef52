import { consolePaths } from "../../common/paths";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { demoRequest, inboxWithDemoFrom, leadPageOfDemoFrom } from "./staff";

test("sales works a demo request from new to won, with a note", async ({ page, signedInAs }) => {
  const company = await demoRequest(page.request, "Efua Owusu");
  const { email, name } = await signedInAs("sales");

  await page.getByRole("searchbox", { name: /Search/ }).fill(company);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=Susu/);
  const lead = page.getByRole("link", { name: "Efua Owusu" });
  await expect(lead).toHaveCount(1);
  await expect(page.getByRole("main")).toContainText("1 lead matches.");
  await lead.click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Efua Owusu");
  await expect(page.getByRole("main")).toContainText(company);
  await expect(page.getByRole("main")).toContainText("/schedule-banking-demo");
  await expect(page.getByRole("main")).toContainText("not answered yet");
  await expectNoA11yViolations(page, "on a lead's page");

  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("contacted");
  await page.getByRole("combobox", { name: "Owner", exact: true }).selectOption(email);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lead updated." })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Status: New → Contacted");
  // Staff by name, not by address.
  await expect(timeline).toContainText(`Owner: nobody → ${name}`);
  await expect(page.getByRole("main")).not.toContainText("not answered yet");

  await page.getByLabel("Note", { exact: true }).fill("Called Efua; demo on Thursday at 10.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  await expect(timeline).toContainText("Called Efua; demo on Thursday at 10.");
  await expect(page.getByLabel("Note", { exact: true })).toHaveValue("");

  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("won");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(timeline).toContainText("Status: Contacted → Won");

  // Back in the inbox, the lead shows its new status and owner.
  await page.getByRole("link", { name: "← All leads" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("won");
  await page.getByRole("searchbox", { name: /Search/ }).fill(company);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=won/);
  // Other tests' leads may share the name; the company is this test's own.
  const row = page.getByRole("listitem").filter({ hasText: company });
  await expect(row).toContainText("Won");
  await expect(row).toContainText(`Owner: ${name}`);
});

// The staff test server has no Slack hook nor CRM webhook (playwright.config.ts): a lead's only
// delivery there is the notification e-mail, which the file transport "sends" at once.
test("a lead's timeline says its notification e-mail went to sales", async ({
  page,
  signedInAs,
}) => {
  await leadPageOfDemoFrom(page, "Kojo Mensah", () => signedInAs("sales"), "click");

  const timeline = page.getByRole("region", { name: "Timeline" });
  const emailSent = timeline.getByText(/^Notification e-mail to sales: sent, sent /);
  // The outbox sends after the lead is stored: until it has, the line reads "pending", and the
  // page shows what it loaded, so look again as a person would.
  await expect(async () => {
    await page.reload();
    await expect(emailSent).toBeVisible();
  }).toPass();
  await expect(timeline).not.toContainText("Slack message");
  await expect(timeline).not.toContainText("Webhook to the CRM");
});

test("filters live in the address, and the export takes the same filter", async ({
  page,
  signedInAs,
}) => {
  const company = await demoRequest(page.request, "Yaw Darko");
  await signedInAs("admin");

  await page.goto(`${consolePaths.leads}?type=contact&q=${encodeURIComponent(company)}`);
  await expect(page.getByLabel("Type")).toHaveValue("contact");
  await expect(page.getByText("No leads match these filters.")).toBeVisible();

  await page.getByLabel("Type").selectOption("demo");
  await page.getByLabel("Product").selectOption("banking");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("link", { name: "Yaw Darko" })).toBeVisible();
  await expectNoA11yViolations(page, "on the filtered inbox");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text).toContain("Yaw Darko");
  expect(text).toContain(company);
  expect(text.trim().split("\n")).toHaveLength(2);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/staff\/leads$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("the inbox and a lead fit the screen", async ({ page, signedInAs }) => {
    await inboxWithDemoFrom(page, "Abena Ofori", () => signedInAs("sales"));
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await page.getByRole("link", { name: "Abena Ofori" }).tap();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abena Ofori");
    expect(await fits()).toBe(true);
    await expectNoA11yViolations(page, "on a lead's page on a phone");
  });

  test.describe("with the lead open twice", () => {
    // The browser logs the refused save (412) as a failed load.
    test.use({ allowedErrors: [/status of 412/] });

    test("a save on the page left open is refused, says what changed and shows the lead as it is", async ({
      page,
      signedInAs,
    }) => {
      const signIn = () => signedInAs("sales");
      const { email, name } = await leadPageOfDemoFrom(page, "Kwesi Appiah", signIn, "tap");
      const stalePage = await page.context().newPage();
      await stalePage.goto(page.url());
      await expect(stalePage.getByRole("heading", { level: 1 })).toHaveText("Kwesi Appiah");

      // On a phone, the status and owner come before the timeline.
      const work = page.getByRole("heading", { name: "Status and owner" });
      const timelineHeading = page.getByRole("heading", { name: "Timeline" });
      const top = async (heading: typeof work) => (await heading.boundingBox())?.y ?? 0;
      expect(await top(work)).toBeLessThan(await top(timelineHeading));

      // The first page qualifies the lead.
      await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("qualified");
      await page.getByRole("button", { name: "Save" }).tap();
      await expect(page.getByRole("status").filter({ hasText: "Lead updated." })).toBeVisible();

      // The second, not reloaded, takes the lead: refused, with what changed, and the form reset.
      await stalePage.getByRole("combobox", { name: "Owner", exact: true }).selectOption(email);
      await stalePage.getByRole("button", { name: "Save" }).tap();
      const refused = stalePage.getByRole("alert");
      await expect(refused).toContainText(
        "Someone else changed this lead while you had it open: status is now Qualified. " +
          "Your change was not saved.",
      );
      await expect(refused.getByText(/Someone else changed/)).toBeFocused();
      const status = stalePage.getByRole("combobox", { name: "Status", exact: true });
      const owner = stalePage.getByRole("combobox", { name: "Owner", exact: true });
      await expect(status).toHaveValue("qualified");
      await expect(owner).toHaveValue("");
      const timeline = stalePage.getByRole("region", { name: "Timeline" });
      await expect(timeline).toContainText("Status: New → Qualified");
      await expect(timeline).not.toContainText("Owner:");

      // Made again on the lead as it is, the change is saved and leaves the status alone.
      await owner.selectOption(email);
      await stalePage.getByRole("button", { name: "Save" }).tap();
      await expect(
        stalePage.getByRole("status").filter({ hasText: "Lead updated." }),
      ).toBeVisible();
      await expect(timeline).toContainText(`Owner: nobody → ${name}`);
      await expect(status).toHaveValue("qualified");

      // A note of nothing but spaces is refused at its field, in the field's own words.
      const note = stalePage.getByLabel("Note", { exact: true });
      await note.fill("   ");
      await stalePage.getByRole("button", { name: "Add note" }).tap();
      await expect(note).toHaveAccessibleDescription(/Write a note$/);
      await expect(note).toBeFocused();
      await expect(timeline).not.toContainText("Note");
    });
  });
});
