import { describe, expect, it } from "vitest";
import { STAFF_ROLES, isStaffRole, roleAllows } from "./roles";

describe("staff roles", () => {
  it("are admin, sales and marketing", () => {
    expect(STAFF_ROLES).toEqual(["admin", "sales", "marketing"]);
    expect(isStaffRole("sales")).toBe(true);
    expect(isStaffRole("Admin")).toBe(false);
    expect(isStaffRole("owner")).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });

  it("allow a route to the roles it lists, or to anyone signed in when it lists none", () => {
    for (const role of STAFF_ROLES) expect(roleAllows(role, [])).toBe(true);
    expect(roleAllows("sales", ["sales", "marketing"])).toBe(true);
    expect(roleAllows("marketing", ["sales"])).toBe(false);
    // No implicit pass for admins: a route admins may use says so.
    expect(roleAllows("admin", ["sales"])).toBe(false);
    expect(roleAllows("admin", ["admin"])).toBe(true);
  });
});
