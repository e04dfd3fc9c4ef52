import { expect, it } from "vitest";
import { markdownToHtml } from "./markdown";

it("renders Markdown, with raw HTML shown as text", () => {
  const html = markdownToHtml(
    "# Akwaaba\n\n**Thank you** for joining.\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>",
  );
  expect(html).toContain("<h1>Akwaaba</h1>");
  expect(html).toContain("<strong>Thank you</strong>");
  expect(html).not.toMatch(/<script|<img/);
  expect(html).toContain("&lt;script&gt;");
});

it("keeps web and mail links, and drops other schemes", () => {
  expect(markdownToHtml("[site](https://akwaabapay.com.gh)")).toContain(
    '<a href="https://akwaabapay.com.gh">site</a>',
  );
  expect(markdownToHtml("[x](javascript:alert(1))")).not.toContain("<a");
  expect(markdownToHtml("![pixel](https://tracker.example/p.gif)")).not.toContain("<img");
});
