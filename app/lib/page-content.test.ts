import { describe, expect, it } from "vitest";
import { metaFromPages, pageAt } from "./page-content";

const pages = { "/a": { seo: { title: "A", description: "About A" } } };

describe("pageAt", () => {
  it("finds a page's content by its path", () => {
    expect(pageAt(pages, "/a")).toBe(pages["/a"]);
  });

  it("throws for a path without content, so the page cannot be prerendered blank", () => {
    expect(() => pageAt(pages, "/b")).toThrow("No content for the page at /b");
    expect(() => pageAt(pages, "toString")).toThrow("No content for the page at toString");
  });
});

describe("metaFromPages", () => {
  it("gives the tags of the page at the current path", () => {
    const meta = metaFromPages(pages)({ path: "/a" });
    expect(meta).toContainEqual({ name: "description", content: "About A" });
    expect(meta).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("keeps pages out of search results when asked", () => {
    const meta = metaFromPages(pages, { noindex: true })({ path: "/a" });
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("throws for a path without content", () => {
    expect(() => metaFromPages(pages)({ path: "/b" })).toThrow();
  });
});
