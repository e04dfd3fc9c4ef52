import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { consolePaths } from "../../common/paths";
import type { SiteFile, SiteFiles } from "./site-files";
import type { PublishedPages } from "./published-pages";

/** Picks the smallest representation the client accepts. */
function negotiate(
  file: SiteFile,
  acceptEncoding: string,
): { body: Buffer; encoding?: "br" | "gzip" } {
  const accepts = (coding: string) =>
    new RegExp(`(^|,)\\s*${coding}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+)?\\s*(,|$)`).test(
      acceptEncoding,
    );
  if (file.br && accepts("br")) return { body: file.br, encoding: "br" };
  if (file.gzip && accepts("gzip")) return { body: file.gzip, encoding: "gzip" };
  return { body: file.body };
}

function send(request: FastifyRequest, reply: FastifyReply, file: SiteFile, status: number) {
  const { body, encoding } = negotiate(file, String(request.headers["accept-encoding"] ?? ""));
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  reply
    .header("content-type", file.contentType)
    .header("cache-control", file.cacheControl)
    .header("etag", etag);
  if (file.csp) reply.header("content-security-policy", file.csp);
  if (file.robots) reply.header("x-robots-tag", file.robots);
  if (file.br || file.gzip) reply.header("vary", "Accept-Encoding");
  if (status === 200 && request.headers["if-none-match"] === etag) {
    return reply.code(304).send();
  }
  if (encoding) reply.header("content-encoding", encoding);
  return reply.code(status).send(body);
}

const isConsole = (pathname: string) =>
  pathname === consolePaths.console || pathname.startsWith(`${consolePaths.console}/`);

/** Normalises a request path; null when it cannot name a file of ours. */
export function sitePath(url: string): string | null {
  const raw = url.split("?")[0] ?? "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  return decoded;
}

/**
 * Serves the prerendered site from memory: pages with status 200, unknown paths with the
 * missing-page document and status 404, "/page/" redirected to "/page", and the staff console's
 * page for any address under /staff.
 */
export const sitePlugin: FastifyPluginAsync<{
  site: SiteFiles;
  published?: PublishedPages;
}> = async (app, { site, published }) => {
  app.get("/*", async (request, reply) => {
    const pathname = sitePath(request.url);
    // Published content first (published-pages.ts): its pages, the lists that show it, its
    // redirects and the addresses of what was taken off. Never the build's assets or the console.
    if (
      pathname !== null &&
      published &&
      !pathname.startsWith("/assets/") &&
      !isConsole(pathname)
    ) {
      const answer = await published.answer(pathname);
      if (answer?.kind === "page") return send(request, reply, answer.file, 200);
      if (answer?.kind === "redirect") return reply.redirect(answer.location, 301);
      if (answer?.kind === "gone") return send(request, reply, site.notFound, 410);
    }
    if (pathname !== null) {
      const file = site.files.get(pathname);
      if (file) return send(request, reply, file, 200);
      if (pathname.length > 1 && pathname.endsWith("/") && site.files.has(pathname.slice(0, -1))) {
        const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        return reply.redirect(`${pathname.slice(0, -1)}${query}`, 301);
      }
      // Every console address is the console's page; the console routes in the browser.
      if (
        site.console &&
        pathname.startsWith(`${consolePaths.console}/`) &&
        !pathname.startsWith(`${consolePaths.console}/assets/`)
      ) {
        return send(request, reply, site.console, 200);
      }
    }
    return send(request, reply, site.notFound, 404);
  });
};
