import { describe, expect, it } from "vitest";
import { type Step, clock, duration, readySteps, steps, timingTable } from "./test";

describe("npm test's timing summary", () => {
  it("lists each step by when it started, with its time, marks the failed and the stopped, and ends with the wall time", () => {
    const table = timingTable(
      [
        { name: "unit, component and API tests", startMs: 1_200, ms: 185_000, outcome: "failed" },
        { name: "lint", startMs: 0, ms: 41_950, outcome: "passed" },
        { name: "browser tests", startMs: 21_000, ms: 165_000, outcome: "stopped" },
        { name: "built-site tests", startMs: 0, ms: 0, outcome: "not run" },
      ],
      227_000,
    ).split("\n");
    expect(table).toEqual([
      "                                  starts at        took",
      "✔ lint                                 0:00      42.0 s",
      "✖ unit, component and API tests        0:01  3 min 05 s",
      "■ browser tests                        0:21  2 min 45 s",
      "· built-site tests                              not run",
      "  total                                      3 min 47 s",
    ]);
  });

  it("gives whole minutes with two-digit seconds", () => {
    const said = [duration(60_000), duration(59_940), clock(0), clock(247_400)];
    expect(said).toEqual(["1 min 00 s", "59.9 s", "0:00", "4:07"]);
  });
});

describe("which steps start", () => {
  const build: Step = { name: "build", args: [] };
  const browser: Step = { name: "browser tests", args: [], after: ["build"] };
  const lint: Step = { name: "lint", args: [] };

  it("starts every step that comes after none at once, and one after the build once it passed", () => {
    const all = [build, browser, lint];
    expect(readySteps(all, new Set(), new Set())).toEqual([build, lint]);
    expect(readySteps(all, new Set(["build", "lint"]), new Set())).toEqual([]);
    expect(readySteps(all, new Set(["build", "lint"]), new Set(["build"]))).toEqual([browser]);
  });

  it("comes `after` only steps that exist, so that no step waits forever", () => {
    const names = new Set(steps.map((step) => step.name));
    expect(steps.flatMap((step) => step.after ?? []).filter((name) => !names.has(name))).toEqual(
      [],
    );
    expect(names.size).toBe(steps.length);
  });
});
