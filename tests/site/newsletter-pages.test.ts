import { expect, it } from "vitest";
import { newsletterLinkPaths, newsletterStatusPaths, pagePaths } from "../../common/paths";
import { metaContent, squash, theOne, useBuiltSite } from "./built-site";

// The pages a newsletter e-mail's links open, and the pages their buttons lead to, as the server
// sends them: what each says, that no search engine lists them, and how the link pages' button
// works without a script. The browser runs axe on one page of each kind
// (tests/e2e/forms-newsletter.spec.ts), and follows the links for real.

const built = useBuiltSite();

/** A newsletter link with a token the server never issued: the page is the same for any. */
const madeUpLink = (path: string) => `${path}?token=made-up-token-123`;

async function pageSaying(url: string, heading: string) {
  const { document } = await built.page(url);
  const headings = Array.from(document.querySelectorAll("h1"), (h1) => squash(h1.textContent));
  expect(headings, url).toEqual([heading]);
  expect(metaContent(document, 'meta[name="robots"]'), url).toMatch(/\bnoindex\b/);
  return document;
}

it.each([
  [newsletterStatusPaths.confirmed, "You are subscribed"],
  [newsletterStatusPaths.unsubscribed, "You are unsubscribed"],
  [newsletterStatusPaths.invalid, "This link is not valid"],
  [newsletterStatusPaths.unavailable, "Please try again in a few minutes"],
])("%s says '%s', leads back home and is for no search engine", async (path, heading) => {
  const document = await pageSaying(path, heading);
  expect(theOne(document, "a", "Back to the home page").getAttribute("href")).toBe(pagePaths.home);
});

it.each([
  [newsletterLinkPaths.confirm, "Confirm your subscription", "Confirm my subscription"],
  [newsletterLinkPaths.unsubscribe, "Unsubscribe from the newsletter?", "Unsubscribe"],
])(
  "%s says '%s', is for no search engine, and its one button '%s' posts the page to its own address",
  async (path, heading, button) => {
    const document = await pageSaying(madeUpLink(path), heading);
    const submit = theOne(document, "button", button);
    expect(submit.getAttribute("type")).toBe("submit");
    // The form posts to the page's own address, token and all: no action attribute.
    const form = submit.closest("form");
    expect(form?.closest("main")).not.toBeNull();
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.hasAttribute("action")).toBe(false);
  },
);
