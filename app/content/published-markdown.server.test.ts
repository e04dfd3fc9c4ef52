import { describe, expect, it } from "vitest";
import { isSafeHref, renderPublishedMarkdown } from "./published-markdown.server";

// Published Markdown is typed in the console and may be pasted from anywhere: what a visitor's
// browser would run or fetch from elsewhere never reaches the page.

const PICTURE = "5f1d2c3b-7a8e-4b9c-8d0e-1f2a3b4c5d6e";

describe("published Markdown", () => {
  it("shows raw HTML as text: scripts, event handlers, iframes", () => {
    const html = renderPublishedMarkdown(
      'Hi <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>\n\nA <code>tag</code> then <b onclick="x()">bold</b>',
    );
    expect(html).not.toMatch(/<script|<img|<iframe|<b |<code>tag/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });

  it("renders links to the web, mailboxes, phones and the site's own pages", () => {
    const html = renderPublishedMarkdown(
      "[a](https://example.com/x?y=1&z=2) [b](mailto:careers@akwaabapay.com.gh) [c](tel:+233302901234) [d](/contact-us) <https://example.org>",
    );
    expect(html).toContain('<a href="https://example.com/x?y=1&amp;z=2">a</a>');
    expect(html).toContain('<a href="mailto:careers@akwaabapay.com.gh">b</a>');
    expect(html).toContain('<a href="tel:+233302901234">c</a>');
    expect(html).toContain('<a href="/contact-us">d</a>');
    expect(html).toContain('<a href="https://example.org">https://example.org</a>');
  });

  it("shows any other link as its words: javascript:, data:, protocol-relative, backslashes", () => {
    const html = renderPublishedMarkdown(
      "[one](javascript:alert(1)) [two](JaVaScRiPt:alert(1)) [three](data:text/html,<b>x</b>) [four](//evil.example/x) [five](/\\evil.example) [six](vbscript:x) [seven](java%0ascript:alert(1))\n\n[ref][r]\n\n[r]: javascript:alert(3)",
    );
    expect(html).not.toContain("<a ");
    expect(html).toMatch(/one.*two.*three.*four.*five.*six.*seven/s);
    expect(html).toContain("ref");
  });

  it("checks addresses as a browser reads them", () => {
    expect(isSafeHref("https://example.com")).toBe(true);
    expect(isSafeHref("/articles")).toBe(true);
    for (const href of [
      "//x.example",
      "/\\x.example",
      " javascript:x",
      "java\tscript:x",
      "https:",
      "ftp://x",
      "#top",
      "x",
    ]) {
      expect(isSafeHref(href), href).toBe(false);
    }
  });

  it("shows the media library's pictures in AVIF or WebP in every page width with their size and alt, lazily", () => {
    const html = renderPublishedMarkdown(`![A stall in Makola](/media/${PICTURE}/960.webp)`, {
      [PICTURE]: { width: 1200, height: 800 },
    });
    const sizes = (format: string) =>
      `/media/${PICTURE}/480.${format} 480w, /media/${PICTURE}/720.${format} 720w, /media/${PICTURE}/960.${format} 960w, /media/${PICTURE}/1440.${format} 1200w`;
    expect(html).toMatch(
      new RegExp(`^<p><picture><source type="image/avif" srcset="${sizes("avif")}"`),
    );
    expect(html).toContain(`src="/media/${PICTURE}/960.webp" srcset="${sizes("webp")}"`);
    expect(html).toContain('alt="A stall in Makola" width="1200" height="800" loading="lazy"');
  });

  it("shows any other picture as its alt text: data: images, other hosts, tracking pixels", () => {
    const html = renderPublishedMarkdown(
      '![pixel](https://tracker.example/p.gif) ![inline](data:image/svg+xml,<svg onload=alert(1)>) ![quote" onerror="x](/images/a.png)',
    );
    expect(html).not.toContain("<img");
    expect(html).toContain("pixel");
    expect(html).toContain("inline");
    expect(html).toContain("quote&quot; onerror=&quot;x");
  });

  it("starts headings at h2: the page's title is its only h1", () => {
    const html = renderPublishedMarkdown("# Big\n\n## Section\n\n### Part");
    expect(html).toContain('<h2 id="big">Big</h2>');
    expect(html).toContain('<h2 id="section">Section</h2>');
    expect(html).toContain('<h3 id="part">Part</h3>');
    expect(renderPublishedMarkdown("## Under a section", {}, 3)).toContain("<h3 ");
  });
});
