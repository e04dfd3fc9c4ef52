import { describe, expect, it } from "vitest";
import { apiPaths } from "../../../common/paths";
import { postJson, sampleContact, sampleDemo, testDialects } from "../../testing/lead-api";
import { DIRECT, NO_CAMPAIGN, mondayOf } from "./reports";
import type { StaffClient } from "../../testing/staff-client";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { reportsApi } from "../../../staff-api/reports";

// Marketing's reports: leads counted by week, product, source and campaign, from the attribution
// each lead carries (leads/source.ts).

const HOUR = 60 * 60_000;

describe.each(testDialects)("lead reports on $name", ({ url }) => {
  const api = useStaffApi(url);

  const rows = async (staff: StaffClient, query: Record<string, string>) =>
    (await staff.read<{ rows: { key: string; count: number }[] }>(reportsApi.leads, { query }))
      .rows;

  async function sendLeads() {
    const demo = (product: string, email: string, source: object) =>
      postJson(api.app, apiPaths.demo, {
        ...sampleDemo,
        product,
        formData: { ...sampleDemo.formData, email },
        source,
      });
    expect(
      (await demo("banking", "a@example.com", { utmSource: "facebook", utmCampaign: "harmattan" }))
        .statusCode,
    ).toBe(201);
    expect(
      (await demo("aslan", "b@example.com", { referrer: "https://www.google.com.gh/" })).statusCode,
    ).toBe(201);
    expect((await demo("banking", "c@example.com", { utmSource: "Google" })).statusCode).toBe(201);
    expect((await postJson(api.app, apiPaths.contact, sampleContact)).statusCode).toBe(201);
    expect(
      (
        await postJson(api.app, apiPaths.subscribe, {
          email: "esi@example.com",
          source: { utmCampaign: "harmattan", utmSource: "newsletter" },
        })
      ).statusCode,
    ).toBe(202);
  }

  /** Sets the status of the demo request from `email`, as sales would. */
  async function decide(email: string, status: "won" | "lost") {
    const lead = await api.db
      .selectFrom("demo_requests")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("lead_states")
      .values({
        lead_type: "demo",
        lead_id: lead.id,
        status,
        owner_account_id: null,
        first_response_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
  }

  it("counts leads by product, source and campaign, most first, with those won and lost", async () => {
    await sendLeads();
    await decide("a@example.com", "won");
    await decide("b@example.com", "lost");
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    expect(await rows(marketing, { by: "product" })).toEqual([
      { key: "banking", count: 2, won: 1, lost: 0 },
      { key: "aslan", count: 1, won: 0, lost: 1 },
    ]);
    expect(await rows(marketing, { by: "campaign" })).toEqual([
      { key: NO_CAMPAIGN, count: 3, won: 0, lost: 1 },
      { key: "harmattan", count: 2, won: 1, lost: 0 },
    ]);
    // Tagged "Google" and linked from www.google.com.gh: one source.
    expect(await rows(marketing, { by: "source" })).toEqual([
      { key: "google", count: 2, won: 0, lost: 1 },
      { key: DIRECT, count: 1, won: 0, lost: 0 },
      { key: "facebook", count: 1, won: 1, lost: 0 },
      { key: "newsletter", count: 1, won: 0, lost: 0 },
    ]);
    // Sign-ups are neither won nor lost.
    expect(await rows(marketing, { by: "source", type: "newsletter" })).toEqual([
      { key: "newsletter", count: 1 },
    ]);
  });

  it("counts every week of the range, empty ones too, with time to first response", async () => {
    await sendLeads();
    const [lead] = await api.db.selectFrom("demo_requests").select(["id", "created_at"]).execute();
    await api.db
      .insertInto("lead_states")
      .values({
        lead_type: "demo",
        lead_id: lead?.id ?? "",
        status: "contacted",
        owner_account_id: null,
        first_response_at: new Date(Date.parse(lead?.created_at ?? "") + 2 * HOUR).toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const since = new Date(Date.now() - 21 * 24 * HOUR);
    const weeks = await rows(admin, {
      by: "week",
      since: since.toISOString().slice(0, 10),
      type: "contact,demo",
    });
    expect(weeks.length).toBeGreaterThanOrEqual(3);
    expect(weeks[0]?.key).toBe(mondayOf(since));
    expect(weeks.slice(0, -1).every((w) => w.count === 0)).toBe(true);
    expect(weeks.at(-1)).toEqual({
      key: mondayOf(new Date()),
      count: 4,
      responded: 1,
      averageFirstResponseMs: 2 * HOUR,
    });
    const signUps = await rows(admin, { by: "week", type: "newsletter" });
    expect(signUps).toHaveLength(13);
    expect(signUps.at(-1)).toEqual({ key: mondayOf(new Date()), count: 1 });
  });

  it("is for marketing and admins, and refuses what it cannot answer with a clear 400", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    expect(
      (await api.signedOut().call(reportsApi.leads, { query: { by: "week" } })).statusCode,
    ).toBe(401);
    expect((await sales.call(reportsApi.leads, { query: { by: "week" } })).statusCode).toBe(403);
    const refused: Record<string, string>[] = [
      {},
      { by: "person" },
      { by: "week", since: "yesterday" },
      { by: "week", since: "2001-01-01" },
      { by: "week", type: "contact,spam" },
    ];
    for (const query of refused) {
      const res = await marketing.call(reportsApi.leads, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });
});
