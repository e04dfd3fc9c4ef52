// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../staff-api/session";
import { SIGNED_IN_ROUTE } from "../session";
import { InboxPage, inboxLoader } from "./inbox";

/** How long the loader may take on a busy machine before the page shows. */
const LOADED = { timeout: 5000 };

const STAFF: Me = { email: "ama@example.com", name: "Ama", role: "sales" };

/** The staff API as the inbox's loader reads it: an empty list, its stats and the team. */
function stubApi() {
  const answers: Record<string, unknown> = {
    "/api/staff/leads": { items: [], nextCursor: null },
    "/api/staff/leads/stats": { count: 0, responded: 0, averageFirstResponseMs: null },
    "/api/staff/team": { items: [] },
  };
  const fetch = vi.fn(async (address: string) => {
    const path = new URL(address, "http://console.test").pathname;
    return Response.json(answers[path] ?? { error: "not stubbed" }, {
      status: path in answers ? 200 : 404,
    });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderInbox(address: string) {
  const Stub = createRoutesStub([
    {
      id: SIGNED_IN_ROUTE,
      path: "/",
      loader: () => STAFF,
      HydrateFallback: () => null,
      children: [{ path: "leads", Component: InboxPage, loader: inboxLoader }],
    },
  ]);
  return render(<Stub initialEntries={[address]} />);
}

describe("the inbox", () => {
  it("offers the CSV and the Excel export side by side, each with the filters shown", async () => {
    const fetch = stubApi();
    renderInbox("/leads?q=Ama%20Mensah&status=new&owner=none&since=2026-11-01");
    const csv = await screen.findByRole("link", { name: "Export CSV" }, LOADED);
    const excel = screen.getByRole("link", { name: "Export Excel (.xlsx)" });
    const query = "?q=Ama+Mensah&status=new&owner=none&since=2026-11-01";
    expect(new URL(csv.getAttribute("href") ?? "", "http://x").pathname).toBe(
      "/api/staff/leads.csv",
    );
    expect(new URL(excel.getAttribute("href") ?? "", "http://x").pathname).toBe(
      "/api/staff/leads.xlsx",
    );
    // The same filters the list was loaded with, in both.
    const listed = new URL(String(fetch.mock.calls[0]?.[0]), "http://x");
    const filters = (href: string | null) =>
      [...new URL(href ?? "", "http://x").searchParams].toSorted();
    expect(filters(csv.getAttribute("href"))).toEqual([...listed.searchParams].toSorted());
    expect(filters(excel.getAttribute("href"))).toEqual(filters(csv.getAttribute("href")));
    expect(filters(excel.getAttribute("href"))).toEqual([...new URLSearchParams(query)].toSorted());
    expect(excel).toHaveAttribute("download");
    expect(csv.compareDocumentPosition(excel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("exports everything when no filter is set", async () => {
    stubApi();
    renderInbox("/leads");
    const excel = await screen.findByRole("link", { name: "Export Excel (.xlsx)" }, LOADED);
    expect(excel).toHaveAttribute("href", "/api/staff/leads.xlsx");
  });
});
