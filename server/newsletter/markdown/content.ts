/**
 * What marketing writes to subscribers, the welcome e-mail and every campaign alike: a subject and
 * a Markdown body. One schema for the console's forms and the API, and one rendering for the
 * preview and the e-mail.
 */
import * as z from "zod/mini";
import { NewsletterContentShape, type NewsletterPreview } from "../../../staff-api/newsletter";
import { RENDER_BUDGET_MS, markdownProblem, markdownToParts } from "./markdown";
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

/**
 * The Markdown must render: nested no deeper than MAX_NESTING and rendered within
 * SAVE_RENDER_MS. Asked only of Markdown the other checks accepted, since it renders it; in the
 * render worker (markdown.ts), so the schema is asynchronous: parse it with safeParseAsync.
 */
const renderable = z.superRefine<string>(async (markdown, ctx) => {
  if (ctx.issues.length > 0 || markdown === "") return;
  const problem = await markdownProblem(markdown, SAVE_RENDER_MS);
  if (problem) {
    ctx.addIssue({
      code: "custom",
      message: problem === "too-deep" ? TOO_DEEP_MESSAGE : TOO_SLOW_MESSAGE,
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
 * The content as subscribers will read it: HTML from the Markdown, and the text part made from
 * the same tokens for reading (markdown-text.ts), both in the render worker.
 */
export async function renderNewsletter(content: NewsletterContent): Promise<RenderedNewsletter> {
  return { subject: content.subject, ...(await markdownToParts(content.markdown)) };
}
