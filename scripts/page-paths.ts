import routes from "../app/routes";
import { articleFeedPath, pagePaths as sitePaths, unlistedPaths } from "../common/paths";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every path the route table serves, "/" first, in the table's order. The catch-all is not one. */
export function routePaths(entries: readonly RouteEntry[] = routes, prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index
      ? [prefix || "/"]
      : entry.path && entry.path !== "*"
        ? [`${prefix}/${entry.path}`]
        : [];
    const nested = entry.children
      ? routePaths(entry.children, entry.path ? `${prefix}/${entry.path}` : prefix)
      : [];
    return [...own, ...nested];
  });
}

/**
 * The public pages: every path of the route table but those that only make sense after an
 * action (common/paths.ts, `unlistedPaths`) and the articles' feed, which is no page. The sitemap
 * and the browser tests list these.
 */
export function pagePaths(): string[] {
  return routePaths().filter((p) => !unlistedPaths.includes(p) && p !== articleFeedPath);
}

/** The articles' pages (app/routes.ts has one per Markdown file), newest first. */
export function articlePaths(): string[] {
  return pagePaths().filter((p) => p.startsWith(`${sitePaths.articles}/`));
}
