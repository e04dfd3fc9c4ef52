import { expect, it } from "vitest";
import * as paths from "../shared/paths";
import { pagePaths, routePaths } from "./page-paths";

it("lists the 36 public pages, home first, without the catch-all", () => {
  const pages = pagePaths();
  expect(pages).toHaveLength(36);
  expect(pages[0]).toBe(paths.pagePaths.home);
  expect(new Set(pages).size).toBe(36);
  expect(pages).toContain(paths.servicePaths.bulkPay);
  expect(pages).toContain(paths.policyPaths.cancellation);
  expect(pages.some((p) => p.includes("*"))).toBe(false);
});

it("leaves the pages that follow an action out", () => {
  expect(pagePaths()).toEqual(routePaths().filter((p) => !paths.unlistedPaths.includes(p)));
  expect(routePaths()).toEqual(expect.arrayContaining([...paths.unlistedPaths]));
  expect(pagePaths()).not.toContain(paths.newsletterLinkPaths.confirm);
  expect(pagePaths()).not.toContain(paths.formStatusPaths.notSent);
});

it("routes every page of shared/paths.ts exactly once", () => {
  const { apiPaths: _api, notFoundPath: _notFound, unlistedPaths: _unlisted, ...groups } = paths;
  const everyPage = Object.values(groups).flatMap((group) => Object.values(group));
  expect([...routePaths()].sort()).toEqual([...everyPage].sort());
});
