import { useLocation } from "react-router";
import type { PageSeo } from "~/content/types";
import { getMeta } from "./meta";

/**
 * Route modules shared by several pages (services, products, demos, status pages) find their
 * content by the page's path. The content is keyed by the typed paths of common/paths.ts, so a
 * page without content does not compile. Should a lookup still miss, it throws instead of
 * rendering a blank page: prerendering that page then fails the build.
 */
export function pageAt<T>(pages: Readonly<Record<string, T>>, path: string): T {
  const page = Object.hasOwn(pages, path) ? pages[path] : undefined;
  if (page === undefined) throw new Error(`No content for the page at ${path}`);
  return page;
}

/** The content of the page being shown. */
export function useCurrentPage<T>(pages: Readonly<Record<string, T>>): T {
  return pageAt(pages, useLocation().pathname);
}

/** A route's `meta`: the search and share tags of the page at the current path. */
export function metaFromPages(
  pages: Readonly<Record<string, { seo: PageSeo }>>,
  { noindex = false } = {},
) {
  return ({ location }: { location: { pathname: string } }) =>
    getMeta({ ...pageAt(pages, location.pathname).seo, path: location.pathname, noindex });
}
