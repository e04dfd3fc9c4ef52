import { describe, expect, it } from "vitest";
import { duration, timingTable } from "./test";

describe("npm test's timing summary", () => {
  it("lists each step that ran with its time, marks the failed one, and ends with the wall time", () => {
    const table = timingTable(
      [
        { name: "typecheck", ms: 41_950, ok: true },
        { name: "unit, component and API tests", ms: 185_000, ok: false },
      ],
      227_000,
    ).split("\n");
    expect(table).toEqual([
      "✔ typecheck                          42.0 s",
      "✖ unit, component and API tests  3 min 05 s",
      "  total                          3 min 47 s",
    ]);
  });

  it("gives whole minutes with two-digit seconds", () => {
    expect(duration(60_000)).toBe("1 min 00 s");
    expect(duration(59_940)).toBe("59.9 s");
  });
});
