import { describe, it } from "vitest";
import { sqliteOnly } from "../../testing";
import type { StaffRole } from "../../../staff-api/roles";
import { staffApiPaths } from "../paths";
import { addOutboxMessage, at } from "../test-records";
import { expectAccess } from "../test-checks";
import { signedInStaff, useStaffApi } from "../testing";
import { accountPath, retryPath } from "./admin.testing";

describe.each(sqliteOnly)("admin API on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("lets each role use exactly the routes it is given", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const message = await addOutboxMessage(api, at(1));
    const requests: [
      method: "GET" | "PATCH" | "POST",
      path: string,
      body: unknown,
      ok: number,
      allowed: StaffRole[],
    ][] = [
      ["GET", staffApiPaths.team, undefined, 200, ["admin", "sales"]],
      ["GET", staffApiPaths.accounts, undefined, 200, ["admin"]],
      ["POST", staffApiPaths.accounts, { email: "new@example.com", role: "sales" }, 201, ["admin"]],
      ["PATCH", accountPath(sales.account.id), { role: "sales" }, 200, ["admin"]],
      ["GET", staffApiPaths.audit, undefined, 200, ["admin"]],
      ["GET", staffApiPaths.auditCsv, undefined, 200, ["admin"]],
      ["GET", staffApiPaths.auditActions, undefined, 200, ["admin"]],
      ["POST", staffApiPaths.forget, { email: "nobody@example.com" }, 200, ["admin"]],
      ["GET", staffApiPaths.outbox, undefined, 200, ["admin"]],
      ["POST", retryPath(message), undefined, 200, ["admin"]],
    ];
    for (const [method, path, body, ok, allowed] of requests) {
      await expectAccess(api, { marketing, sales, admin }, { method, path, body }, { allowed, ok });
    }
  });
});
