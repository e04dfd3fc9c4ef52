import fc from "fast-check";
import { fuzzRuns } from "../../../common/fuzz.testing";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../mail/message";
import { markdownProblem, markdownToHtml } from "./markdown";
import { MAX_NESTING } from "./markdown-render";
import { ATTACKS, REPORTED_ATTACK, allowListViolations, attackMarkdown } from "./markdown.testing";

it("renders Markdown, with raw HTML shown as text", async () => {
  const html = await markdownToHtml(
    "# Akwaaba\n\n**Thank you** for joining.\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>",
  );
  expect(html).toContain("<h1>Akwaaba</h1>");
  expect(html).toContain("<strong>Thank you</strong>");
  expect(html).not.toMatch(/<script|<img/);
  expect(html).toContain("&lt;script&gt;");
});

it("keeps web and mail links, and drops other schemes", async () => {
  expect(await markdownToHtml("[site](https://akwaabapay.com.gh)")).toContain(
    '<a href="https://akwaabapay.com.gh">site</a>',
  );
  expect(await markdownToHtml("[x](javascript:alert(1))")).not.toContain("<a");
  expect(await markdownToHtml("![pixel](https://tracker.example/p.gif)")).not.toContain("<img");
});

it("renders ordinary Markdown as before; task boxes as ☐ and ☑, code without its language", async () => {
  // A table's lines and the room around its cells, which mail clients keep only inline.
  const TABLE = "border-collapse:collapse";
  const CELL = "border:1px solid #c9ced6;padding:6px 10px";
  const markdown = [
    "## Akwaaba",
    '*Mobile money* and **cards**, ~~cheques~~, `code`, [a link](https://x.gh/?a=1&b=2 "Title"),',
    "www.akwaabapay.com.gh and ama@example.com",
    "",
    "> A quote",
    "",
    "- one\n  - inside\n- [ ] to do\n- [x] done",
    "",
    "3. three\n4. four",
    "",
    "```js\nconst fee = 1 < 2;\n```",
    "",
    "| Fee | Amount |\n|:-|-:|\n| MoMo | 1% |",
    "",
    "---",
  ].join("\n");
  expect(await markdownToHtml(markdown)).toBe(
    [
      "<h2>Akwaaba</h2>",
      '<p><em>Mobile money</em> and <strong>cards</strong>, <del>cheques</del>, <code>code</code>, <a href="https://x.gh/?a=1&amp;b=2" title="Title">a link</a>,<br />' +
        '<a href="http://www.akwaabapay.com.gh">www.akwaabapay.com.gh</a> and <a href="mailto:ama@example.com">ama@example.com</a></p>',
      "<blockquote>\n<p>A quote</p>\n</blockquote>",
      "<ul>\n<li>one<ul>\n<li>inside</li>\n</ul>\n</li>\n<li>☐ to do</li>\n<li>☑ done</li>\n</ul>",
      '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>',
      "<pre><code>const fee = 1 &lt; 2;\n</code></pre>",
      `<table style="${TABLE}">\n<thead>\n<tr>\n<th align="left" style="${CELL}">Fee</th>\n<th align="right" style="${CELL}">Amount</th>\n</tr>\n</thead>\n<tbody><tr>\n<td align="left" style="${CELL}">MoMo</td>\n<td align="right" style="${CELL}">1%</td>\n</tr>\n</tbody></table>`,
      "<hr />\n",
    ].join("\n"),
  );
});

