/**
 * Newsletter Markdown as the text part of its e-mail, written for reading: made from marked's
 * tokens (the lexer markdown-render.ts runs in the render worker), never the Markdown as typed.
 * Headings and emphasis lose their `#` and `*`, task items read "☐ task" or "☑ task" as in the
 * HTML, a link reads "its words (https://…)" (a phone number's, "its words (+233…)"), a picture
 * of the media library its alt text and the absolute address of its mail size, any other image
 * its alt text (with its address only when it is a web address), a table one line a row, each
 * cell after its column's heading. A link the HTML refuses (javascript:, a relative address) is
 * its words alone, as there.
 */
import type { Token, Tokens } from "marked";
import { type MailPictures, NO_PICTURES, mailPictureOf } from "./mail-pictures";

/** The schemes a link's address is shown with: the HTML links these (NEWSLETTER_HTML). */
const SHOWN_LINK = /^(https?|mailto|tel):/i;
/** The schemes a reader needs no more than the address after: an e-mail address, a number. */
const HIDDEN_SCHEME = /^(mailto|tel):/i;
/** An image's address is shown only when it is on the web; a data: address is noise. */
const WEB_ADDRESS = /^https?:/i;

/** A quote's lines, as e-mail has marked quoted text since before Markdown. */
const QUOTE_PREFIX = "> ";
/** A nested list's or a code block's indent. */
const INDENT = "    ";
/** Between a table's cells on their row's line. */
const CELL_SEPARATOR = " · ";

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/**
 * The character references a writer may type for the characters Markdown would otherwise read
 * (`&amp;`, `&#42;`): as the reader sees them in the HTML. Other named ones stay as typed.
 */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : +name.slice(1);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Inline tokens as the words they show. */
function inlineText(tokens: readonly Token[] | undefined): string {
  return (tokens ?? []).map(inlineTokenText).join("");
}

function inlineTokenText(token: Token): string {
  switch (token.type) {
    case "br":
      return "\n";
    case "link": {
      const { href, tokens } = token as Tokens.Link;
      const words = inlineText(tokens);
      if (!SHOWN_LINK.test(href)) return words;
      const address = href.replace(HIDDEN_SCHEME, "");
      return words === address || words === href ? words : `${words} (${address})`;
    }
    case "image": {
      const { href, text } = token as Tokens.Image;
      const alt = decodeEntities(text);
      const picture = mailPictureOf(href, pictures);
      if (picture) return alt ? `${alt} (${picture.src})` : "";
      if (!WEB_ADDRESS.test(href)) return alt;
      return alt ? `${alt} (${href})` : href;
    }
    case "codespan":
      return decodeEntities((token as Tokens.Codespan).text);
    case "escape":
    case "html":
      // Raw HTML is shown as typed in the HTML part too (markdown-render.ts escapes it).
      return (token as Tokens.Escape | Tokens.HTML).text;
    default:
      return "tokens" in token && token.tokens
        ? inlineText(token.tokens)
        : decodeEntities("text" in token ? String(token.text) : "");
  }
}

/** Each line of `text` after `prefix` (a quote's, an indent), empty lines kept bare. */
function prefixed(text: string, first: string, rest = first): string {
  return text
    .split("\n")
    .map((line, i) => (line === "" ? line.trimEnd() : `${i === 0 ? first : rest}${line}`))
    .join("\n");
}

function listText(list: Tokens.List): string {
  const start = typeof list.start === "number" ? list.start : 1;
  return list.items
    .map((item, i) => {
      const marker = item.task
        ? item.checked
          ? "☑ "
          : "☐ "
        : list.ordered
          ? `${start + i}. `
          : "• ";
      const body = blocksText(item.tokens, item.loose ? "\n\n" : "\n");
      return prefixed(body, marker, " ".repeat(marker.length));
    })
    .join(list.loose ? "\n\n" : "\n");
}

/** A table, a row a line: each cell after its column's heading, when the column has one. */
function tableText(table: Tokens.Table): string {
  const headings = table.header.map((cell) => inlineText(cell.tokens).trim());
  const headingRow = headings.filter(Boolean).join(CELL_SEPARATOR);
  const rows = table.rows.map((row) =>
    row
      .map((cell, i) => {
        const value = inlineText(cell.tokens).trim();
        const heading = headings[i];
        return heading ? `${heading}: ${value}` : value;
      })
      .filter((cell) => cell !== "")
      .join(CELL_SEPARATOR),
  );
  return rows.length > 0 ? rows.join("\n") : headingRow;
}

function blockText(token: Token): string {
  switch (token.type) {
    case "space":
    case "def":
      return "";
    case "heading":
    case "paragraph":
      return inlineText((token as Tokens.Heading | Tokens.Paragraph).tokens);
    case "text": {
      const text = token as Tokens.Text;
      return text.tokens ? inlineText(text.tokens) : decodeEntities(text.text);
    }
    case "code":
      return prefixed((token as Tokens.Code).text, INDENT);
    case "blockquote":
      return prefixed(blocksText((token as Tokens.Blockquote).tokens), QUOTE_PREFIX);
    case "list":
      return listText(token as Tokens.List);
    case "table":
      return tableText(token as Tokens.Table);
    case "hr":
      return "----------";
    case "html":
      return (token as Tokens.HTML).text.trim();
    default:
      return "tokens" in token && token.tokens ? blocksText(token.tokens) : "";
  }
}

/** Blocks one after the other, a blank line between them (a tight list item's: a line break). */
function blocksText(tokens: readonly Token[], between = "\n\n"): string {
  return tokens
    .map(blockText)
    .filter((text) => text !== "")
    .join(between);
}

/**
 * The library's pictures known to the text under way (one at a time in the render worker), so
 * that the functions above need not pass them down through every block and line.
 */
let pictures: MailPictures = NO_PICTURES;

/** The Markdown's tokens (marked's lexer) as the readable text of the e-mail's text part. */
export function markdownTokensToText(
  tokens: readonly Token[],
  known: MailPictures = NO_PICTURES,
): string {
  pictures = known;
  try {
    return blocksText(tokens)
      .replace(/[ \t]+$/gm, "")
      .trim();
  } finally {
    pictures = NO_PICTURES;
  }
}
