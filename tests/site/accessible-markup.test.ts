import { describe, expect, it } from "vitest";
import { pagePaths } from "../../scripts/page-paths";
import { accessibleName, useBuiltSite } from "./built-site";

// What of accessibility the words of a page can break, checked in the HTML of every page: the
// browser tests run axe on one page per module of the route table (tests/e2e/routes.spec.ts),
// since pages that share a module share its layout, colours and widgets; what differs between
// them is their content (a policy's tables and lists, an article's images and links), and these
// are its rules, as axe applies them (WCAG 2.x A/AA). Decision 0062.

const built = useBuiltSite();

/** A control's name as axe finds it in the site's markup: its label or text, else an image's alt. */
function nameOf(element: Element): string {
  const images = Array.from(element.querySelectorAll("img[alt]"), (img) => img.getAttribute("alt"));
  return (
    accessibleName(element) ||
    images.join(" ").trim() ||
    (element.getAttribute("title") ?? "").trim()
  );
}

/** Elements whose ids another page element shares (ARIA references would reach the wrong one). */
function repeatedIds(document: Document): string[] {
  const seen = new Map<string, number>();
  for (const element of document.querySelectorAll("[id]"))
    seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
  return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
}

/** A list whose children are not all list items (what a screen reader announces goes wrong). */
function brokenLists(document: Document): string[] {
  return Array.from(document.querySelectorAll("ul, ol"))
    .filter((list) =>
      Array.from(list.children).some(
        (child) => !["LI", "SCRIPT", "TEMPLATE"].includes(child.tagName),
      ),
    )
    .map((list) => list.outerHTML.slice(0, 80));
}

describe.each(pagePaths())("%s", (path) => {
  it("names its language, every image, link, button and frame, and repeats no id", async () => {
    const { document } = await built.page(path);
    expect(document.documentElement.getAttribute("lang"), "<html lang>").toMatch(
      /^[a-z]{2}(-[A-Z]{2})?$/,
    );
    const images = Array.from(document.querySelectorAll("img:not([alt])"), (img) => img.outerHTML);
    expect(images, "images without alt").toEqual([]);
    const unnamed = Array.from(document.querySelectorAll("a[href], button"))
      .filter((control) => control.getAttribute("aria-hidden") !== "true" && !nameOf(control))
      .map((control) => control.outerHTML.slice(0, 120));
    expect(unnamed, "links and buttons without a name").toEqual([]);
    const frames = Array.from(document.querySelectorAll("iframe:not([title])"), (f) => f.outerHTML);
    expect(frames, "frames without a title").toEqual([]);
    expect(repeatedIds(document), "ids used twice").toEqual([]);
    expect(brokenLists(document), "lists holding more than list items").toEqual([]);
  });

  it("gives every table of its content header cells", async () => {
    const { document } = await built.page(path);
    const bare = Array.from(document.querySelectorAll("table"))
      .filter((table) => !table.querySelector("th"))
      .map((table) => table.outerHTML.slice(0, 120));
    expect(bare, "tables without header cells").toEqual([]);
  });
});
