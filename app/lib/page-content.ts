import { createContext, useContext } from "react";
import type { PageSeo } from "~/content/types";
import { getMeta } from "./meta";

/**
 * The path of the page being rendered, provided by the document (app/document.tsx) so that a
 * component deep in a shared page finds its content without the path passed down to it.
 */
export const PagePathContext = createContext<string | undefined>(undefined);

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
  const path = useContext(PagePathContext);
  if (path === undefined) throw new Error("useCurrentPage outside a rendered page");
  return pageAt(pages, path);
}

/** A route's `meta`: the search and share tags of the page at the current path. */
export function metaFromPages(
  pages: Readonly<Record<string, { seo: PageSeo }>>,
  { noindex = false } = {},
) {
  return ({ path }: { path: string }) => getMeta({ ...pageAt(pages, path).seo, path, noindex });
}
