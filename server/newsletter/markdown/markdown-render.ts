/**
 * Markdown that marketing writes (the welcome e-mail, campaigns) as the HTML of an e-mail: the
 * rendering itself, run in the render worker (markdown-worker.ts; markdown.ts bounds its time).
 * Staff preview it in the console and subscribers receive it, so raw HTML in it is shown as
 * text, never passed through, and links may only be web or mail addresses. Safe by construction
 * twice over: the renderer escapes every tag, and what it produces is then sanitised to exactly
 * the elements and attributes it can produce (NEWSLETTER_HTML), so a renderer that let something
 * through would still send nothing else.
 */
import { Lexer, Marked, Renderer, type Token, type TokensList } from "marked";
import { htmlAsTextTokenizer } from "../../../common/markdown-html-as-text";
import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "../../mail/message";
import {
  type MailPictures,
  NO_PICTURES,
  isLibraryPicture,
  isMailPictureAddress,
  mailPictureOf,
} from "./mail-pictures";
import { markdownTokensToText } from "./markdown-text";

/**
 * Everything our Markdown produces, and so all the sanitiser lets through: GFM's blocks and
 * inline styles, tables (with their column alignment, and lines and room around their cells), a
 * list's first number, links with a title, the media library's pictures in their mail size. No
 * other picture (a tracking pixel in a bank's e-mail), no task-list checkboxes (shown as ☐ and ☑:
 * an e-mail has no form controls), no classes (a fenced block's language is dropped).
 */
export const NEWSLETTER_HTML = {
  tags: [
    ...["p", "br", "strong", "em", "del", "code", "pre", "blockquote", "hr"],
    ...["ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "a"],
    ...["table", "thead", "tbody", "tr", "th", "td", "img"],
  ],
  attributes: {
    a: ["href", "title"],
    ol: ["start"],
    table: ["style"],
    th: ["align", "style"],
    td: ["align", "style"],
    img: ["src", "alt", "width", "height", "style"],
  } as Readonly<Record<string, readonly string[]>>,
  /**
   * The only schemes a link may have; a link without one (relative) is no link either. A
   * picture's address is the library's mail size on the web (mail-pictures.ts).
   */
  schemes: ["http", "https", "mailto", "tel"],
  /**
   * The only inline styles, each the whole of its element's `style`, set by the sanitiser itself
   * (raw HTML never reaches it): a table's lines and room around its cells, which mail clients
   * ignore in a stylesheet, and a picture that shrinks with a phone's screen.
   */
  styles: {
    table: "border-collapse:collapse",
    th: "border:1px solid #c9ced6;padding:6px 10px",
    td: "border:1px solid #c9ced6;padding:6px 10px",
    img: "max-width:100%;height:auto",
  } as Readonly<Record<string, string>>,
} as const;

/**
 * Quotes and lists inside each other, at most. Nobody writes an e-mail deeper than a few levels;
 * marked recurses once per level, so thousands of `>` would otherwise end in a stack overflow.
 */
export const MAX_NESTING = 10;

const SAFE_LINK = new RegExp(`^(${NEWSLETTER_HTML.schemes.join("|")}):`, "i");

/** Gives the element its one style (NEWSLETTER_HTML.styles), replacing any it had. */
const styled = (tagName: string, attribs: sanitizeHtml.Attributes) => ({
  tagName,
  attribs: { ...attribs, style: NEWSLETTER_HTML.styles[tagName] ?? "" },
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...NEWSLETTER_HTML.tags],
  allowedAttributes: Object.fromEntries(
    Object.entries(NEWSLETTER_HTML.attributes).map(([tag, names]) => [tag, [...names]]),
  ),
  // Every style is set whole by `styled` below and no other element may have one, so there is
  // nothing to parse: parsing each cell's style would take several times the render's time.
  parseStyleAttributes: false,
  allowedSchemes: [...NEWSLETTER_HTML.schemes],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // The sanitiser keeps relative addresses, which in an e-mail lead nowhere (or somewhere else).
  transformTags: {
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs;
      return { tagName, attribs: href && SAFE_LINK.test(href) ? attribs : rest };
    },
    table: styled,
    th: styled,
    td: styled,
    img: styled,
  },
  // A picture that is not the library's mail size goes, whatever made it.
  exclusiveFilter: (frame) => frame.tag === "img" && !isMailPictureAddress(frame.attribs.src ?? ""),
};

/** Raised by the lexer one level past MAX_NESTING. */
class TooDeep extends Error {}

