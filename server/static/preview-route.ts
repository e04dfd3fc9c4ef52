/**
 * A draft's preview for the console (consolePaths.preview): GET /staff/preview/<kind>/<id>
 * renders the item as its page will look once published, with the content of the site as it
 * would then be, for signed-in marketing staff (and admins). The console shows it in a frame at a
 * phone's and a desktop's width, so the page may be framed by the site itself, and no browser,
 * proxy or search engine keeps it. Reading a draft is no personal data: nothing is audited.
 *
 * Signed out or of another role, the frame shows a short page that says so, with a link to sign
 * in that opens in the whole window (docs/decisions/0066): a redirect would load the console's
 * sign-in inside the frame, and after signing in the console's router does not know this page.
 */
import type { FastifyPluginAsync } from "fastify";
import { CONTENT_KINDS, type ContentKind, type PublishedContent } from "../../common/published";
import { consolePaths } from "../../common/paths";
import { MARKETING_ROLES } from "../../staff-api/roles";
import { safeError } from "../privacy/log-safety";
import type { PublishedRenderer } from "./page-renderer";

export interface PreviewRouteOptions {
  renderer: PublishedRenderer | null;
  loadPreview: (
    kind: ContentKind,
    id: string,
  ) => Promise<{ content: PublishedContent; path: string } | null>;
}

const NO_STORE = "no-store";
const NOINDEX = "noindex, nofollow";

const isKind = (value: string): value is ContentKind =>
  (CONTENT_KINDS as readonly string[]).includes(value);

/** A page of a few words in the frame, for an answer that is no preview. */
function notice(title: string, words: string, link?: { href: string; text: string }): string {
  const action = link ? `<p><a href="${link.href}" target="_top">${link.text}</a></p>` : "";
  return `<!DOCTYPE html><html lang="en-GH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1><p>${words}</p>${action}</main></body></html>`;
}

const SIGNED_OUT = notice("Signed out", "Sign in again to see this preview.", {
  href: `${consolePaths.signIn}?next=${encodeURIComponent(consolePaths.console)}`,
  text: "Sign in",
});
const FORBIDDEN = notice(
  "Not allowed",
  "Your role does not allow previews of the site's content. Marketing staff and admins can see them.",
);

export const previewRoute: FastifyPluginAsync<PreviewRouteOptions> = async (
  app,
  { renderer, loadPreview },
) => {
  app.get<{ Params: { kind: string; id: string } }>(
    `${consolePaths.preview}/:kind/:id`,
    {
      preHandler: app.requireStaff(...MARKETING_ROLES),
      // requireStaff answers 401 and 403 in JSON, for the console's calls; the frame shows a page.
      onSend: async (_request, reply, payload) => {
        reply.header("cache-control", NO_STORE).header("x-robots-tag", NOINDEX);
        // After the app's own onSend (security/headers.ts, DENY): the console frames a preview.
        if (reply.statusCode === 200) reply.header("x-frame-options", "SAMEORIGIN");
        if (reply.statusCode !== 401 && reply.statusCode !== 403) return payload;
        reply.header("content-type", "text/html; charset=utf-8");
        return reply.statusCode === 401 ? SIGNED_OUT : FORBIDDEN;
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params;
      const html = (status: number, body: string) =>
        reply.code(status).header("content-type", "text/html; charset=utf-8").send(body);
      if (!renderer) {
        return html(503, notice("No preview", "This server has no renderer of the site's pages."));
      }
      if (!isKind(kind) || id.length > 200) {
        return html(404, notice("Not found", "There is no such item to preview."));
      }
      let preview;
      try {
        preview = await loadPreview(kind, id);
      } catch (error) {
        request.log.error({ err: safeError(error) }, "preview not loaded");
        reply.header("retry-after", "60");
        return html(503, notice("Try again", "The preview could not be loaded. Try again soon."));
      }
      if (!preview) return html(404, notice("Not found", "There is no such item to preview."));
      try {
        const page = await renderer.render(preview.path, preview.content, { preview: true });
        if (page.status !== 200) throw new Error(`the preview of ${kind} rendered ${page.status}`);
        // The page's own policy, framed by the console (same origin) only.
        if (page.csp) reply.header("content-security-policy", page.csp);
        return html(200, page.body);
      } catch (error) {
        request.log.error({ err: safeError(error) }, "preview failed to render");
        return html(
          422,
          notice("No preview", "This draft could not be shown. Check its text and picture."),
        );
      }
    },
  );
};
