import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("writes an ISO date the British way, without a leading zero on the day", () => {
    expect(formatDate("2023-09-05")).toBe("5 September 2023");
    expect(formatDate("2024-12-31")).toBe("31 December 2024");
    expect(formatDate("2025-01-01")).toBe("1 January 2025");
  });

  it("agrees with Intl's en-GB long date for every month", () => {
    const intl = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    for (let month = 1; month <= 12; month += 1) {
      const iso = `2026-${String(month).padStart(2, "0")}-17`;
      expect(formatDate(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
    }
  });

  it("refuses what is not an ISO date instead of printing nonsense", () => {
    expect(() => formatDate("15/09/2023")).toThrow(RangeError);
    expect(() => formatDate("2023-13-01")).toThrow(RangeError);
  });
});
