/**
 * The site's renderer: the entry of the build's ssr environment (vite.config.ts), built to
 * build/server/render/render.js. The build's prerender (scripts/prerender-plugin.ts) writes every
 * path of the route table with it; `npm run dev` renders each request with it through Vite
 * (scripts/dev.ts); and the server can render a page from data (an article stored in the
 * database) with `renderDocument`, in the same document, header and footer as a built page
 * (app/README.md says how to load it).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { Manifest } from "vite";
import { articleFiles } from "~/content/markdown.server";
import { Document } from "~/document";
import type { RefusedForm } from "@leads/refused-form";
import type { MetaDescriptor } from "~/lib/meta";
import { PageNotFound, type RouteModule } from "~/lib/page";
import { type PageAssets, assetsFromManifest } from "~/lib/page-assets";
import { RefusedFormContext } from "~/lib/refused-form";
import { type RouteEntry, notFoundRoute, routeTable } from "~/routes";
import { NOTHING_PUBLISHED, type PublishedContent } from "@common/published";
import {
  articleFeedPath,
  caseStudyPath,
  pagePaths,
  positionPath,
  unlistedPaths,
} from "@common/paths";
import { sitemapPath, sitemapXml } from "@common/sitemap";
import { publishedArticles } from "~/content/published.server";

export type { PageAssets } from "~/lib/page-assets";
export { devAssets } from "~/lib/page-assets";

const modules = import.meta.glob<RouteModule<unknown>>("./routes/*.{ts,tsx}");
const routes = routeTable(articleFiles());

/** What the renderer answers for a path: the page (or the feed) and its status. */
export interface Rendered {
  status: 200 | 404;
  contentType: string;
  body: string;
}

const HTML = "text/html; charset=utf-8";

/** The client build's assets, from its manifest (Vite's, under `<clientDir>/.vite/`). */
export async function loadAssets(clientDir: string): Promise<PageAssets> {
  const file = path.join(clientDir, ".vite", "manifest.json");
  return assetsFromManifest(JSON.parse(await readFile(file, "utf8")) as Manifest);
}

/** Every path the prerender writes: the route table's, then the missing page. */
export function prerenderPaths(): string[] {
  return [...routes, notFoundRoute].map((route) => route.path);
}

/**
 * A whole page as HTML: `page` (any element, say a route's component given data) in the site's
 * document with `head`'s tags. `path` is the page's address (shared pages look their content up
 * by it).
 */
export function renderDocument({
  path,
  head,
  page,
  assets,
  standalone = false,
}: {
  path: string;
  head: MetaDescriptor[];
  page: ReactNode;
  assets: PageAssets;
  standalone?: boolean;
}): string {
  const html = renderToString(
    <Document path={path} head={head} assets={assets} standalone={standalone}>
      {page}
    </Document>,
  );
  return `<!DOCTYPE html>${html}`;
}

/** What else a page is rendered for than its built form. */
export interface RenderOptions {
  /**
   * What marketing has published (the server's snapshot): its items get pages of their own, and
   * the list pages and the feed list them beside the built ones.
   */
  published?: PublishedContent;
  /** A draft's preview for staff: the page as it will look, kept out of search engines. */
  preview?: boolean;
  /**
   * A form of the page posted without JavaScript and refused: the page comes back with it
   * (lib/refused-form.ts), its title starting "Error: " as GOV.UK's pages do.
   */
  refused?: RefusedForm;
}

