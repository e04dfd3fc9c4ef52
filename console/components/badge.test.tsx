// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TargetBadge, targetWords } from "./badge";

const NOW = new Date("2026-11-09T10:00:00.000Z");
const due = (minutesFromNow: number) =>
  new Date(NOW.getTime() + minutesFromNow * 60_000).toISOString();

describe("a lead's target in words", () => {
  it("says how long is left, how long it is overdue, or whether it was answered in time", () => {
    expect(targetWords({ dueAt: due(80), target: "ok" }, NOW)).toBe("Due in 1 h 20 min");
    expect(targetWords({ dueAt: due(20), target: "near" }, NOW)).toBe("Due soon: in 20 min");
    expect(targetWords({ dueAt: due(-35), target: "overdue" }, NOW)).toBe("Overdue by 35 min");
    expect(targetWords({ dueAt: due(-35), target: "met" }, NOW)).toBe("Answered in time");
    expect(targetWords({ dueAt: due(-35), target: "missed" }, NOW)).toBe("Answered late");
    expect(targetWords({ dueAt: null, target: null }, NOW)).toBeNull();
  });

  it("counts on with the page's clock: a lead in time when loaded can be overdue since", () => {
    expect(targetWords({ dueAt: due(-5), target: "ok" }, NOW)).toBe("Overdue by 5 min");
  });

  it("shows the words with the due time in Accra time as its title", () => {
    render(<TargetBadge lead={{ dueAt: due(80), target: "ok" }} now={NOW} />);
    expect(screen.getByText("Due in 1 h 20 min")).toHaveAttribute(
      "title",
      "Due 9 Nov 2026, 11:20 Accra time",
    );
  });
});
