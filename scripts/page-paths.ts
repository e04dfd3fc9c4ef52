import routes from "../app/routes";

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/**
 * Every public page path in the route table, "/" first. The catch-all is not a page, and routes
 * whose id starts with "unlisted-" (newsletter link landing pages) are not listed.
 */
export function pagePaths(entries: readonly RouteEntry[] = routes, prefix = ""): string[] {
  return entries.flatMap((entry) => {
    if (entry.id?.startsWith("unlisted-")) return [];
    const own = entry.index
      ? [prefix || "/"]
      : entry.path && entry.path !== "*"
        ? [`${prefix}/${entry.path}`]
        : [];
    const nested = entry.children
      ? pagePaths(entry.children, entry.path ? `${prefix}/${entry.path}` : prefix)
      : [];
    return [...own, ...nested];
  });
}
