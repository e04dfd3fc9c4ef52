import { useRouteLoaderData } from "react-router";
import { accountsApi, erasureApi, outboxApi } from "../staff-api/admin";
import { auditApi } from "../staff-api/audit";
import { leadsApi } from "../staff-api/leads";
import { mailDomainApi, mailTemplatesApi, suppressionsApi } from "../staff-api/mail";
import { campaignsApi, welcomeApi } from "../staff-api/newsletter";
import { peopleApi } from "../staff-api/people";
import { reportsApi } from "../staff-api/reports";
import { type StaffRole, roleAllows } from "../staff-api/roles";
import { type Me, sessionApi } from "../staff-api/session";
import { subscribersApi } from "../staff-api/subscribers";
import { loadCall } from "./api";

/** The signed-in member of staff, as `me` answers (staff-api/session.ts). */
export type Staff = Me;

/** The id of the signed-in layout's route, whose loader data is the member of staff. */
export const SIGNED_IN_ROUTE = "signed-in";

/** Loader of every signed-in page: who is signed in, or a trip to the sign-in page. */
export function loadStaff({ request }: { request: Request }): Promise<Staff> {
  return loadCall(request, sessionApi.me);
}

/** The signed-in member of staff, on any page under the signed-in layout. */
export function useStaff(): Staff {
  const staff = useRouteLoaderData<typeof loadStaff>(SIGNED_IN_ROUTE);
  if (!staff) throw new Error("useStaff() is for pages under the signed-in layout.");
  return staff;
}

/**
 * Who may open each area of the console: the roles of the endpoint its page loads, as the
 * contract lists them (the server checks the same on every request).
 */
export const ROLE_ACCESS = {
  leads: leadsApi.list.roles,
  subscribers: subscribersApi.list.roles,
  reports: reportsApi.leads.roles,
  campaigns: campaignsApi.list.roles,
  welcome: welcomeApi.get.roles,
  accounts: accountsApi.list.roles,
  audit: auditApi.list.roles,
  erase: erasureApi.forget.roles,
  accessRequest: peopleApi.export.roles,
  outbox: outboxApi.list.roles,
  suppressions: suppressionsApi.list.roles,
  sendingDomain: mailDomainApi.check.roles,
  emails: mailTemplatesApi.list.roles,
} as const satisfies Record<string, readonly StaffRole[]>;

/** An area of the console, as the navigation and the pages' guards name it. */
export type ConsoleArea = keyof typeof ROLE_ACCESS;

export function mayOpen(staff: Staff, area: ConsoleArea): boolean {
  return roleAllows(staff.role, ROLE_ACCESS[area]);
}

/** The first page for a role: sales and admins the inbox, marketing the subscribers. */
export function startPageFor(staff: Staff): string {
  return mayOpen(staff, "leads") ? "/leads" : "/subscribers";
}
