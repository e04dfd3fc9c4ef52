/**
 * What marketing writes to subscribers, the welcome e-mail and every campaign alike: a subject and
 * a Markdown body. One schema for the console's forms and the API, and one rendering for the
 * preview and the e-mail.
 */
import * as z from "zod/mini";
import { markdownToHtml } from "./markdown";

export const MAX_SUBJECT = 150;
export const MAX_MARKDOWN = 20_000;

export const NewsletterContentSchema = z.object({
  subject: z.string().check(z.trim(), z.minLength(1, "Write a subject"), z.maxLength(MAX_SUBJECT)),
  markdown: z
    .string()
    .check(z.trim(), z.minLength(1, "Write the e-mail"), z.maxLength(MAX_MARKDOWN)),
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
