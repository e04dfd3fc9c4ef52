import { describe, expect, it } from "vitest";
import { testDialects } from "../../testing/lead-api";
import { addContact, addDemo, at } from "../../testing/records";
import type { ListPage } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { firstLine } from "./lead-list";
import { leadsApi } from "../../../staff-api/leads";

// What a member of sales, often on a phone, relies on to find a lead and sort the inbox at a
// glance: a phone number however it is typed, a name in either order, and each row's first line,
// age and whether it was answered.

describe.each(testDialects)("inbox search and triage on $name", ({ url }) => {
  const api = useStaffApi(url);
  const sales = () => signedInStaff(api, "sales@example.com", "sales");

  it("finds a lead by its phone number in any form, Ghana's +233 being the trunk 0", async () => {
    const staff = await sales();
    const contact = await addContact(api, at(1), { phone: "055-921-1848" });
    const demo = await addDemo(api, at(2), { phone: "+233 24 123 4567" });
    const abroad = await addDemo(api, at(3), { phone: "+44 20 7946 0958" });
    await addContact(api, at(4), { phone: "020 000 0000" });
    const ids = async (q: string) =>
      (await staff.read<ListPage>(leadsApi.list, { query: { q } })).items.map((i) => i.id);

    for (const q of [
      "055 921 1848",
      "0559211848",
      "+233559211848",
      "+233 55 921 1848",
      "233559211848",
      "00233 55 921 1848",
      "(055) 921-1848",
      "921 1848",
    ]) {
      expect(await ids(q), q).toEqual([contact]);
    }
    for (const q of ["0241234567", "024 123 4567", "+233 24 123 4567", "+233241234567"]) {
      expect(await ids(q), q).toEqual([demo]);
    }
    expect(await ids("+44 20 7946 0958")).toEqual([abroad]);
    expect(await ids("0044 20 7946 0958")).toEqual([abroad]);
    expect(await ids("055 921 1849")).toEqual([]);
    expect(await ids("+233 55 921 1849")).toEqual([]);

    // The stats and the export take the same search.
    const stats = await staff.read<{ count: number }>(leadsApi.stats, {
      query: {
        q: "+233 55 921 1848",
      },
    });
    expect(stats.count).toBe(1);
    const csv = await staff.call(leadsApi.exportCsv, { query: { q: "+233 24 123 4567" } });
    const rows = csv.body.trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("+233 24 123 4567");
  });

  it("finds a name in either order, for a contact's two fields and a demo's one", async () => {
    const staff = await sales();
    const kofi = await addContact(api, at(1), { first_name: "Kofi", last_name: "Mensah" });
    const ama = await addDemo(api, at(2), { name: "Ama Serwaa Boateng" });
    await addContact(api, at(3), { first_name: "Kofi", last_name: "Annan" });
    const ids = async (q: string) =>
      (await staff.read<ListPage>(leadsApi.list, { query: { q } })).items.map((i) => i.id);

    expect(await ids("Kofi Mensah")).toEqual([kofi]);
    expect(await ids("Mensah Kofi")).toEqual([kofi]);
    expect(await ids("  MENSAH   kofi ")).toEqual([kofi]);
    expect(await ids("Boateng Ama")).toEqual([ama]);
    expect(await ids("serwaa boateng ama")).toEqual([ama]);
    expect(await ids("Mensah Yaw")).toEqual([]);
    const stats = await staff.read<{ count: number }>(leadsApi.stats, {
      query: {
        q: "Mensah Kofi",
      },
    });
    expect(stats.count).toBe(1);
  });

  it("lists each lead's first line and first response, not its whole message", async () => {
    const staff = await sales();
    const long = `${"Payouts ".repeat(30)}end`;
    const contact = await addContact(api, at(1), {
      message: `\n  Rates for schools?  \nWe have 3 campuses.\n${"More. ".repeat(500)}`,
    });
    const cut = await addContact(api, at(2), { message: long });
    const demo = await addDemo(api, at(3));
    await staff.call(leadsApi.addNote, { params: { id: demo }, body: { text: "Called" } });

    const { items } = await staff.read<ListPage>(leadsApi.list);
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(contact)).toMatchObject({
      messagePreview: "Rates for schools?",
      firstResponseAt: null,
    });
    expect(byId.get(contact)).not.toHaveProperty("message");
    const preview = byId.get(cut)?.messagePreview as string;
    expect([...preview]).toHaveLength(120);
    expect(preview.endsWith("Payouts…")).toBe(true);
    expect(byId.get(demo)).toMatchObject({ firstResponseAt: api.clock.now.toISOString() });
    expect(byId.get(demo)).not.toHaveProperty("messagePreview");
  });
});

describe("firstLine", () => {
  it("keeps a short line whole and cuts a long one between characters, never inside one", () => {
    expect(firstLine("")).toBe("");
    expect(firstLine("Hello\nthere")).toBe("Hello");
    const family = "👨‍👩‍👧";
    const line = firstLine(family.repeat(200));
    expect(line).toBe(`${family.repeat(119)}…`);
  });
});
