import { expect, it } from "vitest";
import { ANY_VERSION } from "../../testing/staff-client";
import { addContact, addDemo, at, MINUTE } from "../../testing/records";
import { auditOf, csvLines } from "../../testing/checks";
import { leadsApi } from "../../../staff-api/leads";
import { describeInboxApi } from "./inbox.testing";

describeInboxApi("lead inbox API", (api, { signedIn }) => {
  it("averages the time to first response over the filtered leads", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const a = await addContact(api, at(0));
    const b = await addDemo(api, at(0));
    await addDemo(api, at(0), { product: "banking" });
    api.clock.now = new Date(Date.parse(at(10)));
    await sales.call(leadsApi.update, {
      params: { id: a },
      body: { status: "contacted" },
      headers: ANY_VERSION,
    });
    api.clock.now = new Date(Date.parse(at(30)));
    await sales.call(leadsApi.addNote, { params: { id: b }, body: { text: "Emailed" } });
    const stats = async (query: Record<string, string> = {}) =>
      (await sales.call(leadsApi.stats, { query })).json();
    expect(await stats()).toEqual({ count: 3, responded: 2, averageFirstResponseMs: 20 * MINUTE });
    expect(await stats({ type: "demo" })).toEqual({
      count: 2,
      responded: 1,
      averageFirstResponseMs: 30 * MINUTE,
    });
    expect(await stats({ product: "banking" })).toEqual({
      count: 1,
      responded: 0,
      averageFirstResponseMs: null,
    });
  });

  it("exports the filtered leads as formula-safe CSV, and audits it", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    await addContact(api, at(1), { first_name: '=HYPERLINK("http://x")', message: "a,b" });
    await addDemo(api, at(2), { company: "+Evil" });
    const res = await sales.call(leadsApi.exportCsv, { query: "type=contact" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="leads-.*\.csv"$/);
    const lines = csvLines(res);
    expect(lines[0]).toBe(
      "id,type,created_at,status,owner,form_page,landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,first_name,last_name,name,email,phone,company,job_title,industry,product,message",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain(`"a,b"`);

    const both = await sales.call(leadsApi.exportCsv);
    const rows = csvLines(both);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain("'+Evil");

    const audit = await auditOf(api, sales.account.id, "lead.export");
    expect(audit.map((a) => JSON.parse(a.detail))).toEqual([
      { filters: { type: "contact" }, rows: 1 },
      { filters: {}, rows: 2 },
    ]);
  });

  it("exports more leads than one batch, every one once", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    for (let i = 0; i < 520; i++) await addContact(api, at(i % 7), { first_name: `P${i}` });
    const res = await sales.call(leadsApi.exportCsv);
    const lines = csvLines(res).slice(1);
    expect(lines).toHaveLength(520);
    expect(new Set(lines.map((l) => l.split(",")[0])).size).toBe(520);
  }, 60_000);
});
