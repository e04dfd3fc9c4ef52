import { expect, it } from "vitest";
import { notFoundPath, pagePaths } from "../../common/paths";
import { htmlDocument, metaContent, squash, useBuiltSite } from "./built-site";

// What the server answers besides a page's body: its security headers, the missing-page screen
// with status 404, the redirect of a trailing slash; and the copyright year the build wrote.

const built = useBuiltSite();

const MISSING_TEXT = "You encountered a missing page, please go back or try again";
// The about page's heading (app/content/team.ts).
const ABOUT_HEADING = "Building trusted payments for Ghana";

it("pages are served with a CSP that allows only their own inline scripts", async () => {
  const answer = await built.get(pagePaths.home);
  const csp = String(answer.headers["content-security-policy"] ?? "");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
});

it("the innovation hub may frame only the origin of the form it embeds", async () => {
  const { answer, document } = await built.page(pagePaths.innovationHub);
  const frameSrc = /frame-src ([^;]+)/.exec(String(answer.headers["content-security-policy"]));
  const iframe = document.querySelector("iframe")?.getAttribute("src");
  expect(frameSrc?.[1]).toBe(new URL(iframe ?? "").origin);
});

it("an unknown path answers 404 with the missing-page screen, for no search engine", async () => {
  const answer = await built.get("/no-such-page");
  expect(answer.statusCode).toBe(404);
  expect(answer.headers["content-type"]).toContain("text/html");
  // The screen is in the HTML itself, before any script runs.
  const document = htmlDocument(answer.body, "/no-such-page");
  expect(squash(document.querySelector("h1")?.textContent)).toBe(MISSING_TEXT);
  const goBack = Array.from(document.querySelectorAll("button")).map((b) => squash(b.textContent));
  expect(goBack).toContain("Go back");
  expect(document.title).toMatch(/not found|missing/i);
  // Search engines must not index it, and it must not claim to be some other page.
  expect(metaContent(document, 'meta[name="robots"]')).toMatch(/\bnoindex\b/);
  expect(document.querySelector('link[rel="canonical"]')).toBeNull();
});

it("unknown nested paths and /404 itself are 404s", async () => {
  for (const path of [notFoundPath, "/services/no-such-service", "/payouts/payouts-api"]) {
    const answer = await built.get(path);
    expect(answer.statusCode, path).toBe(404);
    expect(answer.body, path).toContain(MISSING_TEXT);
  }
});

it("a trailing slash redirects to the page without it", async () => {
  const answer = await built.get("/about-us/");
  expect(answer.statusCode).toBe(301);
  expect(answer.headers.location).toBe(pagePaths.aboutUs);
  const { document } = await built.page(pagePaths.aboutUs);
  expect(squash(document.querySelector("h1")?.textContent)).toBe(ABOUT_HEADING);
});

it("the prerendered footer carries the year of the build, for the visitor's clock to update", async () => {
  const { answer } = await built.page(pagePaths.home);
  const year = new Date().getFullYear();
  expect(answer.body).toMatch(
    new RegExp(`©\\s*(<!-- -->)?\\s*<span data-current-year="">${year}</span>`),
  );
});
