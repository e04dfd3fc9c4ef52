import { expect, it } from "vitest";
import { pagePaths } from "../../common/paths";
import { named, squash, theOne, useBuiltSite } from "./built-site";

// The company's own pages as prerendered: careers, get-started, the articles' list, the
// innovation hub, the contact page and the terms.

const built = useBuiltSite();
/** The privacy policy: a clause of the terms, with an anchor of its own. */
const PRIVACY_POLICY = `${pagePaths.termsAndConditions}#privacy-policy`;

const h1Of = (document: Document) => squash(document.querySelector("h1")?.textContent);
const hasText = (root: Element | Document, text: string) =>
  Array.from(root.querySelectorAll("p, span, div, li, h2, h3")).some(
    (element) => squash(element.textContent) === text,
  );

it("careers: banner, Open Positions and 'No available positions'", async () => {
  const { document } = await built.page(pagePaths.careers);
  expect(h1Of(document)).toBe("Come help build the backbone of modern financial services.");
  expect(named(document, "h2, h3", "Open Positions")).toHaveLength(1);
  expect(hasText(document, "No available positions")).toBe(true);
});

it("/get-started shows the onboarding placeholder and a Contact Sales link", async () => {
  const { document } = await built.page(pagePaths.getStarted);
  expect(h1Of(document)).toBe("Our merchant onboarding is almost here");
  expect(
    hasText(document, "We are currently working on giving you the best onboarding experience."),
  ).toBe(true);
  const main = document.querySelector("main")!;
  expect(theOne(main, "a", "Contact Sales").getAttribute("href")).toBe(pagePaths.contactUs);
});

it("/articles: each article has a titled link, a date, and its page carries its text", async () => {
  const { document } = await built.page(pagePaths.articles);
  const first = document.querySelector("main article");
  expect(first).not.toBeNull();
  const heading = first!.querySelector("h2");
  const title = squash(heading?.textContent);
  expect(title).toMatch(/\S/);
  const time = first!.querySelector("time");
  expect(squash(time?.textContent)).toMatch(/\d{4}/);
  expect(Number.isNaN(Date.parse(time?.getAttribute("datetime") ?? ""))).toBe(false);
  const href = heading?.querySelector("a")?.getAttribute("href") ?? "";
  expect(href).toMatch(/^\/articles\/[a-z0-9-]+$/);
  const article = (await built.page(href)).document;
  expect(h1Of(article)).toBe(title);
  expect(squash(article.querySelector("article")?.textContent).length).toBeGreaterThan(300);
});

it("innovation hub: headline, four benefits, the application frame and a mail contact", async () => {
  const { document } = await built.page(pagePaths.innovationHub);
  expect(h1Of(document)).toBe("An innovation hub for startups");
  const benefits = Array.from(
    theOne(document, "section", "What startups get").querySelectorAll("li"),
    (li) => squash(li.textContent),
  );
  expect(benefits).toHaveLength(4);
  expect(benefits[0]).toMatch(/legal.*compliance.*regulatory/i);
  expect(benefits[1]).toMatch(/advisory/i);
  expect(benefits[2]).toMatch(/discounted payment/i);
  expect(benefits[3]).toMatch(/investment/i);
  // One frame for browsers with scripts (the copy in <noscript> is for those without): the
  // other site's page is named in data-src, asked for only once this page has loaded.
  const frames = document.querySelectorAll("iframe:not(noscript *)");
  expect(frames).toHaveLength(1);
  expect(frames[0]!.getAttribute("title")).toMatch(/\S/);
  expect(frames[0]!.getAttribute("data-src")).toMatch(/^https:/);
  expect(frames[0]!.hasAttribute("src")).toBe(false);
  const banner = document.querySelector("header")!;
  expect(theOne(banner, "a", /contact/i).getAttribute("href")).toMatch(
    /^mailto:[^@\s]+@[^@\s]+\.\w+/,
  );
});

it("innovation hub: the copyright carries the build's year and the logo links home", async () => {
  const { document } = await built.page(pagePaths.innovationHub);
  const year = new Date().getFullYear();
  const footer = squash(document.querySelector("footer")?.textContent);
  expect(footer).toContain(`© ${year}`);
  if (year !== 2025) expect(footer).not.toContain("2025");
  const logo = theOne(document.querySelector("header")!, "a", /home$/);
  expect(logo.getAttribute("href")).toBe(pagePaths.home);
  expect(h1Of((await built.page(pagePaths.home)).document)).toBe("Innovation for you");
});

it("contact page: Find Us, the availability hours, a 10-row message and the policy's link", async () => {
  const { document } = await built.page(pagePaths.contactUs);
  expect(h1Of(document)).toBe("Find Us");
  expect(hasText(document, "We are available from 8AM - 5PM GMT on working days")).toBe(true);
  const message = Array.from(document.querySelectorAll("textarea")).filter((area) =>
    /^Message/.test(squash(document.querySelector(`label[for="${area.id}"]`)?.textContent)),
  );
  expect(message).toHaveLength(1);
  expect(message[0]!.getAttribute("rows")).toBe("10");
  const checkbox = Array.from(
    document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'),
  ).find((box) =>
    /privacy policy/.test(squash(document.querySelector(`label[for="${box.id}"]`)?.textContent)),
  );
  expect(checkbox, "the policy checkbox").toBeDefined();
  const label = document.querySelector(`label[for="${checkbox!.id}"]`)!;
  expect(theOne(label, "a", "privacy policy").getAttribute("href")).toBe(PRIVACY_POLICY);
});

it("the terms have 27 numbered clauses", async () => {
  const { document } = await built.page(pagePaths.termsAndConditions);
  const numbers = Array.from(document.querySelectorAll("article h2"))
    .map((h) => squash(h.textContent))
    .filter((text) => /^\d+\. /.test(text))
    .map((text) => Number.parseInt(text, 10));
  expect(numbers).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
});
