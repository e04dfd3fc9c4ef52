import { expect, it } from "vitest";
import { demoPaths, pagePaths, productPaths, servicePaths } from "../../common/paths";
import { named, squash, theOne, useBuiltSite } from "./built-site";

// The products' and services' pages: their cards and their links to a demo page.

const built = useBuiltSite();

it.each([
  [productPaths.pensions, demoPaths["pension-management"]],
  [productPaths.banking, demoPaths.banking],
  [productPaths.aslan, demoPaths.aslan],
  [productPaths.schoolBilling, demoPaths["school-billing"]],
] as const)("%s links Request a Demo to %s, which has the demo form", async (product, demo) => {
  const { document } = await built.page(product);
  const links = named(document, "a", "Request a Demo");
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.getAttribute("href")).toBe(demo);
  const demoPage = (await built.page(demo)).document;
  expect(named(demoPage, "form", "Request a demo")).toHaveLength(1);
});

it("value added services: six cards, insurance COMING SOON and not a link, Request a Demo", async () => {
  const { document } = await built.page(pagePaths.valueAddedServices);
  const cards = Array.from(theOne(document, "ul", "Value added services").children);
  expect(cards).toHaveLength(6);
  const expected = [
    ["Pension Management System", productPaths.pensions],
    ["Core Banking", productPaths.banking],
    ["ASLAN", productPaths.aslan],
    ["School Billing & Payments", productPaths.schoolBilling],
    ["USSD", servicePaths.ussd],
  ] as const;
  for (const [title, href] of expected) {
    const card = cards.filter((li) =>
      Array.from(li.querySelectorAll("h2, h3, h4")).some((h) => squash(h.textContent) === title),
    );
    expect(card, title).toHaveLength(1);
    expect(Array.from(card[0]!.querySelectorAll("a"), (a) => a.getAttribute("href"))).toEqual([
      href,
    ]);
    expect(card[0]!.textContent).not.toContain("COMING SOON");
  }
  const insurance = cards.filter((li) => li.textContent?.includes("Insurance"));
  expect(insurance).toHaveLength(1);
  expect(insurance[0]!.textContent).toContain("COMING SOON");
  expect(insurance[0]!.querySelectorAll("a")).toHaveLength(0);

  const demo = named(document, "a", "Request a Demo");
  expect(demo.length).toBeGreaterThan(0);
  for (const link of demo) expect(link.getAttribute("href")).toBe(demoPaths.vas);
});

it("e-commerce: the shop is COMING SOON and not a link; the other two open in a new tab", async () => {
  const { document } = await built.page(pagePaths.eCommerce);
  const cards = Array.from(theOne(document, "ul", "E-commerce offerings").children);
  expect(cards).toHaveLength(3);
  const shop = cards.filter((li) => li.textContent?.includes("COMING SOON"));
  expect(shop).toHaveLength(1);
  expect(squash(shop[0]!.querySelector("h2, h3")?.textContent)).toMatch(/Shop/);
  expect(shop[0]!.querySelectorAll("a")).toHaveLength(0);

  const others = cards.filter((li) => !li.textContent?.includes("COMING SOON"));
  expect(others.map((li) => squash(li.querySelector("h2, h3")?.textContent))).toEqual([
    expect.stringMatching(/Lifestyle/),
    expect.stringMatching(/Bills/),
  ]);
  for (const card of others) {
    const links = card.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute("target")).toBe("_blank");
    expect(links[0]!.getAttribute("rel")).toMatch(/noopener/);
    expect(links[0]!.getAttribute("href")).toMatch(/^https:\/\//);
  }
  expect(theOne(document, "a", "Contact Sales").getAttribute("href")).toBe(pagePaths.contactUs);
});

it("payment services lists its ten services in order", async () => {
  const { document } = await built.page(pagePaths.paymentServices);
  const region = theOne(document, "section", "Our payment services");
  const actual = Array.from(region.querySelectorAll("a"), (a) => [
    squash(a.querySelector("span")?.textContent),
    a.getAttribute("href"),
  ]);
  expect(actual).toEqual([
    ["Collections", servicePaths.collections],
    ["Bulk Pay", servicePaths.bulkPay],
    ["Direct Debit", servicePaths.directDebit],
    ["Utilities/Airtime/Data", servicePaths.utilities],
    ["Payouts", servicePaths.payouts],
    ["USSD", servicePaths.ussd],
    ["Web Checkout", servicePaths.webCheckout],
    ["SMS", servicePaths.sms],
    ["Request to Pay", servicePaths.requestToPay],
    ["Remittance", pagePaths.remittance],
  ]);
});

it("the ASLAN demo page has its headline", async () => {
  const { document } = await built.page(demoPaths.aslan);
  expect(squash(document.querySelector("h1")?.textContent)).toBe(
    "Schedule a demo to try out ASLAN",
  );
});
