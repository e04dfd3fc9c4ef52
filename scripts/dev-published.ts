/**
 * What marketing publishes from the console, shown by `npm run dev` as `npm start` shows it
 * (docs/publishing.md, docs/decisions/0066), with the server's own pieces rather than a second
 * implementation: `publishedPages` (server/static/published-pages.ts) answers the items' pages,
 * the lists, feed and sitemap that show them, the redirects of renamed slugs (301) and the
 * addresses of what was taken off (410), reading the API's database (DATA_DIR or DATABASE_URL,
 * as server/configured-database.ts opens it) with `loadPublishedContent`. Its renderer is the
 * site's (app/render.tsx) loaded through Vite (scripts/dev-render.ts), so an edit to a page's
 * module shows on reload.
 *
 * scripts/dev.ts imports this module while the API starts: the database's modules take a few
 * seconds to load, which the front need not wait for before it listens.
 */
import type http from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { ViteDevServer } from "vite";
import { notFoundPath } from "../common/paths";
import { site as siteFacts } from "../common/site";
import { openConfiguredDatabase } from "../server/configured-database";
import { loadPublishedContent } from "../server/publishing/published-content";
import { publishedRenderer } from "../server/static/page-renderer";
import { type PublishedPages, publishedPages } from "../server/static/published-pages";
import { sitePath } from "../server/static/site-plugin";
import { RENDERER, type Renderer, renderThroughVite } from "./dev-render";

/** A publication shows within a second or so: the server's 10 s would be long for whoever tries. */
export const DEV_REFRESH_MS = 1_000;

/** As server/main.ts: the innovation hub's application form is framed from its own origin. */
const CSP = { frameOrigins: [new URL(siteFacts.innovationHubFormUrl).origin] };

/** The front's messages about published content, on its console as Vite's are. */
function frontLogger(): FastifyBaseLogger {
  const quiet = () => undefined;
  const logger: FastifyBaseLogger = {
    level: "warn",
    fatal: (...args: unknown[]) => console.error("[published]", ...args),
    error: (...args: unknown[]) => console.error("[published]", ...args),
    warn: (...args: unknown[]) => console.warn("[published]", ...args),
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  };
  return logger;
}

export interface DevPublished {
  /** Answers the page GET `req` from published content; false when it is the built pages' turn. */
  answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean>;
  /** The renderer's modules changed: every page is rendered again at its next request. */
  rendererChanged(): void;
  close(): Promise<void>;
}

/** Published content on the front, from the database of the API (started, and migrated, first). */
export function devPublished(site: ViteDevServer, dataDir: string): DevPublished {
  const db = openConfiguredDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir,
  });
  // The route table as of the latest load: which items get pages, which paths are built ones.
  let publishedPathsOf: Renderer["publishedPaths"] = () => ({ items: [], lists: [] });
  let built = new Set<string>();
  const renderer = publishedRenderer(
    {
      renderPath: (urlPath, _assets, options) => renderThroughVite(site, urlPath, options),
      publishedPaths: (content) => publishedPathsOf(content),
    },
    null,
    CSP,
  );
  const load = async () => {
    const module = (await site.ssrLoadModule(RENDERER)) as Renderer;
    publishedPathsOf = module.publishedPaths;
    built = new Set(module.prerenderPaths());
    return loadPublishedContent(db, new Date());
  };
  const fresh = (): PublishedPages =>
    publishedPages({
      renderer,
      load,
      isBuilt: (path) => built.has(path),
      log: frontLogger(),
      refreshMs: DEV_REFRESH_MS,
    });
  let pages = fresh();

  return {
    async answer(req, res) {
      const pathname = sitePath(req.url ?? "/");
      const answer = pathname === null ? null : await pages.answer(pathname);
      if (answer === null) return false;
      if (answer.kind === "redirect") {
        res.writeHead(301, { location: answer.location, "cache-control": "no-store" });
      } else if (answer.kind === "gone") {
        const missing = await renderThroughVite(site, notFoundPath);
        res.writeHead(410, { "content-type": missing.contentType, "cache-control": "no-store" });
        res.write(missing.body);
      } else {
        const { file } = answer;
        res.writeHead(200, {
          "content-type": file.contentType,
          "cache-control": "no-store",
          ...(file.csp ? { "content-security-policy": file.csp } : {}),
        });
        res.write(file.body);
      }
      res.end();
      return true;
    },
    rendererChanged() {
      // The snapshot's pages were rendered by the old modules: start again from a new one.
      pages = fresh();
    },
    close: () => db.destroy(),
  };
}
