import { describe, expect, it } from "vitest";
import { pagePaths } from "../../scripts/page-paths";
import { ORIGIN, useBuiltSite } from "./built-site";

// Every link of every page leads somewhere real (no internal link lands on the missing page or
// a redirect), every in-page anchor has its target, and new tabs cannot reach back to us.

const built = useBuiltSite();

/** What is wrong with one link of the page at `from` (nothing: undefined). */
async function problemWith(from: string, anchor: HTMLAnchorElement): Promise<string | undefined> {
  const href = anchor.getAttribute("href") ?? "";
  if (anchor.target === "_blank") {
    const rel = anchor.rel.split(/\s+/);
    if (!rel.includes("noopener") || !rel.includes("noreferrer")) {
      return `${href}: target=_blank without rel="noopener noreferrer"`;
    }
  }
  const url = new URL(anchor.href);
  if (url.protocol === "mailto:") {
    return /^[^@\s,]+@[^@\s,]+\.[a-z]{2,}$/i.test(url.pathname)
      ? undefined
      : `${href}: not one e-mail address`;
  }
  if (url.protocol === "tel:") {
    return /^\+\d{9,15}$/.test(url.pathname) ? undefined : `${href}: not a dialable number`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return `${href}: unexpected scheme ${url.protocol}`;
  }
  if (url.origin !== ORIGIN) return undefined;

  // No redirect followed: a link must point at the page itself, not at a detour.
  const target = await built.get(url.pathname + url.search);
  if (target.statusCode !== 200) return `${href}: HTTP ${target.statusCode}`;
  if (!url.hash) return undefined;
  const id = decodeURIComponent(url.hash.slice(1));
  const document =
    url.pathname === from
      ? anchor.ownerDocument
      : String(target.headers["content-type"]).includes("text/html")
        ? (await built.page(url.pathname + url.search)).document
        : undefined;
  return document?.getElementById(id)
    ? undefined
    : `${href}: no element with id "${id}" on ${url.pathname}`;
}

describe.each(pagePaths())("%s", (path) => {
  it("every link works", async () => {
    const { document } = await built.page(path);
    const anchors = Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]"));
    expect(anchors.length, "links on the page").toBeGreaterThan(0);
    const problems: string[] = [];
    for (const anchor of anchors) {
      const problem = await problemWith(path, anchor);
      if (problem) problems.push(problem);
    }
    expect(problems, `broken links on ${path}`).toEqual([]);
  });
});
