import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../testing/lead-api";
import { auditOf, csvLines, expectAccess } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { exportedSheet } from "../../testing/workbook";
import { campaignsApi } from "../../../staff-api/newsletter";
import { newCampaign, onlyConfirmed } from "./campaigns.testing";
import { CAMPAIGN_KIND } from "./campaigns";
import { storedSubscription } from "../../testing/records";
import type { StaffRole } from "../../../staff-api/roles";

// The recipients' Excel file: the CSV's rows for people (state in words, time on Accra's
// clock), for the same roles and with the same audit entry.

const FORMULA = '=HYPERLINK("http://evil.example","Click")';

describe.each(testDialects)("a campaign's recipients as Excel on $name", ({ url }) => {
  const api = useStaffApi(url);

  const confirmed = (...emails: string[]) => onlyConfirmed(api, ...emails);
  const campaign = (cookie: string, send: boolean) =>
    newCampaign(api, cookie, "November news", { send });

  it("lists each recipient with its state in words and the time on Accra's clock", async () => {
    await confirmed("ama@example.com", "kofi@example.com");
    const { cookie, account, ...marketing } = await signedInStaff(
      api,
      "mkt@example.com",
      "marketing",
    );
    const id = await campaign(cookie, true);
    await api.outbox.runOnce();
    await api.outbox.runOnce();
    // A copy that failed for good, with what a mail server said, which anyone could have written.
    const kofi = await storedSubscription(api, "kofi@example.com");
    await api.db
      .updateTable("outbox")
      .set({ status: "failed", last_error: FORMULA })
      .where("kind", "=", CAMPAIGN_KIND)
      .where("lead_id", "=", kofi.id)
      .execute();

    const res = await marketing.call(campaignsApi.recipientsXlsx, { params: { id } });
    const { rows } = await exportedSheet(res, "campaign-recipients");
    expect(res.headers["x-row-count"]).toBe("2");
    const csv = csvLines(await marketing.call(campaignsApi.recipientsCsv, { params: { id } }))
      .slice(1)
      .map((line) => line.split(","));
    const byEmail = (email: string) => rows.find((row) => row["E-mail"]?.value === email);
    for (const [email, , at] of csv) {
      const since = byEmail(email as string)?.["Since (Accra time)"];
      expect(since?.type).toBe(ExcelJS.ValueType.Date);
      expect(since?.value).toEqual(new Date(at as string));
    }
    expect(byEmail("ama@example.com")?.State?.value).toBe("Sent");
    const failed = byEmail("kofi@example.com");
    expect(failed?.State?.value).toBe("Failed after every retry");
    expect(failed?.Detail?.type).toBe(ExcelJS.ValueType.String);
    expect(failed?.Detail?.value).toBe(FORMULA);
    expect(failed?.Detail?.formula).toBeUndefined();

    // Both downloads were at one instant: the entries in either order, the Excel one says so.
    const audit = await auditOf(api, account.id, "campaign.recipients-export");
    expect(audit.map((entry) => JSON.parse(entry.detail))).toEqual(
      expect.arrayContaining([
        { campaign: id, rows: 2, format: "xlsx" },
        { campaign: id, rows: 2 },
      ]),
    );
    expect(audit).toHaveLength(2);
  });

  it("gives a campaign not yet started its header alone; 404 for no campaign", async () => {
    await confirmed("ama@example.com");
    const { cookie, ...marketing } = await signedInStaff(api, "mkt@example.com", "marketing");
    const id = await campaign(cookie, false);
    const { rows } = await exportedSheet(
      await marketing.call(campaignsApi.recipientsXlsx, { params: { id } }),
      "campaign-recipients",
    );
    expect(rows).toEqual([]);
    const missing = await marketing.call(campaignsApi.recipientsXlsx, {
      params: { id: "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f" },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("is for marketing and admins: sales are refused, the signed-out too", async () => {
    await confirmed("ama@example.com");
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const id = await campaign(marketing.cookie, true);
    await expectAccess(
      api,
      { marketing, sales, admin },
      [campaignsApi.recipientsXlsx, { params: { id } }],
      { allowed: ["marketing", "admin"] as StaffRole[], ok: 200 },
    );
  });
});
