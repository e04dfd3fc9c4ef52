import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown-render";

/** The text part of the Markdown, as the render worker makes it. */
function textOf(markdown: string): string {
  const rendering = renderMarkdown(markdown);
  if (rendering.problem) throw new Error(`Not rendered: ${rendering.problem}`);
  return rendering.text;
}

describe("the text part of newsletter Markdown", () => {
  it("shows task items as boxes, as the HTML does", () => {
    expect(textOf("- [ ] Open an account\n- [x] Read the guide")).toBe(
      "☐ Open an account\n☑ Read the guide",
    );
  });

  it("shows an image as its alt text, with its address only when it is on the web", () => {
    expect(textOf("![Our office](https://cdn.example/office.jpg)")).toBe(
      "Our office (https://cdn.example/office.jpg)",
    );
    expect(textOf("![Logo](logo.png) ![Pixel](data:image/gif;base64,R0lGOD)")).toBe("Logo Pixel");
  });

  it("writes a link's address after its words, and an unsafe link as its words alone", () => {
    expect(textOf("See [our fees](https://pay.example/fees).")).toBe(
      "See our fees (https://pay.example/fees).",
    );
    expect(textOf("[Write to us](mailto:hello@pay.example)")).toBe(
      "Write to us (hello@pay.example)",
    );
    expect(textOf("[Click](javascript:alert(1)) and [here](/relative)")).toBe("Click and here");
    expect(textOf("<https://pay.example> or hello@pay.example")).toBe(
      "https://pay.example or hello@pay.example",
    );
  });

  it.each([
    [
      "drops the marks of headings and emphasis",
      "# News\n\n## This *month*\n\nWe **grew** and ~~shrank~~ `fees`.",
      "News\n\nThis month\n\nWe grew and shrank fees.",
    ],
    [
      "writes a table a row a line, each cell after its column's heading",
      "| Plan | Fee |\n| --- | --: |\n| Basic | 1% |\n| Pro | 0.5% |",
      "Plan: Basic · Fee: 1%\nPlan: Pro · Fee: 0.5%",
    ],
    [
      "numbers ordered lists from their start, bullets the others, and indents nesting",
      "3. Third\n4. Fourth\n\n- Cards\n  - Visa\n  - Mastercard",
      "3. Third\n4. Fourth\n\n• Cards\n  • Visa\n  • Mastercard",
    ],
    [
      "keeps line breaks, quotes as e-mail quotes them, and code as typed",
      "First line\nsecond line\n\n> Quoted\n\n    npm run build",
      "First line\nsecond line\n\n> Quoted\n\n    npm run build",
    ],
    [
      "shows raw HTML as typed, as the HTML part does, and character references as characters",
      "AT&amp;T &#42;not bold&#42; <b>x</b>",
      "AT&T *not bold* <b>x</b>",
    ],
  ])("%s", (_name, markdown, text) => {
    expect(textOf(markdown)).toBe(text);
  });

  it("leaves no Markdown syntax in a newsletter using all of it", () => {
    const text = textOf(
      [
        "# Title",
        "Some **bold**, _em_ and a [link](https://pay.example).",
        "- [ ] todo\n- [x] done",
        "![alt](https://img.example/a.png)",
        "| a | b |\n|---|---|\n| 1 | 2 |",
      ].join("\n\n"),
    );
    expect(text).not.toMatch(/\]\(|- \[[ x]\]|\*\*|^#|\|/m);
  });
});
