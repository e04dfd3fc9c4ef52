/**
 * What marketing writes to subscribers, the welcome e-mail and every campaign alike: a subject and
 * a Markdown body. One schema for the console's forms and the API, and one rendering for the
 * preview and the e-mail.
 */
import type { Kysely } from "kysely";
import * as z from "zod/mini";
import { NewsletterContentShape, type NewsletterPreview } from "../../../staff-api/newsletter";
import type { Database } from "../../db/schema";
import { mailPictureSizes } from "../../media/media-store";
import {
  type ContentProblem,
  RENDER_BUDGET_MS,
  markdownProblem,
  markdownToParts,
} from "./markdown";
import { type MailPictures, NO_PICTURES, mediaIdsIn } from "./mail-pictures";
import { MAX_NESTING } from "./markdown-render";

/**
 * How long the Markdown may take to render when it is saved or previewed: a third of what the
 * renderer allows, so that what was accepted still renders in time on a busier day (the same
 * input's time varies twofold on a shared machine: bench/markdown.ts). An ordinary newsletter of
 * MAX_MARKDOWN (staff-api/newsletter.ts) characters takes about 20 ms.
 */
export const SAVE_RENDER_MS = RENDER_BUDGET_MS / 3;

export const TOO_DEEP_MESSAGE = `Quotes and lists can be nested ${MAX_NESTING} levels deep at most`;
export const TOO_SLOW_MESSAGE = `Too complex to render within ${SAVE_RENDER_MS} ms: use less formatting`;
export const UNLABELLED_PICTURE_MESSAGE =
  "Every picture needs a description for readers who cannot see it: write it between the brackets, as in ![Our stand at the Accra trade fair](/media/…)";

const MESSAGES: Record<ContentProblem, string> = {
  "too-deep": TOO_DEEP_MESSAGE,
  "too-slow": TOO_SLOW_MESSAGE,
  "unlabelled-picture": UNLABELLED_PICTURE_MESSAGE,
};

/**
 * The Markdown must render: nested no deeper than MAX_NESTING and rendered within
 * SAVE_RENDER_MS, each picture of the media library with its alt text. Asked only of Markdown the other checks accepted, since it renders it; in the
 * render worker (markdown.ts), so the schema is asynchronous: parse it with safeParseAsync.
 */
const renderable = z.superRefine<string>(async (markdown, ctx) => {
  if (ctx.issues.length > 0 || markdown === "") return;
  const problem = await markdownProblem(markdown, SAVE_RENDER_MS);
  if (problem) {
    ctx.addIssue({
      code: "custom",
      message: MESSAGES[problem],
      input: markdown,
    });
  }
});

/**
 * The contract's draft (staff-api/newsletter.ts: its fields and their rules) with the check only
 * the server runs, that the Markdown renders; the staff routes check bodies with this once the
 * contract's schema has accepted them (http/contract-routes.ts).
 */
export const NewsletterContentSchema = z.object({
  ...NewsletterContentShape,
  markdown: NewsletterContentShape.markdown.check(renderable),
});
export type NewsletterContent = z.output<typeof NewsletterContentSchema>;

/**
 * The body's HTML and text are without the e-mail's frame and footer (the newsletter e-mail's
 * component adds them: mail/emails/newsletter-mail.tsx).
 */
export type RenderedNewsletter = NewsletterPreview;

/**
 * Where the media library's pictures an e-mail shows are looked up (the database, or the
 * transaction under way) and served from (the site's address, config's PUBLIC_URL).
 */
export interface PictureLibrary {
  db: Kysely<Database>;
  publicUrl: string;
}

/** The mail sizes of the library's pictures the Markdown names (server/media/). */
async function picturesFor(library: PictureLibrary, markdown: string): Promise<MailPictures> {
  const ids = mediaIdsIn(markdown);
  if (ids.length === 0) return NO_PICTURES;
  const origin = library.publicUrl.replace(/\/+$/, "");
  return { origin, sizes: await mailPictureSizes(library.db, ids) };
}

/**
 * The content as subscribers will read it: HTML from the Markdown, with the library's pictures
 * by their absolute address, and the text part made from the same tokens for reading
 * (markdown-text.ts), both in the render worker.
 */
export async function renderNewsletter(
  content: NewsletterContent,
  library: PictureLibrary,
): Promise<RenderedNewsletter> {
  const pictures = await picturesFor(library, content.markdown);
  return { subject: content.subject, ...(await markdownToParts(content.markdown, pictures)) };
}
