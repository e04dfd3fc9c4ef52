import { expect, it } from "vitest";
import { pagePaths } from "./page-paths";

it("lists the 36 routes of spec 2.1, home first, without the catch-all", () => {
  const paths = pagePaths();
  expect(paths).toHaveLength(36);
  expect(paths[0]).toBe("/");
  expect(new Set(paths).size).toBe(36);
  expect(paths).toContain("/bulk-pay");
  expect(paths).toContain("/cancellation-policy");
  expect(paths.some((p) => p.includes("*"))).toBe(false);
});
