/**
 * Markdown that marketing publishes from the console, rendered for the site's pages. It is typed
 * by staff and may be pasted from anywhere, so only what a page of ours can carry safely goes
 * through: raw HTML is shown as text (markdown.server.ts), a link only to the web, a mailbox, a
 * phone number or a page of the site, a picture only from the media library. Anything else is
 * shown as its words.
 */
import type { Tokens } from "marked";
import { mediaIdOf } from "@common/media";
import type { PublishedContent } from "@common/published";
import { AVIF_TYPE, TEXT_COLUMN_SIZES, mediaSources } from "~/lib/media-image";
import { renderMarkdown } from "./markdown.server";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Whether a link may be followed from a published page: http(s), mailto and tel, or one of the
 * site's own paths ("/x"; not "//x", which is another host, nor a backslash some browsers read as
 * a slash). Control characters and white space, which browsers strip to find a scheme, never.
 */
export function isSafeHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(href)) return false;
  if (/^\/(?!\/)/.test(href)) return true;
  return /^(?:https?:\/\/[^/]|mailto:|tel:)/i.test(href);
}

/** The library's pictures' sizes by id, so that each <img> reserves its space (no layout shift). */
export type PictureSizes = PublishedContent["media"];

/**
 * Published Markdown as HTML. Its headings start at h2 (the page's title is its only h1), or at
 * h3 for a section under an h2 of the page's own.
 */
export function renderPublishedMarkdown(
  markdown: string,
  pictures: PictureSizes = {},
  minHeadingLevel: 2 | 3 = 2,
): string {
  return renderMarkdown(markdown, 0, {
    minHeadingLevel,
    renderer: {
      link(
        this: { parser: { parseInline(tokens: Tokens.Generic[]): string } },
        token: Tokens.Link,
      ) {
        const label = this.parser.parseInline(token.tokens);
        if (!isSafeHref(token.href)) return label;
        const titled = token.title ? ` title="${escapeHtml(token.title)}"` : "";
        return `<a href="${escapeHtml(token.href)}"${titled}>${label}</a>`;
      },
      image({ href, text }: Tokens.Image) {
        const id = mediaIdOf(href);
        if (!id) return escapeHtml(text);
        const size = pictures?.[id];
        const width = size?.width ?? Number.POSITIVE_INFINITY;
        const { src, srcSet } = mediaSources(id, width);
        const avif = `<source type="${AVIF_TYPE}" srcset="${mediaSources(id, width, "avif").srcSet}" sizes="${TEXT_COLUMN_SIZES}">`;
        const box = size ? ` width="${size.width}" height="${size.height}"` : "";
        return `<picture>${avif}<img src="${src}" srcset="${srcSet}" sizes="${TEXT_COLUMN_SIZES}" alt="${escapeHtml(text)}"${box} loading="lazy" decoding="async"></picture>`;
      },
    },
  }).html;
}
