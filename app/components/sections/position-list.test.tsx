// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { site } from "@common/site";
import { PositionList, positionsCountText } from "./position-list";

const position = (id: number) => ({
  id,
  category: "Engineering",
  title: `Engineer ${id}`,
  company: site.name,
  location: site.address.city,
  workType: "Full-time",
  description: `Build things ${id}`,
  applicationEmail: "careers@example.com",
});

describe("careers list", () => {
  it("says how many positions are open", () => {
    expect(positionsCountText(0)).toBe("No available positions");
    expect(positionsCountText(1)).toBe("1 position available");
    expect(positionsCountText(3)).toBe("3 positions available");
  });

  it("opens the first card, one at a time, with an e-mail to apply", () => {
    const { container } = render(<PositionList items={[position(1), position(2)]} />);
    expect(screen.getByText("2 positions available")).toBeInTheDocument();
    // One <details> per position sharing a name: the browser keeps one open at a time.
    const cards = [...container.querySelectorAll("details")];
    expect(cards.map((card) => card.open)).toEqual([true, false]);
    expect(cards[1]!.getAttribute("name")).toBe(cards[0]!.getAttribute("name"));
    expect(cards[1]).toHaveTextContent("Build things 2");
    expect(within(cards[0]!).getByRole("link", { name: "careers@example.com" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:careers@example\.com\?subject=/),
    );
  });

  it("mails the position's one address, with the subject as the only header field", () => {
    const hostile = {
      ...position(1),
      applicationEmail: "jobs?bcc=spy@evil.example&x=1@example.com",
    };
    render(<PositionList items={[hostile]} />);
    const href = screen.getByRole("link", { name: hostile.applicationEmail }).getAttribute("href");
    const url = new URL(href ?? "");
    expect(decodeURIComponent(url.pathname)).toBe(hostile.applicationEmail);
    expect([...new URLSearchParams(url.search)]).toEqual([["subject", "Application: Engineer 1"]]);
  });
});
