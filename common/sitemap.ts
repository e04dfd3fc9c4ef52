import { site } from "./site";

/** The sitemap's address: written at build time, by the server with published content. */
export const sitemapPath = "/sitemap.xml";

/**
 * The sitemap's XML for the given page paths, written in one place: the build writes the built
 * pages' (scripts/postbuild.ts), the server the built and published ones (app/render.tsx).
 */
export function sitemapXml(paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${site.url}${p}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
