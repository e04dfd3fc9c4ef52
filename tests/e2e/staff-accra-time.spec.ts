import { consolePaths } from "../../common/paths";
import { pathOf } from "../../staff-api/endpoint";
import { campaignsApi } from "../../staff-api/newsletter";
import { expect } from "./fixtures";
import { test } from "./staff-session";
import { saveCampaignDraft } from "./staff";
import { randomTag } from "./helpers";

// The company works in Accra (GMT, no daylight saving): the console shows and takes Accra's time
// whatever the zone of the device. This device is in Lagos, an hour ahead of Accra.

test.use({ timezoneId: "Africa/Lagos" });

test("a schedule typed on a device in Lagos is Accra's time: shown, kept and stored as typed", async ({
  page,
  signedInAs,
}) => {
  // The device's own clock is Lagos's: the same typed time would be an hour earlier in Accra.
  expect(await page.evaluate(() => new Date("2026-11-27T10:00").getTimezoneOffset())).toBe(-60);

  await signedInAs("marketing");
  await saveCampaignDraft(page, `Accra time ${randomTag()}`, "See you at the fair.");
  const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";

  // The picker offers no time that has passed (its minimum is now, on Accra's clock); one typed
  // anyway is held back by the browser, and nothing is sent (the server refuses it too: its API
  // tests).
  const at = page.getByLabel("Or send at (Accra time)");
  await at.fill("2020-01-06T10:00");
  await page.getByRole("button", { name: "Schedule" }).click();
  expect(await at.evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true);
  await expect(page.getByRole("main")).toContainText("Status: Draft");

  const year = new Date().getUTCFullYear() + 1;
  await at.fill(`${year}-03-02T10:00`);
  await page.getByRole("button", { name: "Schedule" }).click();
  const shown = `2 Mar ${year}, 10:00 Accra time`;
  await expect(
    page.getByRole("status").filter({ hasText: `Scheduled for ${shown}.` }),
  ).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Scheduled to send ${shown}`);
  await expect(at).toHaveValue(`${year}-03-02T10:00`);

  // Stored as 10:00 in Accra, which is 10:00 UTC.
  const stored = await page.request.get(pathOf(campaignsApi.get, { id }));
  expect(((await stored.json()) as { scheduledAt: string }).scheduledAt).toBe(
    `${year}-03-02T10:00:00.000Z`,
  );

  // Opened again, the field shows the stored time as Accra's, and so does the list.
  await page.reload();
  await expect(page.getByLabel("Or send at (Accra time)")).toHaveValue(`${year}-03-02T10:00`);
  await page.goto(consolePaths.campaigns);
  await expect(page.getByRole("main")).toContainText(`Sends ${shown}`);
});
