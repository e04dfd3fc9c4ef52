/**
 * The path a request log line shows (app.ts's `req` serializer): as privacy/log-safety.ts allows
 * for a path one of our routes or pages answers, reduced to what cannot be personal for any other.
 */
import type { FastifyRequest } from "fastify";
import { loggablePath, loggableUnknownPath } from "./privacy/log-safety";
import type { SiteFiles } from "./static/site-files";
import { sitePath } from "./static/site-plugin";

/** `request`'s path as logged, for an app serving `site` (none in most tests). */
export function requestPathLogger(site: SiteFiles | undefined) {
  // The first segments of our own pages and of the API: a scanner's or a broken link's path
  // keeps them ("/articles/[5]", "/api/[7]").
  const sections = new Set(["api"]);
  for (const path of site?.files.keys() ?? []) {
    const first = path.split("/")[1];
    if (first) sections.add(first);
  }
  // A Fastify request; a raw one (a log line made before routing) has no routeOptions.
  return (request: Pick<FastifyRequest, "url"> & { routeOptions?: { url?: string } }): string => {
    const route = request.routeOptions?.url;
    // A route of its own (its parameters are ids and tokens of ours), or a page the site has.
    const known =
      (route !== undefined && !route.endsWith("*")) ||
      (route === "/*" && site?.files.has(sitePath(request.url) ?? "") === true);
    return known ? loggablePath(request.url) : loggableUnknownPath(request.url, sections);
  };
}
