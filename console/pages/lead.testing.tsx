import { render } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import type { TeamMember } from "../../staff-api/admin";
import type { LeadDetail } from "../../staff-api/leads";
import type { Me } from "../../staff-api/session";
import { leadDetail } from "../../staff-api/test-samples";
import { SIGNED_IN_ROUTE } from "../session";
import { LeadPage, leadAction } from "./lead";
import { withDuplicateActions } from "../components/lead-duplicate-actions";

/** Who is signed in on the tests' lead page. */
export const SIGNED_IN: Me = { email: "ama@example.com", name: "Ama", role: "sales" };

/**
 * The lead page as the console shows it, under the signed-in layout (whose member of staff keys
 * the drafts), with `lead` (the sample's fields where it says none) and the `team`. `lead` is
 * read again after each action, as the real loader does; a test changes it to what the server
 * would answer then.
 */
export function renderLead(
  lead: Partial<LeadDetail> | (() => LeadDetail),
  team: TeamMember[] = [],
) {
  const read = typeof lead === "function" ? lead : () => leadDetail(lead);
  const Stub = createRoutesStub([
    {
      id: SIGNED_IN_ROUTE,
      path: "/",
      Component: Outlet,
      HydrateFallback: () => null,
      loader: () => SIGNED_IN,
      children: [
        {
          path: "leads/:id",
          Component: LeadPage,
          loader: () => ({ lead: read(), version: '"1"', team }),
          action: withDuplicateActions(leadAction),
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={["/leads/contact-1"]} />);
}