describe("raw HTML", () => {
  it.each(["kbd", "code", "pre", "script", "KBD "])(
    "shows the text after an inline <%s> as text, in later paragraphs too",
    async (tag) => {
      const html = await markdownToHtml(
        `x <${tag}> <img/src=x onerror=alert(1)>\n\nlater <svg/onload=alert(2)>`,
      );
      expect(html).toBe(
        `<p>x ${escapeHtml(`<${tag}>`)} &lt;img/src=x onerror=alert(1)&gt;</p>\n` +
          "<p>later &lt;svg/onload=alert(2)&gt;</p>\n",
      );
    },
  );

  it("lets nothing outside the allow-list through: the reported attack and every other payload", async () => {
    expect(await markdownToHtml(REPORTED_ATTACK)).toBe(
      "<p>x &lt;kbd&gt; &lt;img/src=x onerror=alert(1)&gt;</p>\n",
    );
    for (const attack of ATTACKS) {
      expect(allowListViolations(await markdownToHtml(attack)), attack).toEqual([]);
    }
    expect(allowListViolations(await markdownToHtml(ATTACKS.join("\n\n")))).toEqual([]);
  });

  it("lets nothing outside the allow-list through, whatever the Markdown", async () => {
    await fc.assert(
      fc.asyncProperty(attackMarkdown, async (markdown) => {
        expect(allowListViolations(await markdownToHtml(markdown))).toEqual([]);
      }),
      fuzzRuns(500),
    );
  });

  it("is checked by a parser that sees what a browser would", () => {
    // The check itself, on HTML the renderer must never produce.
    expect(
      allowListViolations(
        '<p onclick="x">a</p><img src=x><a href="/x">r</a><a href=" JAVASCRIPT:x">j</a>' +
          '<table style="position:fixed"></table><p style="color:red">p</p>' +
          "<svg><a>s</a></svg><!-- c --><code class=x>c</code>",
      ),
    ).toEqual([
      "attribute onclick on <p>",
      "picture x",
      "picture without alt text",
      "link to /x",
      "link to  JAVASCRIPT:x",
      "style position:fixed on <table>",
      "attribute style on <p>",
      "element <svg>",
      "element <a>",
      "comment <!-- c -->",
      "attribute class on <code>",
    ]);
  });
});

describe("Markdown that cannot be rendered", () => {
  it(`counts quotes and lists nested inside each other, up to ${MAX_NESTING}`, async () => {
    for (const marker of ["> ", "- ", "1. ", "> - "]) {
      const levels = marker === "> - " ? 2 : 1;
      const deepest = marker.repeat(MAX_NESTING / levels);
      expect(await markdownProblem(`${deepest}x`), marker).toBeNull();
      expect(await markdownProblem(`${deepest}${marker}x`), marker).toBe("too-deep");
    }
    const indented = Array.from({ length: MAX_NESTING + 1 }, (_, i) => `${"  ".repeat(i)}- x`);
    expect(await markdownProblem(indented.slice(0, -1).join("\n"))).toBeNull();
    expect(await markdownProblem(indented.join("\n"))).toBe("too-deep");
  });

  it("shows Markdown nested thousands deep as text, where marked overflowed the stack", async () => {
    expect(await markdownToHtml(">".repeat(5000))).toBe(`<p>${"&gt;".repeat(5000)}</p>\n`);
    expect(await markdownToHtml("- ".repeat(5000) + "x")).toBe(`<p>${"- ".repeat(5000)}x</p>\n`);
  });

  it("shows it as escaped text in paragraphs, its line breaks kept, nothing outside the allow-list", async () => {
    const html = await markdownToHtml(`${">".repeat(50)}\n"a" & 'b'\n\n${REPORTED_ATTACK}`);
    expect(html).toBe(
      `<p>${"&gt;".repeat(50)}<br />\n&quot;a&quot; &amp; &#39;b&#39;</p>\n` +
        "<p>x &lt;kbd&gt; &lt;img/src=x onerror=alert(1)&gt;</p>\n",
    );
    expect(allowListViolations(html)).toEqual([]);
  });

  it("shows Markdown that takes too long to render as text", async () => {
    // marked takes seconds over this (the square of the runs of emphasis: bench/markdown.ts).
    const slow = "*a **".repeat(4000).trim();
    expect(await markdownProblem(slow)).toBe("too-slow");
    expect(await markdownToHtml(`# Title\n\n${slow}`)).toBe(`<p># Title</p>\n<p>${slow}</p>\n`);
  });
});
