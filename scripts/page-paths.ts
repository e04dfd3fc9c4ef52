import { readdirSync } from "node:fs";
import { routeTable } from "../app/routes";
import { articleFeedPath, pagePaths as sitePaths, unlistedPaths } from "../common/paths";

/** The articles' Markdown files as the folder holds them (app/content/articles/). */
export function articleFiles(): string[] {
  return readdirSync(new URL("../app/content/articles/", import.meta.url)).filter((file) =>
    file.endsWith(".md"),
  );
}

/** Every path the route table serves, "/" first, in the table's order. The missing page is none. */
export function routePaths(): string[] {
  return routeTable(articleFiles()).map((route) => route.path);
}

/**
 * The public pages: every path of the route table but those that only make sense after an
 * action (common/paths.ts, `unlistedPaths`) and the articles' feed, which is no page. The sitemap
 * and the browser tests list these.
 */
export function pagePaths(): string[] {
  return routePaths().filter((p) => !unlistedPaths.includes(p) && p !== articleFeedPath);
}

/**
 * One public page per module of the route table, the first in the table's order: the pages that
 * share a module (services, products, demo requests, policies, articles) share its layout and
 * differ only in their words. What depends on the layout alone, such as the layout on a phone,
 * is checked on these.
 */
export function onePagePerModule(): string[] {
  const listed = new Set(pagePaths());
  const firstOfModule = new Map<string, string>();
  for (const route of routeTable(articleFiles())) {
    if (listed.has(route.path) && !firstOfModule.has(route.file)) {
      firstOfModule.set(route.file, route.path);
    }
  }
  return [...firstOfModule.values()];
}

/** The articles' pages (app/routes.ts has one per Markdown file), newest first. */
export function articlePaths(): string[] {
  return pagePaths().filter((p) => p.startsWith(`${sitePaths.articles}/`));
}
