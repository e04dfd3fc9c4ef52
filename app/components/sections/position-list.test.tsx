// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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

  it("opens the first card, one at a time, with an e-mail to apply", async () => {
    const user = userEvent.setup();
    render(<PositionList items={[position(1), position(2)]} />);
    expect(screen.getByText("2 positions available")).toBeInTheDocument();
    expect(screen.getByText("Build things 1")).toBeVisible();
    expect(screen.getByText("Build things 2")).not.toBeVisible();
    await user.click(screen.getByRole("button", { name: /Engineer 2/ }));
    expect(screen.getByText("Build things 2")).toBeVisible();
    expect(screen.getByText("Build things 1")).not.toBeVisible();
    expect(screen.getByRole("link", { name: "careers@example.com" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:careers@example\.com\?subject=/),
    );
  });
});
