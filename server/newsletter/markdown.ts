/**
 * Markdown that marketing writes (the welcome e-mail, campaigns) as the HTML of an e-mail.
 * Staff preview it in the console and subscribers receive it, so raw HTML in it is shown as
 * text, never passed through, and links may only be web or mail addresses.
 */
import { Marked } from "marked";
import { escapeHtml } from "../mail/message";

const SAFE_LINK = /^(https?:|mailto:)/i;

const markdown = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    link({ href, title, tokens }) {
      const label = this.parser.parseInline(tokens);
      if (!SAFE_LINK.test(href)) return label;
      const titled = title ? ` title="${escapeHtml(title)}"` : "";
      return `<a href="${escapeHtml(href)}"${titled}>${label}</a>`;
    },
    image: ({ text }) => escapeHtml(text),
  },
});

/** The Markdown as HTML (synchronous: no extension here is asynchronous). */
export function markdownToHtml(source: string): string {
  return markdown.parse(source, { async: false });
}
