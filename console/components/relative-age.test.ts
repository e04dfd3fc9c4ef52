import { describe, expect, it } from "vitest";
import { timeAgo } from "./relative-age";

const now = new Date("2026-11-27T12:00:00.000Z");
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("timeAgo", () => {
  it("says a lead's age as a person would, in the largest whole unit", () => {
    expect(timeAgo(before(30_000), now)).toBe("just now");
    expect(timeAgo(before(-5 * MINUTE), now)).toBe("just now");
    expect(timeAgo(before(5 * MINUTE), now)).toBe("5 min ago");
    expect(timeAgo(before(3 * 60 * MINUTE + 59 * MINUTE), now)).toBe("3 h ago");
    expect(timeAgo(before(DAY), now)).toBe("1 day ago");
    expect(timeAgo(before(2 * DAY + MINUTE), now)).toBe("2 days ago");
    expect(timeAgo(before(15 * DAY), now)).toBe("2 weeks ago");
    expect(timeAgo(before(95 * DAY), now)).toBe("3 months ago");
    expect(timeAgo(before(800 * DAY), now)).toBe("2 years ago");
    expect(timeAgo("not a date", now)).toBe("—");
  });
});