/**
 * marked's lexer, counting its depth: it lexes the inside of every quote and list item through
 * blockTokens, so one call deeper is one level of nesting deeper (the document itself is the first).
 */
class BoundedLexer<P = string, R = string> extends Lexer<P, R> {
  private depth = 0;

  override blockTokens(src: string, tokens?: Token[], clipped?: boolean): Token[];
  override blockTokens(src: string, tokens?: TokensList, clipped?: boolean): TokensList;
  override blockTokens(src: string, tokens: Token[] = [], clipped = false): Token[] {
    if (this.depth > MAX_NESTING) throw new TooDeep();
    this.depth++;
    try {
      return super.blockTokens(src, tokens, clipped);
    } finally {
      this.depth--;
    }
  }
}

const markdown = new Marked({
  gfm: true,
  breaks: true,
  hooks: {
    provideLexer: () => (src, options) => new BoundedLexer(options).lex(src),
  },
  tokenizer: htmlAsTextTokenizer,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    link({ href, title, tokens }) {
      const label = this.parser.parseInline(tokens);
      if (!SAFE_LINK.test(href)) return label;
      const titled = title ? ` title="${escapeHtml(title)}"` : "";
      return `<a href="${escapeHtml(href)}"${titled}>${label}</a>`;
    },
    image: ({ href, text }) => pictureHtml(href, text),
    checkbox: ({ checked }) => (checked ? "☑" : "☐"),
    code(token) {
      // Without its language: a class would style nothing in an e-mail.
      return Renderer.prototype.code.call(this, { ...token, lang: undefined });
    },
  },
});

/**
 * The library's pictures known to the render under way: one render at a time runs in the worker,
 * and marked's renderer takes no argument of ours, so renderMarkdown sets them for its render.
 */
let currentPictures: MailPictures = NO_PICTURES;

/**
 * A picture as the e-mail's HTML: the library's, with its alt text, as an `<img>` of its mail
 * size by its absolute address, its width and height given (mail clients lay out before they
 * load), shrinking with the screen; any other, or one without alt text, as its alt text.
 */
function pictureHtml(href: string, alt: string): string {
  const picture = mailPictureOf(href, currentPictures);
  if (!picture || alt.trim() === "") return escapeHtml(alt);
  const { src, width, height } = picture;
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" />`;
}

/** What went wrong rendering some Markdown, if anything. */
export type MarkdownProblem = "too-deep" | "too-slow";

/** The HTML, and the text part made from the same tokens (markdown-text.ts). */
export type Rendering =
  | {
      html: string;
      text: string;
      problem: null;
      /** Pictures of the library without alt text: refused when the Markdown is saved. */
      unlabelledPictures: number;
    }
  | { html: null; text: null; problem: MarkdownProblem };

/**
 * The Markdown as safe HTML and as readable text, or why not, however long it takes: the caller
 * bounds the time (markdown.ts, by ending the worker this runs in). Lexed once for both: the
 * text is read off the tokens before the parser, which rewrites a loose task item's tokens.
 */
export function renderMarkdown(source: string, pictures: MailPictures = NO_PICTURES): Rendering {
  try {
    const tokens = new BoundedLexer(markdown.defaults).lex(source);
    let unlabelledPictures = 0;
    // Only Markdown that names the library can hold its pictures: no walk through the others.
    if (source.includes("/media/")) {
      markdown.walkTokens(tokens, (token) => {
        if (token.type === "image" && isLibraryPicture(token.href) && token.text.trim() === "") {
          unlabelledPictures++;
        }
      });
    }
    const text = markdownTokensToText(tokens, pictures);
    currentPictures = pictures;
    try {
      const html = sanitizeHtml(markdown.parser(tokens), SANITIZE);
      return { html, text, problem: null, unlabelledPictures };
    } finally {
      currentPictures = NO_PICTURES;
    }
  } catch (error) {
    if (error instanceof TooDeep) return { html: null, text: null, problem: "too-deep" };
    // Anything else (a stack overflow in emphasis nested thousands deep) is as bad as slow.
    return { html: null, text: null, problem: "too-slow" };
  }
}

/**
 * The Markdown as plain text in paragraphs: what is sent when it cannot be rendered. Made on the
 * event loop (the worker may have been ended), so not passed through the sanitiser, which takes
 * tens of milliseconds over 20,000 escaped characters: every character that could start markup
 * is escaped, and the only tags are these `<p>` and `<br />`, as the sanitiser would write them.
 */
export function markdownAsText(source: string): string {
  return source
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br />\n")}</p>\n`)
    .join("");
}
