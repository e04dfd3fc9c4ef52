/**
 * The pages of published content (docs/decisions/0066): what marketing publishes from the console
 * is read from the database into a snapshot, rendered by the build's renderer with the same
 * components and document as the built pages, and served from memory like them.
 *
 * - The snapshot is refreshed lazily, at most every `refreshMs` (10 s): the first request after
 *   that waits for one load, which every request arriving meanwhile shares. A failed load keeps
 *   the last snapshot (and is logged): visitors never see the database's trouble. Every instance
 *   does the same, so all serve what was published within the interval.
 * - Each answered path is rendered once per snapshot's content (a load that finds nothing new
 *   keeps the pages rendered), compressed, and served with the built pages' headers.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyBaseLogger } from "fastify";
import type { PublishedContent } from "../../common/published";
import { safeError } from "../privacy/log-safety";
import type { PublishedRenderer } from "./page-renderer";
import type { SiteFile } from "./site-files";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** As built pages: revalidated on each visit, cheap with the ETag. The feed and sitemap too. */
const REVALIDATE = "no-cache";

export const DEFAULT_REFRESH_MS = 10_000;

/** What the server answers for a path from published content, or null: the built site's turn. */
export type PublishedAnswer =
  { kind: "page"; file: SiteFile } | { kind: "redirect"; location: string } | { kind: "gone" };

interface Snapshot {
  content: PublishedContent;
  /** The content's fingerprint: pages are rendered again only when it changes. */
  key: string;
  items: Set<string>;
  lists: Set<string>;
  /** Whether anything is published: the lists are the built files' otherwise. */
  listsChanged: boolean;
  pages: Map<string, Promise<SiteFile | null>>;
}

export interface PublishedPagesOptions {
  renderer: PublishedRenderer;
  load: () => Promise<PublishedContent>;
  /** The built site's paths: a built page's address is never answered from published content. */
  isBuilt: (path: string) => boolean;
  log: FastifyBaseLogger;
  refreshMs?: number;
  now?: () => number;
}

export interface PublishedPages {
  answer(path: string): Promise<PublishedAnswer | null>;
}

/** A rendered answer held as the built files are: compressed, with its ETag and headers. */
export async function siteFileOf(answer: {
  body: string;
  contentType: string;
  csp?: string;
}): Promise<SiteFile> {
  const body = Buffer.from(answer.body, "utf8");
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return {
    body,
    br: br.length < body.length ? br : undefined,
    gzip: gz.length < body.length ? gz : undefined,
    contentType: answer.contentType,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
    cacheControl: REVALIDATE,
    csp: answer.csp,
  };
}

export function publishedPages({
  renderer,
  load,
  isBuilt,
  log,
  refreshMs = DEFAULT_REFRESH_MS,
  now = Date.now,
}: PublishedPagesOptions): PublishedPages {
  let snapshot: Snapshot | null = null;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    lastAttempt = now();
    try {
      const content = await load();
      const key = createHash("sha256").update(JSON.stringify(content)).digest("base64url");
      if (snapshot?.key === key) return;
      const { items, lists } = renderer.paths(content);
      snapshot = {
        content,
        key,
        items: new Set(items.filter((path) => !isBuilt(path))),
        lists: new Set(lists),
        listsChanged:
          content.articles.length + content.caseStudies.length + content.positions.length > 0,
        pages: new Map(),
      };
    } catch (error) {
      log.error({ err: safeError(error) }, "published content not loaded; the last snapshot stays");
    }
  }

  async function current(): Promise<Snapshot | null> {
    if (now() - lastAttempt >= refreshMs) loading ??= refresh().finally(() => (loading = null));
    if (loading) await loading;
    return snapshot;
  }

  function page(state: Snapshot, path: string): Promise<SiteFile | null> {
    let rendered = state.pages.get(path);
    if (!rendered) {
      rendered = renderer
        .render(path, state.content)
        .then((answer) => (answer.status === 200 ? siteFileOf(answer) : null))
        .catch((error: unknown) => {
          // The built site answers instead (its list page, or the missing page): never a 500.
          log.error({ err: safeError(error), path }, "published page failed to render");
          return null;
        });
      state.pages.set(path, rendered);
    }
    return rendered;
  }

  return {
    async answer(path) {
      const state = await current();
      if (!state) return null;
      const { content } = state;
      if (state.items.has(path) || (state.listsChanged && state.lists.has(path))) {
        const file = await page(state, path);
        return file ? { kind: "page", file } : null;
      }
      if (isBuilt(path)) return null;
      // "/careers/x/" to "/careers/x", as the built pages' addresses are (site-plugin.ts).
      if (path.length > 1 && path.endsWith("/") && state.items.has(path.slice(0, -1))) {
        return { kind: "redirect", location: path.slice(0, -1) };
      }
      const target = Object.hasOwn(content.redirects, path) ? content.redirects[path] : undefined;
      // Only to a path of the site ("/x", not "//host"): a redirect is no way off the site.
      if (target && target !== path && /^\/(?![/\\])/.test(target)) {
        return { kind: "redirect", location: target };
      }
      if (content.gone.includes(path)) return { kind: "gone" };
      return null;
    },
  };
}
