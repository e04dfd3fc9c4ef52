/**
 * What marketing writes to subscribers, the welcome e-mail and every campaign alike: a subject and
 * a Markdown body. One schema for the console's forms and the API, and one rendering for the
 * preview and the e-mail.
 */
import * as z from "zod/mini";
import { requiredText } from "../../leads/fields";
import { MAX_NESTING, RENDER_BUDGET_MS, markdownProblem, markdownToHtml } from "./markdown";

export const MAX_SUBJECT = 150;
export const MAX_MARKDOWN = 20_000;

/**
 * How long the Markdown may take to render when it is saved or previewed: a third of what the
 * renderer allows, so that what was accepted still renders in time on a busier day (the same
 * input's time varies twofold on a shared machine: bench/markdown.ts). An ordinary newsletter of
 * MAX_MARKDOWN characters takes about 20 ms.
 */
export const SAVE_RENDER_MS = RENDER_BUDGET_MS / 3;

export const TOO_DEEP_MESSAGE = `Quotes and lists can be nested ${MAX_NESTING} levels deep at most`;
export const TOO_SLOW_MESSAGE = `Too complex to render within ${SAVE_RENDER_MS} ms: use less formatting`;

/**
 * The Markdown must render: nested no deeper than MAX_NESTING and rendered within
 * SAVE_RENDER_MS. Asked only of Markdown the other checks accepted, since it renders it.
 */
const renderable = z.superRefine<string>((markdown, ctx) => {
  if (ctx.issues.length > 0 || markdown === "") return;
  const problem = markdownProblem(markdown, SAVE_RENDER_MS);
  if (problem) {
    ctx.addIssue({
      code: "custom",
      message: problem === "too-deep" ? TOO_DEEP_MESSAGE : TOO_SLOW_MESSAGE,
      input: markdown,
    });
  }
});

export const NewsletterContentSchema = z.object({
  // As a one-line field of the public forms (leads/fields.ts): no control characters, which
  // PostgreSQL refuses (NUL) or a mail header must not carry, and the subject is one line.
  subject: requiredText("Write a subject", { max: MAX_SUBJECT }),
  // As the contact form's message: tabs and line breaks allowed, other controls refused.
  markdown: requiredText("Write the e-mail", { max: MAX_MARKDOWN, multiLine: true }).check(
    renderable,
  ),
});
export type NewsletterContent = z.output<typeof NewsletterContentSchema>;

export interface RenderedNewsletter {
  subject: string;
  /** The body as HTML, without the e-mail's frame and footer (templates.ts adds them). */
  html: string;
  text: string;
}

/** The content as subscribers will read it: HTML from the Markdown, and the Markdown as text. */
export function renderNewsletter(content: NewsletterContent): RenderedNewsletter {
  return {
    subject: content.subject,
    html: markdownToHtml(content.markdown),
    text: content.markdown,
  };
}
