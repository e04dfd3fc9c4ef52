import { describe, expect, it } from "vitest";
import { type MailPictures, NO_PICTURES, mediaIdsIn } from "./mail-pictures";
import { renderMarkdown } from "./markdown-render";
import { allowListViolations } from "./markdown.testing";

// The media library's pictures, tables and phone links in the e-mails, as the render worker
// makes them (the API's side: ../campaigns/campaign-pictures.test.ts).

const ID = "0b3f6a52-8d4e-4c1a-9f7e-2d5c8b1a7e40";
const SITE = "https://www.akwaabapay.com.gh";
const PICTURES: MailPictures = { origin: SITE, sizes: { [ID]: { width: 600, height: 400 } } };
const MAIL_JPEG = `${SITE}/media/${ID}/600.jpg`;

function rendered(markdown: string, pictures: MailPictures = PICTURES) {
  const rendering = renderMarkdown(markdown, pictures);
  if (rendering.problem) throw new Error(`Not rendered: ${rendering.problem}`);
  return rendering;
}

describe("pictures of the media library in an e-mail", () => {
  it("are the mail size by its absolute address, with alt text, width and height", () => {
    for (const address of [`/media/${ID}/960.webp`, `${SITE}/media/${ID}/1440.webp`]) {
      const { html, text } = rendered(`![Our Kumasi branch](${address})`);
      expect(html).toBe(
        `<p><img src="${MAIL_JPEG}" alt="Our Kumasi branch" width="600" height="400" style="max-width:100%;height:auto" /></p>\n`,
      );
      expect(allowListViolations(html)).toEqual([]);
      expect(text).toBe(`Our Kumasi branch (${MAIL_JPEG})`);
    }
  });

  it("escape their alt text", () => {
    const { html } = rendered(`![Ama "&" Kofi <b>](/media/${ID}/960.webp)`);
    expect(html).toContain('alt="Ama &quot;&amp;&quot; Kofi &lt;b&gt;"');
    expect(allowListViolations(html)).toEqual([]);
  });

  it("are counted when they lack alt text (the content schema refuses them), and not shown", () => {
    const rendering = renderMarkdown(`![](/media/${ID}/960.webp) ![ ](/media/${ID}/480.webp)`);
    expect(rendering.problem === null && rendering.unlabelledPictures).toBe(2);
    expect(rendered(`![](/media/${ID}/960.webp)`).html).not.toContain("<img");
    expect(renderMarkdown("![pixel](https://tracker.example/p.gif)")).toMatchObject({
      unlabelledPictures: 0,
    });
  });

  it("stay their alt text when the library does not hold them, as any other picture does", () => {
    const other = "0b3f6a52-8d4e-4c1a-9f7e-2d5c8b1a7e41";
    for (const markdown of [
      `![Unknown](/media/${other}/960.webp)`,
      "![Pixel](https://tracker.example/p.gif)",
      "![Inline](data:image/gif;base64,R0lGOD)",
    ]) {
      expect(rendered(markdown).html, markdown).not.toContain("<img");
    }
    expect(rendered(`![Office](/media/${ID}/960.webp)`, NO_PICTURES).html).toBe("<p>Office</p>\n");
  });

  it("are looked up by every library address the Markdown names, once each", () => {
    expect(
      mediaIdsIn(`![a](/media/${ID}/960.webp) [b](${SITE}/media/${ID.toUpperCase()})`),
    ).toEqual([ID]);
    expect(mediaIdsIn("![a](/media/not-an-id/960.webp)")).toEqual([]);
  });
});

describe("tables and phone links in an e-mail", () => {
  const markdown = [
    "| Plan | Fee |",
    "| --- | --: |",
    "| MoMo | 1% |",
    "| Cards | 2.5% |",
    "",
    "Call [0302 000 000](tel:+233302000000) or [write](mailto:hello@akwaabapay.com.gh).",
  ].join("\n");

  it("keeps a phone number's link, and gives the table's cells lines and room", () => {
    const { html } = rendered(markdown);
    expect(html).toContain('<a href="tel:+233302000000">0302 000 000</a>');
    expect(html).toContain('<table style="border-collapse:collapse">');
    expect(html).toContain(
      '<td align="right" style="border:1px solid #c9ced6;padding:6px 10px">2.5%</td>',
    );
    expect(allowListViolations(html)).toEqual([]);
  });

  it("writes the text part a row a line, the number after the link's words", () => {
    expect(rendered(markdown).text).toBe(
      [
        "Plan: MoMo · Fee: 1%",
        "Plan: Cards · Fee: 2.5%",
        "",
        "Call 0302 000 000 (+233302000000) or write (hello@akwaabapay.com.gh).",
      ].join("\n"),
    );
  });

  it("drops a link of another scheme, and a style or picture written as raw HTML", () => {
    const { html } = rendered(
      `[x](sms:+233) <td style="position:fixed">a</td> <img src="${MAIL_JPEG}" alt="x">`,
    );
    expect(html).not.toMatch(/<a |<img|<td/);
    expect(allowListViolations(html)).toEqual([]);
  });
});
