import { createHash } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { consolePaths, notFoundPath } from "../../common/paths";
import { type CspOptions, inlineScriptHashes, pageCsp } from "../security/csp";

/** One servable file, held in memory with its precompressed variants. */
export interface SiteFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** Pages only: their Content-Security-Policy, with the hashes of their inline scripts. */
  csp?: string;
  /** An X-Robots-Tag: the staff console's page is for no search engine. */
  robots?: string;
}

export interface SiteFiles {
  /** Keyed by URL path: "/", "/about-us", "/assets/root-abc123.js". */
  files: Map<string, SiteFile>;
  /** The prerendered missing-page screen, served with status 404. */
  notFound: SiteFile;
  /**
   * The staff console's page (console/), served for every address under /staff: the console
   * routes in the browser. Absent from a build without the console.
   */
  console?: SiteFile;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".pdf": "application/pdf",
  ".woff2": "font/woff2",
};

// Vite puts content-hashed files under /assets/ (the console's under /staff/assets/): their URL
// changes whenever they do.
const IMMUTABLE = "public, max-age=31536000, immutable";
const HASHED = [/^\/assets\//, new RegExp(`^${consolePaths.console}/assets/`)];
// The console's page is the door to personal data: no browser or proxy keeps a copy.
const NO_STORE = "no-store";
// Pages must pick up a new deploy at once; the ETag makes the revalidation cheap.
const REVALIDATE = "no-cache";
// Unhashed static files (icons, the brochure, sitemap): a day is a fair trade.
const ONE_DAY = "public, max-age=86400";

// Files the build writes that are not part of the public site.
const HIDDEN = new Set([notFoundPath]);

/**
 * Every file of the build but those under a folder whose name starts with a dot: Vite's manifest
 * (.vite/manifest.json) is for the renderer (app/render.tsx), not for visitors.
 */
async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith(".")),
    );
}

/** "about-us/index.html" → "/about-us"; "index.html" → "/"; "assets/a.js" → "/assets/a.js". */
export function urlPathFor(relativeFile: string): string {
  const posix = relativeFile.split(path.sep).join("/");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"/index.html".length)}`;
  return `/${posix}`;
}

/**
 * Reads the whole build into memory at start. The site is a few hundred kilobytes, and serving
 * from memory keeps every request free of disk I/O. `.br` and `.gz` siblings written by
 * scripts/postbuild.ts are attached to the file they compress.
 */
export async function loadSiteFiles(
  siteDir: string,
  csp: CspOptions = { frameOrigins: [] },
): Promise<SiteFiles> {
  const all = await walk(siteDir);
  const present = new Set(all);
  const files = new Map<string, SiteFile>();
  let notFound: SiteFile | undefined;

  for (const file of all) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    const relative = path.relative(siteDir, file);
    const urlPath = urlPathFor(relative);
    const body = await readFile(file);
    const siteFile: SiteFile = {
      body,
      br: present.has(`${file}.br`) ? await readFile(`${file}.br`) : undefined,
      gzip: present.has(`${file}.gz`) ? await readFile(`${file}.gz`) : undefined,
      contentType: TYPES[path.extname(file)] ?? "application/octet-stream",
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
      cacheControl: HASHED.some((pattern) => pattern.test(urlPath))
        ? IMMUTABLE
        : urlPath === consolePaths.console
          ? NO_STORE
          : file.endsWith(".html")
            ? REVALIDATE
            : ONE_DAY,
      csp: file.endsWith(".html")
        ? pageCsp(
            inlineScriptHashes(body.toString("utf8")),
            // The console frames our own pages: a draft's preview (consolePreviewPath).
            urlPath === consolePaths.console
              ? { frameOrigins: [...csp.frameOrigins, "'self'"] }
              : csp,
          )
        : undefined,
    };
    if (urlPath === consolePaths.console) siteFile.robots = "noindex, nofollow";
    if (urlPath === notFoundPath) notFound = siteFile;
    if (!HIDDEN.has(urlPath)) files.set(urlPath, siteFile);
  }
  if (!notFound) {
    throw new Error(
      `No prerendered missing page (404/index.html) in ${siteDir}. Run npm run build.`,
    );
  }
  return { files, notFound, console: files.get(consolePaths.console) };
}