async function renderRoute(
  route: RouteEntry,
  assets: PageAssets,
  { refused, published = NOTHING_PUBLISHED, preview = false }: RenderOptions = {},
): Promise<Rendered> {
  const load = modules[`./${route.file}`];
  if (!load) throw new Error(`No module ${route.file} for ${route.path} (app/routes.ts)`);
  const module = await load();
  const status = route === notFoundRoute ? 404 : 200;
  const args = { path: route.path, published };
  if (module.file) return { status, ...module.file(args) };
  const Page = module.default;
  if (!Page) throw new Error(`${route.file} exports no page component`);
  let data: unknown;
  try {
    data = module.loader?.(args);
  } catch (error) {
    // A loader that finds nothing at its path (say, an article that is gone) gives the missing
    // page, as an unknown path does.
    if (error instanceof PageNotFound) return renderRoute(notFoundRoute, assets);
    throw error;
  }
  const props = { path: route.path, data };
  const head = module.meta?.(props) ?? [];
  const body = renderDocument({
    path: route.path,
    head: preview ? previewHead(head) : refused ? head.map(errorTitle) : head,
    page: (
      <RefusedFormContext value={refused ?? null}>
        <Page {...props} />
      </RefusedFormContext>
    ),
    assets,
    standalone: route.standalone,
  });
  return { status, contentType: HTML, body };
}

/** A screen reader says the title first: a refused form's page says so before its name. */
function errorTitle(tag: MetaDescriptor): MetaDescriptor {
  return "title" in tag ? { title: `Error: ${tag.title}` } : tag;
}

/** A preview is no page of the site yet: no search engine may keep it, whoever finds it. */
function previewHead(head: MetaDescriptor[]): MetaDescriptor[] {
  return [
    ...head.filter((tag) => !("name" in tag && tag.name === "robots")),
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The pages published content adds: a published article whose address no article file has
 * (the file wins), each case study, each open position. Each is a page of the module that shows
 * its kind; the module's loader finds the item by the path.
 */
function publishedRoutes(published: PublishedContent): RouteEntry[] {
  const built = new Set(routes.map((route) => route.path));
  return [
    ...publishedArticles(published).map((item) => ({
      path: `${pagePaths.articles}/${item.slug}`,
      file: "routes/article.tsx",
    })),
    ...published.caseStudies.map((item) => ({
      path: caseStudyPath(item.slug),
      file: "routes/case-study-story.tsx",
    })),
    ...published.positions.map((item) => ({
      path: positionPath(item.slug),
      file: "routes/position.tsx",
    })),
  ].filter((route) => !built.has(route.path));
}

/**
 * What the server answers from published content rather than from the built files: `items`, the
 * published items' own pages (no built file has their address), and `lists`, the built pages and
 * files that list them (the lists, the feed, the sitemap), which change when anything is
 * published.
 */
export function publishedPaths(published: PublishedContent): { items: string[]; lists: string[] } {
  return {
    items: publishedRoutes(published).map((route) => route.path),
    lists: [
      pagePaths.articles,
      articleFeedPath,
      pagePaths.careers,
      pagePaths.caseStudy,
      sitemapPath,
    ],
  };
}

/**
 * The sitemap: the route table's public pages (not the pages after an action, not the feed),
 * then the published items' pages. The build writes it with nothing published
 * (scripts/postbuild.ts); the server with its snapshot.
 */
export function sitemap(published: PublishedContent = NOTHING_PUBLISHED): string {
  const listed = routes
    .map((route) => route.path)
    .filter((p) => !unlistedPaths.includes(p) && p !== articleFeedPath);
  return sitemapXml([...listed, ...publishedPaths(published).items]);
}

/**
 * The page at `urlPath` (without query or hash); the missing page with status 404 for a path
 * the route table does not have. With `published`, its items' pages too (a built page's address
 * always wins), and the sitemap. Throws when a page fails to render: the prerender then fails
 * the build rather than write a broken page.
 */
export function renderPath(
  urlPath: string,
  assets: PageAssets,
  options: RenderOptions = {},
): Promise<Rendered> {
  if (urlPath === sitemapPath) {
    const body = sitemap(options.published);
    return Promise.resolve({ status: 200, contentType: "application/xml; charset=utf-8", body });
  }
  const route =
    routes.find((entry) => entry.path === urlPath) ??
    (options.published
      ? publishedRoutes(options.published).find((entry) => entry.path === urlPath)
      : undefined) ??
    notFoundRoute;
  return renderRoute(route, assets, options);
}
