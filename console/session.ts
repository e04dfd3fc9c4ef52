import { useRouteLoaderData } from "react-router";
import { type MyAccount, sessionApi } from "../staff-api/session";
import { loadCall } from "./api";

/** The signed-in member of staff, as `me` answers (staff-api/session.ts): away or not too. */
export type Staff = MyAccount;

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
