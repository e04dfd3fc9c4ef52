import { render } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { vi } from "vitest";
import type { TeamMember } from "../../staff-api/admin";
import type { LeadSummary } from "../../staff-api/leads";
import type { SavedFilter } from "../../staff-api/saved-filters";
import type { Me } from "../../staff-api/session";
import { SIGNED_IN_ROUTE } from "../session";
import { InboxPage, inboxAction, inboxLoader } from "./inbox";

/** Who is signed in on the tests' inbox. */
export const SIGNED_IN: Me = { email: "ama@example.com", name: "Ama Owusu", role: "sales" };

/**
 * The staff API as the inbox reads it (`leads`, their stats, the `team`, the account's visit with
 * the time its "new" starts `since`, its `saved` filters), and `changed` as its answer to a
 * change of several leads; the fetch stub, whose calls a test reads.
 */
export function stubInboxApi({
  leads = [],
  team = [],
  since = null,
  saved = [],
  changed,
}: {
  leads?: LeadSummary[];
  team?: TeamMember[];
  since?: string | null;
  saved?: SavedFilter[];
  changed?: unknown;
} = {}) {
  const answers: Record<string, unknown> = {
    "/api/staff/leads": { items: leads, nextCursor: null },
    "/api/staff/leads/stats": { count: leads.length, responded: 0, averageFirstResponseMs: null },
    "/api/staff/team": { items: team },
    "/api/staff/leads/visits": { since },
    "/api/staff/saved-filters": { items: saved },
  };
  const fetch = vi.fn(async (address: string, init?: RequestInit) => {
    const path = new URL(address, "http://console.test").pathname;
    if (init?.method === "PATCH" && changed) return Response.json(changed);
    return Response.json(answers[path] ?? { error: "not stubbed" }, {
      status: path in answers ? 200 : 404,
    });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The inbox at `address`, its loader and action as the console runs them, signed in. */
export function renderInbox(address = "/leads") {
  const Stub = createRoutesStub([
    {
      id: SIGNED_IN_ROUTE,
      path: "/",
      loader: () => SIGNED_IN,
      HydrateFallback: () => null,
      children: [{ path: "leads", Component: InboxPage, loader: inboxLoader, action: inboxAction }],
    },
  ]);
  return render(<Stub initialEntries={[address]} />);
}
