// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../staff-api/session";
import { SIGNED_IN_ROUTE } from "../session";
import type { LeadSummary } from "../../staff-api/leads";
import { savedFilterAction } from "../components/saved-filters";
import { InboxPage, inboxLoader } from "./inbox";

/** How long the loader may take on a busy machine before the page shows. */
const LOADED = { timeout: 5000 };

const STAFF: Me = { email: "ama@example.com", name: "Ama", role: "sales" };

/**
 * The staff API as the inbox's loader reads it: a list (empty unless given), its stats, the team,
 * the account's visit and its saved filters.
 */
function stubApi({
  items = [] as unknown[],
  since = null as string | null,
  saved = [] as unknown[],
} = {}) {
  const answers: Record<string, unknown> = {
    "/api/staff/leads": { items, nextCursor: null },
    "/api/staff/leads/stats": { count: items.length, responded: 0, averageFirstResponseMs: null },
    "/api/staff/team": { items: [] },
    "/api/staff/leads/visits": { since },
    "/api/staff/saved-filters": { items: saved },
  };
  const fetch = vi.fn(async (address: string, _init?: RequestInit) => {
    const path = new URL(address, "http://console.test").pathname;
    return Response.json(answers[path] ?? { error: "not stubbed" }, {
      status: path in answers ? 200 : 404,
    });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** A contact message as the list answers it. */
function leadSummary(lead: Pick<LeadSummary, "id" | "firstName"> & { createdAt?: string }) {
  const createdAt = lead.createdAt ?? "2026-11-02T10:00:00.000Z";
  return {
    type: "contact",
    createdAt,
    status: "new",
    owner: null,
    source: null,
    lastName: "Mensah",
    email: "efua@example.com",
    phone: "",
    firstResponseAt: null,
    dueAt: null,
    target: null,
    lastActivityAt: createdAt,
    ...lead,
  } satisfies LeadSummary;
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
      children: [
        { path: "leads", Component: InboxPage, loader: inboxLoader, action: savedFilterAction },
      ],
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

  it("marks the leads new since the account's last visit, as the server keeps it", async () => {
    const fetch = stubApi({
      since: "2026-11-02T09:00:00.000Z",
      items: [
        leadSummary({
          id: "contact_new",
          firstName: "Efua",
          createdAt: "2026-11-02T10:00:00.000Z",
        }),
        leadSummary({ id: "contact_old", firstName: "Yaa", createdAt: "2026-11-01T10:00:00.000Z" }),
      ],
    });
    renderInbox("/leads");
    const row = (name: string) => screen.getByRole("link", { name }).closest("li");
    await screen.findByRole("link", { name: "Efua Mensah" }, LOADED);
    expect(row("Efua Mensah")).toHaveTextContent("New since your last visit");
    expect(row("Yaa Mensah")).not.toHaveTextContent("New since");
    // Loading the inbox is a view of it, recorded on the server.
    const visits = fetch.mock.calls.filter(([address]) => String(address).endsWith("/visits"));
    expect(visits).toHaveLength(1);
    expect(visits[0]?.[1]).toMatchObject({ method: "POST" });
  });

  it("links each lead with the list it is in, for its next and previous", async () => {
    stubApi({ items: [leadSummary({ id: "contact_1", firstName: "Efua" })] });
    renderInbox("/leads?view=mine&status=new");
    const link = await screen.findByRole("link", { name: "Efua Mensah" }, LOADED);
    const href = new URL(link.getAttribute("href") ?? "", "http://x");
    expect(href.pathname).toBe("/leads/contact_1");
    expect(href.searchParams.get("from")).toBe("?view=mine&status=new");
  });

  it("lists the saved filters with their Delete buttons, and saves the filters set", async () => {
    stubApi({ saved: [{ id: "f1", name: "My new", query: "view=mine&status=new" }] });
    renderInbox("/leads");
    const saved = await screen.findByRole("link", { name: "My new" }, LOADED);
    expect(saved).toHaveAttribute("href", "/leads?view=mine&status=new");
    expect(screen.getByRole("button", { name: "Delete saved filter My new" })).toBeVisible();
    // Nothing to save without a filter.
    expect(screen.queryByRole("form", { name: "Save this filter" })).toBeNull();

    cleanup();
    stubApi();
    renderInbox("/leads?status=new");
    const form = await screen.findByRole("form", { name: "Save this filter" }, LOADED);
    expect(within(form).getByRole("textbox", { name: /Name of this filter/ })).toBeRequired();
    expect(within(form).getByRole("button", { name: "Save this filter" })).toBeVisible();
  });
});
