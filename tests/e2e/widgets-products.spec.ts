import type { Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";
import { demoPaths, pagePaths, productPaths, servicePaths } from "../../common/paths";

// The products' and services' pages: their cards, links to a demo page, and the demo page's
// industry suggestions.

test.describe("product pages link Request a Demo to their demo page", () => {
  const products = [
    [productPaths.pensions, demoPaths["pension-management"]],
    [productPaths.banking, demoPaths.banking],
    [productPaths.aslan, demoPaths.aslan],
    [productPaths.schoolBilling, demoPaths["school-billing"]],
  ] as const;
  for (const [product, demo] of products) {
    test(`${product} → ${demo}`, async ({ page }) => {
      await gotoReady(page, product);
      const links = page.getByRole("link", { name: "Request a Demo" });
      expect(await links.count()).toBeGreaterThan(0);
      for (const link of await links.all()) await expect(link).toHaveAttribute("href", demo);
      await links.first().click();
      await expect(page).toHaveURL(demo);
      await expect(page.getByRole("form", { name: "Request a demo" })).toBeVisible();
    });
  }
});

test("value added services: six cards, insurance COMING SOON and not a link, Request a Demo", async ({
  page,
}) => {
  await gotoReady(page, pagePaths.valueAddedServices);
  const cards = page.getByRole("list", { name: "Value added services" }).getByRole("listitem");
  await expect(cards).toHaveCount(6);
  const expected = [
    ["Pension Management System", productPaths.pensions],
    ["Core Banking", productPaths.banking],
    ["ASLAN", productPaths.aslan],
    ["School Billing & Payments", productPaths.schoolBilling],
    ["USSD", servicePaths.ussd],
  ] as const;
  for (const [title, href] of expected) {
    const card = cards.filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link")).toHaveAttribute("href", href);
    await expect(card).not.toContainText("COMING SOON");
  }
  const insurance = cards.filter({ hasText: "Insurance" });
  await expect(insurance).toHaveCount(1);
  await expect(insurance).toContainText("COMING SOON");
  await expect(insurance.getByRole("link")).toHaveCount(0);

  const demo = page.getByRole("link", { name: "Request a Demo" });
  for (const link of await demo.all()) await expect(link).toHaveAttribute("href", demoPaths.vas);
  await demo.first().click();
  await expect(page).toHaveURL(demoPaths.vas);
});

test("e-commerce: the shop is COMING SOON and not a link; the other two open in a new tab", async ({
  page,
  context,
}) => {
  await gotoReady(page, pagePaths.eCommerce);
  const cards = page.getByRole("list", { name: "E-commerce offerings" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  const shop = cards.filter({ hasText: "COMING SOON" });
  await expect(shop).toHaveCount(1);
  await expect(shop.getByRole("heading")).toContainText(/Shop/);
  await expect(shop.getByRole("link")).toHaveCount(0);

  const others = cards.filter({ hasNotText: "COMING SOON" });
  await expect(others).toHaveCount(2);
  await expect(others.nth(0).getByRole("heading")).toContainText(/Lifestyle/);
  await expect(others.nth(1).getByRole("heading")).toContainText(/Bills/);
  for (const card of await others.all()) {
    const link = card.getByRole("link");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    expect(await link.getAttribute("href")).toMatch(/^https:\/\//);
  }
  // The new tab is outside the fixture's offline guard; answer its request here.
  await context.route(/^https:\/\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>shop</title>" }),
  );
  const link = others.nth(0).getByRole("link");
  const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await expect(popup).toHaveURL((await link.getAttribute("href"))!);
  await expect(page).toHaveURL(pagePaths.eCommerce);
  await expect(page.getByRole("link", { name: "Contact Sales" })).toHaveAttribute(
    "href",
    pagePaths.contactUs,
  );
});

test("payment services lists its ten services in order", async ({ page }) => {
  await gotoReady(page, pagePaths.paymentServices);
  const links = page.getByRole("region", { name: "Our payment services" }).getByRole("link");
  const expected = [
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
  ];
  await expect(links).toHaveCount(10);
  const actual = await links.evaluateAll((all) =>
    all.map((a) => [(a.querySelector("span")?.textContent ?? "").trim(), a.getAttribute("href")]),
  );
  expect(actual).toEqual(expected);
});

test.describe("demo request pages", () => {
  test("the ASLAN page has its headline", async ({ page }) => {
    await gotoReady(page, demoPaths.aslan);
    await expect(
      page.getByRole("heading", { level: 1, name: "Schedule a demo to try out ASLAN" }),
    ).toBeVisible();
  });

  function industry(page: Page) {
    return page.getByRole("combobox", { name: /^Industry/ });
  }
  function suggestions(page: Page) {
    return page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
  }

  test("Industry suggestions filter by case-insensitive substring", async ({ page }) => {
    await gotoReady(page, demoPaths.aslan);
    const field = industry(page);
    await field.click();
    await expect(suggestions(page)).toHaveText([
      "Technology",
      "Hospitality",
      "Education",
      "Finance",
      "Other",
    ]);
    await field.fill("ti");
    await expect(suggestions(page)).toHaveText(["Education"]);
    await field.fill("IN");
    await expect(suggestions(page)).toHaveText(["Finance"]);
    await field.fill("O");
    await expect(suggestions(page)).toHaveText(["Technology", "Hospitality", "Education", "Other"]);
    await field.fill("tEcH");
    await expect(suggestions(page)).toHaveText(["Technology"]);
  });

  test("ArrowDown and Enter pick a suggestion and close the list", async ({ page }) => {
    await gotoReady(page, demoPaths.aslan);
    const field = industry(page);
    await field.click();
    await field.pressSequentially("o");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("option", { name: "Hospitality" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.keyboard.press("Enter");
    await expect(field).toHaveValue("Hospitality");
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await expect(suggestions(page)).toHaveCount(0);
    // Enter picked the suggestion; it did not submit the form.
    await expect(page.getByText("Your name is required")).toHaveCount(0);
  });

  test("clicking a suggestion fills the field and closes the list", async ({ page }) => {
    await gotoReady(page, demoPaths.aslan);
    const field = industry(page);
    await field.click();
    await field.pressSequentially("fin");
    await page.getByRole("option", { name: "Finance" }).click();
    await expect(field).toHaveValue("Finance");
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await expect(suggestions(page)).toHaveCount(0);
  });

  test("free text that matches no suggestion stays in the field", async ({ page }) => {
    await gotoReady(page, demoPaths.aslan);
    const field = industry(page);
    await field.click();
    await field.pressSequentially("Agriculture");
    await expect(suggestions(page)).toHaveCount(0);
    await page.keyboard.press("Tab");
    await expect(field).toHaveValue("Agriculture");
  });
});
