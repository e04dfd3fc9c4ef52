import { useRouteLoaderData } from "react-router";
import { apiPaths } from "@common/paths";
import type { StaffRole } from "../../staff-api/roles";
import { load } from "./api";

/** The signed-in member of staff, as GET /api/staff/me answers. */
export interface Staff {
  email: string;
  name: string;
  role: StaffRole;
}

/** The id of the signed-in layout's route, whose loader data is the member of staff. */
export const SIGNED_IN_ROUTE = "signed-in";

/** Loader of every signed-in page: who is signed in, or a trip to the sign-in page. */
export function loadStaff({ request }: { request: Request }): Promise<Staff> {
  return load<Staff>(request, apiPaths.staffMe);
}

/** The signed-in member of staff, on any page under the signed-in layout. */
export function useStaff(): Staff {
  const staff = useRouteLoaderData(SIGNED_IN_ROUTE) as Staff | undefined;
  if (!staff) throw new Error("useStaff() is for pages under the signed-in layout.");
  return staff;
}

/** What each role may open (the server checks the same on every request). */
export const ROLE_ACCESS = {
  leads: ["admin", "sales"],
  subscribers: ["admin", "marketing"],
  reports: ["admin", "marketing"],
  admin: ["admin"],
} as const satisfies Record<string, readonly StaffRole[]>;

export function mayOpen(staff: Staff, area: keyof typeof ROLE_ACCESS): boolean {
  return (ROLE_ACCESS[area] as readonly StaffRole[]).includes(staff.role);
}

/** The first page for a role: sales and admins the inbox, marketing the subscribers. */
export function startPageFor(staff: Staff): string {
  return mayOpen(staff, "leads") ? "/leads" : "/subscribers";
}
