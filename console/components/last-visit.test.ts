import { describe, expect, it } from "vitest";
import { VISIT_GAP_MS, nextVisit } from "./last-visit";

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 9, minutes));

describe("nextVisit", () => {
  it("marks nothing on a browser's first visit", () => {
    expect(nextVisit(null, at(0))).toEqual({ seenAt: at(0).toISOString(), since: null });
  });

  it("keeps the marks while the views follow each other, and moves them on after a break", () => {
    const first = nextVisit(null, at(0));
    const back = nextVisit(first, at(20));
    expect(back).toEqual({ seenAt: at(20).toISOString(), since: null });
    const later = nextVisit(back, new Date(at(20).getTime() + VISIT_GAP_MS));
    expect(later.since).toBe(at(20).toISOString());
    const reload = nextVisit(later, new Date(at(21).getTime() + VISIT_GAP_MS));
    expect(reload.since).toBe(at(20).toISOString());
  });
});
