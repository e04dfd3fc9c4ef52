// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { filtersFrom, leadFromList } from "./inbox-filters";
import { LeadNeighbours } from "./lead-neighbours";

function renderNeighbours(neighbours: Parameters<typeof LeadNeighbours>[0]["neighbours"]) {
  return render(
    <MemoryRouter>
      <LeadNeighbours neighbours={neighbours} />
    </MemoryRouter>,
  );
}

describe("a lead's previous and next", () => {
  it("links both neighbours, each keeping the list the lead came from", () => {
    renderNeighbours({ previous: "contact_1", next: "demo_2", from: "?view=mine" });
    const previous = screen.getByRole("link", { name: "Previous lead" });
    const next = screen.getByRole("link", { name: "Next lead" });
    expect(previous).toHaveAttribute("rel", "prev");
    expect(next).toHaveAttribute("rel", "next");
    expect(previous).toHaveAttribute("href", "/leads/contact_1?from=%3Fview%3Dmine");
    expect(next).toHaveAttribute("href", leadFromList("demo_2", "?view=mine"));
  });

  it("leaves out the link past either end, and both when not opened from a list", () => {
    renderNeighbours({ previous: null, next: "demo_2", from: "" });
    expect(screen.queryByRole("link", { name: "Previous lead" })).toBeNull();
    expect(screen.getByRole("link", { name: "Next lead" })).toHaveAttribute(
      "href",
      "/leads/demo_2?from=",
    );
    const { container } = renderNeighbours(null);
    expect(container).toBeEmptyDOMElement();
  });

  it("reads only the inbox's filters from the list it came from", () => {
    expect(filtersFrom("?view=mine&status=new&cursor=abc&q=%20")).toEqual({
      view: "mine",
      status: "new",
    });
    expect(filtersFrom("")).toEqual({});
  });
});
