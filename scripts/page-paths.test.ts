import { expect, it } from "vitest";
import * as paths from "../common/paths";
import { articleFiles as bundledArticleFiles, loadArticles } from "../app/content/markdown.server";
import { routeTable } from "../app/routes";
import { articleFiles, articlePaths, onePagePerModule, pagePaths, routePaths } from "./page-paths";

it("lists the 36 public pages and one per article, home first, without the catch-all", () => {
  const pages = pagePaths();
  const articles = articlePaths();
  expect(articles.length).toBeGreaterThanOrEqual(1);
  expect(pages).toHaveLength(36 + articles.length);
  expect(pages[0]).toBe(paths.pagePaths.home);
  expect(new Set(pages).size).toBe(36 + articles.length);
  expect(pages).toEqual(expect.arrayContaining(articles));
  expect(pages).toContain("/articles/mobile-money-collections-for-small-businesses");
  expect(articles).toEqual(loadArticles().map((article) => paths.articlePath(article.slug)));
  expect(pages).toContain(paths.servicePaths.bulkPay);
  expect(pages).toContain(paths.policyPaths.cancellation);
  expect(pages.some((p) => p.includes("*"))).toBe(false);
});

it("names one public page per module of the route table, the first of those sharing one", () => {
  const pages = onePagePerModule();
  const moduleOf = new Map(routeTable(articleFiles()).map((route) => [route.path, route.file]));
  const publicModules = new Set(pagePaths().map((p) => moduleOf.get(p)));
  expect(pages.map((p) => moduleOf.get(p)).sort()).toEqual([...publicModules].sort());
  expect(pages[0]).toBe(paths.pagePaths.home);
  // The first service page stands for the others; the first article for every article.
  expect(pages).toContain(paths.servicePaths.collections);
  expect(pages).not.toContain(paths.servicePaths.bulkPay);
  expect(pages).toContain(articlePaths()[0]);
  expect(pages.filter((p) => articlePaths().includes(p))).toHaveLength(1);
  expect(pages).toContain(paths.pagePaths.termsAndConditions);
  expect(pages).not.toContain(paths.policyPaths.cancellation);
  expect(pages.length).toBeLessThan(pagePaths().length);
});

it("leaves the pages that follow an action out", () => {
  expect(pagePaths()).toEqual(
    routePaths().filter((p) => !paths.unlistedPaths.includes(p) && p !== paths.articleFeedPath),
  );
  expect(routePaths()).toContain(paths.articleFeedPath);
  expect(pagePaths()).not.toContain(paths.articleFeedPath);
  expect(routePaths()).toEqual(expect.arrayContaining([...paths.unlistedPaths]));
  expect(pagePaths()).not.toContain(paths.newsletterLinkPaths.confirm);
  expect(pagePaths()).not.toContain(paths.formStatusPaths.notSent);
});

it("routes every page of common/paths.ts exactly once", () => {
  const {
    apiPaths: _api,
    notFoundPath: _notFound,
    unlistedPaths: _unlisted,
    articleFeedPath,
    articlePath: _articlePath,
    articleSlug: _articleSlug,
    // The staff console routes in the browser (console/), not in the site's route table.
    consolePaths: _console,
    consoleLeadPath: _consoleLeadPath,
    ...groups
  } = paths;
  // The articles as the Markdown loader sees them: the route table must agree.
  const everyPage = [
    ...Object.values(groups).flatMap((group) => Object.values(group)),
    ...loadArticles().map((article) => paths.articlePath(article.slug)),
    articleFeedPath,
  ];
  expect([...routePaths()].sort()).toEqual([...everyPage].sort());
});

it("lists the same articles from the folder as the renderer bundles", () => {
  expect(articleFiles().toSorted()).toEqual(bundledArticleFiles().toSorted());
});
