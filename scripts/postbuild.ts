/**
 * Runs after the site's and the console's builds (`vite build --app`, vite.config.ts; the
 * console's into build/client/staff): writes sitemap.xml, robots.txt and the web app manifest from
 * the route table and site.ts, records the retention periods the privacy notice states
 * (server/people/retention/build-record.ts), then precompresses every text asset (brotli and gzip
 * siblings that the server, nginx's gzip_static/brotli_static or a CDN can serve as they are).
 */
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { consolePaths } from "../common/paths";
import { retentionFromEnv } from "../common/retention";
import { site } from "../common/site";
import { sitemapXml } from "../common/sitemap";
import { writeRetentionRecord } from "../server/people/retention/build-record";
import { pagePaths } from "./page-paths";

const outDir = path.resolve("build/client");

function robots(): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: ${consolePaths.console}\n\nSitemap: ${site.url}/sitemap.xml\n`;
}

function manifest(): string {
  return `${JSON.stringify(
    {
      name: site.name,
      short_name: site.shortName,
      description: site.tagline,
      start_url: "/",
      display: "standalone",
      background_color: "#ffffff",
      theme_color: "#0b5d3b",
      icons: [
        { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    null,
    2,
  )}\n`;
}

const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".css",
  ".svg",
  ".json",
  ".xml",
  ".txt",
  ".webmanifest",
]);

async function precompress(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(file))) continue;
    // Vite's manifest (.vite/) is read by the renderer, never served.
    if (
      path
        .relative(dir, file)
        .split(path.sep)
        .some((part) => part.startsWith("."))
    )
      continue;
    const body = await readFile(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
  }
}

async function main() {
  const paths = pagePaths();
  // The public pages (scripts/page-paths.ts); the unlisted ones stay out. The server writes the
  // same XML with published pages added (app/render.tsx, `sitemap`).
  await writeFile(path.join(outDir, "sitemap.xml"), sitemapXml(paths));
  await writeFile(path.join(outDir, "robots.txt"), robots());
  await writeFile(path.join(outDir, "site.webmanifest"), manifest());
  // The periods the privacy notice was just prerendered with: the same environment, read the same
  // way (app/content/markdown.server.ts); the server and `npm start` compare theirs with these.
  await writeRetentionRecord(outDir, retentionFromEnv(process.env));
  await precompress(outDir);
  console.log(
    `postbuild: sitemap with ${paths.length} pages, robots.txt, manifest, retention periods, precompressed assets`,
  );
}

await main();
