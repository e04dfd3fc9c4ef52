import { describe, it } from "vitest";
import { sqliteOnly } from "../../testing/lead-api";
import { accountsApi, erasureApi, outboxApi, teamApi } from "../../../staff-api/admin";
import { auditApi } from "../../../staff-api/audit";
import type { StaffRole } from "../../../staff-api/roles";
import { addOutboxMessage, at } from "../../testing/records";
import { expectAccess } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { ANY_VERSION } from "../../testing/staff-client";

describe.each(sqliteOnly)("admin API on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("lets each role use exactly the routes it is given", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const message = await addOutboxMessage(api, at(1));
    const staff = { marketing, sales, admin };
    const adminOnly = { allowed: ["admin"] as StaffRole[], ok: 200 };
    await expectAccess(api, staff, [teamApi.list], {
      allowed: ["admin", "sales", "marketing"],
      ok: 200,
    });
    await expectAccess(api, staff, [accountsApi.list], adminOnly);
    const invite = { body: { email: "new@example.com", role: "sales" as const } };
    await expectAccess(api, staff, [accountsApi.invite, invite], { ...adminOnly, ok: 201 });
    const change = {
      params: { id: sales.account.id },
      body: { role: "sales" as const },
      headers: ANY_VERSION,
    };
    await expectAccess(api, staff, [accountsApi.change, change], adminOnly);
    await expectAccess(api, staff, [auditApi.list], adminOnly);
    await expectAccess(api, staff, [auditApi.exportCsv], adminOnly);
    await expectAccess(api, staff, [auditApi.actions], adminOnly);
    const forget = { body: { email: "nobody@example.com" } };
    await expectAccess(api, staff, [erasureApi.forget, forget], adminOnly);
    await expectAccess(api, staff, [outboxApi.list], adminOnly);
    await expectAccess(api, staff, [outboxApi.retry, { params: { id: message } }], adminOnly);
  });
});
