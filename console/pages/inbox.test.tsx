// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leadSummary } from "../../staff-api/test-samples";
import { renderInbox, stubInboxApi } from "./inbox.testing";

/** How long the loader may take on a busy machine before the page shows. */
const LOADED = { timeout: 5000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the inbox", () => {
  it("offers the CSV and the Excel export side by side, each with the filters shown", async () => {
    const fetch = stubInboxApi();
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
    stubInboxApi();
    renderInbox("/leads");
    const excel = await screen.findByRole("link", { name: "Export Excel (.xlsx)" }, LOADED);
    expect(excel).toHaveAttribute("href", "/api/staff/leads.xlsx");
  });

  it("marks the leads new since the account's last visit, as the server keeps it", async () => {
    const fetch = stubInboxApi({
      since: "2026-11-02T09:00:00.000Z",
      leads: [
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
    stubInboxApi({ leads: [leadSummary({ id: "contact_1", firstName: "Efua" })] });
    renderInbox("/leads?view=mine&status=new");
    const link = await screen.findByRole("link", { name: "Efua Mensah" }, LOADED);
    const href = new URL(link.getAttribute("href") ?? "", "http://x");
    expect(href.pathname).toBe("/leads/contact_1");
    expect(href.searchParams.get("from")).toBe("?view=mine&status=new");
  });

  it("lists the saved filters with their Delete buttons, and saves the filters set", async () => {
    stubInboxApi({ saved: [{ id: "f1", name: "My new", query: "view=mine&status=new" }] });
    renderInbox("/leads");
    const saved = await screen.findByRole("link", { name: "My new" }, LOADED);
    expect(saved).toHaveAttribute("href", "/leads?view=mine&status=new");
    expect(screen.getByRole("button", { name: "Delete saved filter My new" })).toBeVisible();
    // Nothing to save without a filter.
    expect(screen.queryByRole("form", { name: "Save this filter" })).toBeNull();

    cleanup();
    stubInboxApi();
    renderInbox("/leads?status=new");
    const form = await screen.findByRole("form", { name: "Save this filter" }, LOADED);
    expect(within(form).getByRole("textbox", { name: /Name of this filter/ })).toBeRequired();
    expect(within(form).getByRole("button", { name: "Save this filter" })).toBeVisible();
  });
});
