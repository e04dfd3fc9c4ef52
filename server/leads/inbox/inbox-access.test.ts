import { describe, expect, it } from "vitest";
import { sqliteOnly } from "../../testing/lead-api";
import { ANY_VERSION } from "../../testing/staff-client";
import { addContact, at } from "../../testing/records";
import { expectAccess } from "../../testing/checks";
import { useStaffApi } from "../../testing/staff-api";
import { inboxClients } from "./inbox.testing";
import { pathOf } from "../../../staff-api/endpoint";
import { leadsApi } from "../../../staff-api/leads";
import type { StaffRole } from "../../../staff-api/roles";

describe.each(sqliteOnly)("lead inbox API on $name", ({ url }) => {
  const api = useStaffApi(url);

  const { signedIn } = inboxClients(api);

  it("lets sales and admins in, keeps marketing out and the signed-out away", async () => {
    const lead = await addContact(api, at(1));
    const sales = await signedIn("sales@example.com", "sales");
    const admin = await signedIn("admin@example.com", "admin");
    const marketing = await signedIn("mkt@example.com", "marketing");
    const staff = { marketing, sales, admin };
    const salesAndAdmins = { allowed: ["sales", "admin"] as StaffRole[], ok: 200 };
    await expectAccess(api, staff, [leadsApi.list], salesAndAdmins);
    await expectAccess(api, staff, [leadsApi.exportCsv], salesAndAdmins);
    await expectAccess(api, staff, [leadsApi.exportXlsx], salesAndAdmins);
    await expectAccess(api, staff, [leadsApi.stats], salesAndAdmins);
    const params = { id: lead };
    await expectAccess(api, staff, [leadsApi.get, { params }], salesAndAdmins);
    const change = { params, body: { status: "contacted" as const }, headers: ANY_VERSION };
    await expectAccess(api, staff, [leadsApi.update, change], salesAndAdmins);
    const note = { params, body: { text: "Called" } };
    await expectAccess(api, staff, [leadsApi.addNote, note], { ...salesAndAdmins, ok: 201 });
  });

  it("refuses writes that are not JSON or come from another site", async () => {
    const lead = await addContact(api, at(1));
    const sales = await signedIn("sales@example.com", "sales");
    const form = await sales.raw("PATCH", pathOf(leadsApi.update, { id: lead }), {
      contentType: "application/x-www-form-urlencoded",
      body: "status=won",
    });
    expect(form.statusCode).toBe(415);
    const foreign = await api
      .as(sales.cookie, { origin: "https://evil.example" })
      .call(leadsApi.addNote, { params: { id: lead }, body: { text: "hi" } });
    expect(foreign.statusCode).toBe(403);
    expect(await api.db.selectFrom("lead_events").selectAll().execute()).toEqual([]);
  });
});
