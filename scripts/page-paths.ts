import routes from "../app/routes";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every public page path in the route table, "/" first; the catch-all is not a page. */
export function pagePaths(entries: readonly RouteEntry[] = routes, prefix = ""): string[] {
  return entries.flatMap((entry) => {
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
