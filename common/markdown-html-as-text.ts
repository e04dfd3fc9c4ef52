/**
 * What the site's and the e-mails' Markdown renderers share: raw HTML in what staff write is
 * shown as text, never passed through (app/content/markdown.server.ts, the newsletter's
 * server/newsletter/markdown/markdown-render.ts). Each renderer escapes the tags themselves; this
 * keeps marked from passing through the text around them.
 */
import { Tokenizer, type TokenizerObject } from "marked";

/**
 * marked's tokenizer, changed in one way: after an inline <pre>, <code>, <kbd> or <script> tag,
 * marked passes the text that follows (up to the closing tag, across paragraphs) through as
 * HTML, expecting the tag itself to be passed through too. Here every tag is shown as text, so
 * that text is escaped like the rest.
 */
export const htmlAsTextTokenizer: TokenizerObject = {
  inlineText(src) {
    const token = Tokenizer.prototype.inlineText.call(this, src);
    if (token) token.escaped = false;
    return token;
  },
};
