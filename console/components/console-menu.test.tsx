// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ConsoleMenu, menuLinks } from "./console-menu";

const PAGES = [
  { path: "/leads", label: "Leads" },
  { path: "/reports", label: "Reports" },
];
const COUNTS = { mine: 3, unassigned: 5, newSinceVisit: 2 };

function renderMenu(address: string) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <ConsoleMenu links={menuLinks(PAGES, "/leads", COUNTS)} />
    </MemoryRouter>,
  );
}

describe("the console menu's desk", () => {
  it("follows the inbox with My leads and Unassigned and their counts, for roles that work leads", () => {
    const links = menuLinks(PAGES, "/leads", COUNTS);
    expect(links.map((link) => link.label)).toEqual([
      "Leads",
      "My leads (3)",
      "Unassigned (5)",
      "Reports",
    ]);
    // What arrived since the last visit is said beside the inbox's link, which keeps its name.
    expect(links[0]?.note).toBe("2 new");
    expect(menuLinks(PAGES, "/leads", { ...COUNTS, newSinceVisit: 0 })[0]?.note).toBeUndefined();
    // Without counts (marketing), the pages alone.
    expect(menuLinks(PAGES, "/leads", null)).toEqual(PAGES);
  });

  it("links each view to the inbox showing it, the current one marked as such", () => {
    renderMenu("/leads?view=mine&status=new");
    // The wide menu's links (the folded one holds the same).
    const [mine] = screen.getAllByRole("link", { name: "My leads (3)", hidden: true });
    expect(mine).toHaveAttribute("href", "/leads?view=mine");
    expect(mine).toHaveAttribute("aria-current", "page");
    const [inbox] = screen.getAllByRole("link", { name: "Leads", hidden: true });
    expect(inbox).not.toHaveAttribute("aria-current");
    expect(inbox?.parentElement).toHaveTextContent("Leads2 new");
    const [unassigned] = screen.getAllByRole("link", { name: "Unassigned (5)", hidden: true });
    expect(unassigned).toHaveAttribute("href", "/leads?view=unassigned");
  });

  it("marks the inbox current on a lead's page and on the inbox without a view", () => {
    renderMenu("/leads/contact_1?from=%3Fview%3Dmine");
    const [inbox] = screen.getAllByRole("link", { name: "Leads", hidden: true });
    expect(inbox).toHaveAttribute("aria-current", "page");
    const [mine] = screen.getAllByRole("link", { name: "My leads (3)", hidden: true });
    expect(mine).not.toHaveAttribute("aria-current");
  });
});
