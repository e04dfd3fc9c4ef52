import { type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import { type LeadCounts, leadsApi, mayOwnLeads } from "../staff-api/leads";
import { type MyAccount, sessionApi } from "../staff-api/session";
import { ApiError, loadCall } from "./api";

/** The signed-in member of staff, as `me` answers (staff-api/session.ts): away or not too. */
export type Staff = MyAccount;

/** The id of the signed-in layout's route, whose loader data is the member of staff. */
export const SIGNED_IN_ROUTE = "signed-in";

/** Loader of every signed-in page: who is signed in, or a trip to the sign-in page. */
export function loadStaff({ request }: { request: Request }): Promise<Staff> {
  return loadCall(request, sessionApi.me);
}

/**
 * The signed-in layout's loader: the member of staff, and for a role that works leads the menu's
 * counts (`leadsApi.counts`: my open leads, the unassigned, new since the last visit). Counts the
 * server could not give leave the menu without them rather than fail the page.
 */
export async function loadSignedIn(args: { request: Request }) {
  const staff = await loadStaff(args);
  let deskCounts: LeadCounts | null = null;
  if (mayOwnLeads(staff.role)) {
    try {
      deskCounts = await loadCall(args.request, leadsApi.counts);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return { ...staff, deskCounts };
}

/**
 * The layout is read again on every navigation to another address, not only after a change: the
 * menu's counts follow the leads as people work them, and an account made away elsewhere shows.
 */
export function signedInShouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.href !== nextUrl.href || defaultShouldRevalidate;
}

/** The signed-in member of staff, on any page under the signed-in layout. */
export function useStaff(): Staff {
  const staff = useRouteLoaderData<typeof loadStaff>(SIGNED_IN_ROUTE);
  if (!staff) throw new Error("useStaff() is for pages under the signed-in layout.");
  return staff;
}

/** The menu's counts, when the layout loaded them (a role that works leads). */
export function useDeskCounts(): LeadCounts | null {
  return useRouteLoaderData<typeof loadSignedIn>(SIGNED_IN_ROUTE)?.deskCounts ?? null;
}
