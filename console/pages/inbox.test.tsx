// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
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
});
