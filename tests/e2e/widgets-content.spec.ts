import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";
import { gotoWithFrozenClock, holdScripts, privacyPolicyPath, settle } from "./helpers";
import { demoPaths, pagePaths, policyPaths, productPaths, servicePaths } from "../../common/paths";

// The content widgets of the pages: banner, counters, accordions, careers, articles,
// the brochure and the get-started page; motion follows the visitor's preference.

test.describe("help centre FAQ", () => {
  function faq(page: Page) {
    return page.getByRole("region", { name: "Frequently asked questions" });
  }
  // Each question is a <details>: a group, expanded while open; its <summary> is what one presses.
  function questions(page: Page) {
    return faq(page).getByRole("group");
  }
  function question(page: Page, n: number) {
    return questions(page).nth(n).locator("summary");
  }
  function openAnswers(page: Page) {
    return faq(page).locator("details[open] > summary + *");
  }
  /** The + or − sign drawn (by CSS) at the end of question `n`. */
  function sign(page: Page, n: number) {
    return question(page, n)
      .locator("[aria-hidden=true]")
      .evaluate((el) => getComputedStyle(el, "::before").content.replaceAll('"', ""));
  }
  test("six questions, the first open initially", async ({ page }) => {
    await gotoReady(page, pagePaths.helpCenter);
    await expect(questions(page)).toHaveCount(6);
    await expect(faq(page).getByRole("heading", { level: 3 })).toHaveCount(6);
    await expect(questions(page).first()).toHaveAttribute("open");
    await expect(faq(page).locator("details[open]")).toHaveCount(1);
    await expect(openAnswers(page)).toHaveCount(1);
    await expect(openAnswers(page)).toBeVisible();
    expect(await sign(page, 0)).toBe("−");
    for (let i = 1; i < 6; i++) {
      await expect(questions(page).nth(i)).not.toHaveAttribute("open");
      expect(await sign(page, i)).toBe("+");
    }
  });

  test("opening another question closes the first; clicking the open one closes it", async ({
    page,
  }) => {
    await gotoReady(page, pagePaths.helpCenter);
    await question(page, 2).click();
    await expect(questions(page).nth(2)).toHaveAttribute("open");
    await expect(questions(page).first()).not.toHaveAttribute("open");
    await expect(openAnswers(page)).toHaveCount(1);
    await expect(openAnswers(page)).toContainText(/settle/i);
    await expect(openAnswers(page)).toBeVisible();
    expect(await sign(page, 2)).toBe("−");
    expect(await sign(page, 0)).toBe("+");

    await question(page, 2).click();
    await expect(questions(page).nth(2)).not.toHaveAttribute("open");
    await expect(faq(page).locator("details[open]")).toHaveCount(0);
  });

  test("the keyboard opens a question too", async ({ page }) => {
    await gotoReady(page, pagePaths.helpCenter);
    await question(page, 1).focus();
    await page.keyboard.press("Enter");
    await expect(questions(page).nth(1)).toHaveAttribute("open");
    await expect(questions(page).first()).not.toHaveAttribute("open");
    await page.keyboard.press("Space");
    await expect(questions(page).nth(1)).not.toHaveAttribute("open");
  });

  test("an answer gives the USSD code *789#", async ({ page }) => {
    await gotoReady(page, pagePaths.helpCenter);
    await faq(page)
      .locator("summary", { hasText: /without a smartphone/i })
      .click();
    await expect(openAnswers(page)).toContainText("*789#");
  });

  test("the answer panel is at most 500px high", async ({ page }) => {
    await gotoReady(page, pagePaths.helpCenter);
    const panel = openAnswers(page);
    await expect(panel).toBeVisible();
    await expect(panel).toHaveCSS("max-height", "500px");
    await expect(panel).toHaveCSS("overflow-y", "auto");
  });

  test("a question opens before the page's script has loaded", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(pagePaths.helpCenter);
    await question(page, 3).click();
    await expect(questions(page).nth(3)).toHaveAttribute("open");
    await expect(questions(page).first()).not.toHaveAttribute("open");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    // Hydration keeps what the visitor opened.
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(questions(page).nth(3)).toHaveAttribute("open");
    await expect(questions(page).first()).not.toHaveAttribute("open");
  });
});

test("careers: banner, Open Positions and 'No available positions'", async ({ page }) => {
  await gotoReady(page, pagePaths.careers);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Come help build the backbone of modern financial services.",
    }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Open Positions" })).toBeVisible();
  await expect(page.getByText("No available positions", { exact: true })).toBeVisible();
});

test.describe("statistics strip", () => {
  const finals = ["30+", "50+", "40+", "1m+"];

  // The home page loads React; the about page does not: the counting is the inline script's.
  for (const path of [pagePaths.home, pagePaths.aboutUs]) {
    test(`counts up from 0 to its targets when scrolled into view on ${path}`, async ({ page }) => {
      await gotoWithFrozenClock(page, path);
      const values = page.getByTestId("stat-value");
      await expect(values).toHaveCount(4);
      await expect(page.getByRole("term")).toHaveText([
        "Clients Worldwide",
        "Projects Completed",
        "Team Members",
        "Users Served",
      ]);
      // Below the fold it waits at zero, however long the visitor stays at the top.
      await page.clock.runFor(5000);
      await settle(page);
      await expect(values).toHaveText(["0+", "0+", "0+", "0m+"]);

      await values.first().scrollIntoViewIfNeeded();
      // Step the clock until the first count has started.
      await expect
        .poll(async () => {
          await page.clock.runFor(20);
          return values.first().innerText();
        })
        .not.toBe("0+");
      const midway = Number.parseInt(await values.first().innerText(), 10);
      expect(midway).toBeGreaterThan(0);
      expect(midway).toBeLessThan(30);

      await page.clock.runFor(3000);
      await expect(values).toHaveText(finals);
    });
  }

  test("shows the final values at once for visitors who prefer reduced motion", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoWithFrozenClock(page, pagePaths.home);
    const values = page.getByTestId("stat-value");
    await expect(values).toHaveText(finals);
    await values.first().scrollIntoViewIfNeeded();
    await page.clock.runFor(100);
    await settle(page);
    await expect(values).toHaveText(finals);
  });
});

test("ASLAN: See Features scrolls to the list of 14 features", async ({ page }) => {
  await gotoReady(page, productPaths.aslan);
  const features = page.getByRole("region", { name: "14 features built for savings groups" });
  const items = features.getByRole("listitem");
  await expect(items).toHaveCount(14);
  await expect(features.getByRole("heading", { level: 2 })).not.toBeInViewport();
  await page.getByRole("link", { name: "See Features" }).click();
  await expect(features.getByRole("heading", { level: 2 })).toBeInViewport();
  await expect(items.first()).toBeInViewport();
});

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

test.describe("contact page", () => {
  test("shows Find Us and the availability hours", async ({ page }) => {
    await gotoReady(page, pagePaths.contactUs);
    await expect(page.getByRole("heading", { level: 1, name: "Find Us" })).toBeVisible();
    await expect(
      page.getByText("We are available from 8AM - 5PM GMT on working days", { exact: true }),
    ).toBeVisible();
  });

  test("Send Us a Message scrolls the form to 100px below the top", async ({ page }) => {
    await gotoReady(page, pagePaths.contactUs);
    const top = () =>
      page.evaluate(
        () => document.getElementById("send-us-a-message")!.getBoundingClientRect().top,
      );
    expect(await top()).toBeGreaterThan(200);
    await page.getByRole("link", { name: "Send Us a Message" }).click();
    await waitForScrollEnd(page, { awayFromTop: true });
    expect(Math.abs((await top()) - 100)).toBeLessThanOrEqual(3);
  });

  test("the message field has 10 rows and the policy checkbox links to the privacy policy", async ({
    page,
  }) => {
    await gotoReady(page, pagePaths.contactUs);
    await expect(page.getByRole("textbox", { name: /^Message/ })).toHaveAttribute("rows", "10");
    const checkbox = page.getByRole("checkbox", { name: /privacy policy/ });
    await expect(checkbox).toBeVisible();
    const label = page.locator(`label[for="${await checkbox.getAttribute("id")}"]`);
    await expect(label.getByRole("link", { name: "privacy policy" })).toHaveAttribute(
      "href",
      privacyPolicyPath,
    );
  });
});

/**
 * Resolves once the window has stopped scrolling: the same position on three successive frames
 * and, with `awayFromTop`, below the top (a smooth scroll down has started and ended).
 */
async function waitForScrollEnd(page: Page, { awayFromTop = false } = {}) {
  await expect
    .poll(() =>
      page.evaluate(
        (away) =>
          new Promise<boolean>((resolve) => {
            const y = window.scrollY;
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => resolve(window.scrollY === y && (!away || y > 0))),
              ),
            );
          }),
        awayFromTop,
      ),
    )
    .toBe(true);
}

test.describe("terms and conditions", () => {
  test("has 27 numbered clauses", async ({ page }) => {
    await gotoReady(page, pagePaths.termsAndConditions);
    const clauses = page.getByRole("article").getByRole("heading", { level: 2, name: /^\d+\. / });
    await expect(clauses).toHaveCount(27);
    const numbers = await clauses.evaluateAll((all) =>
      all.map((h) => Number.parseInt(h.textContent ?? "", 10)),
    );
    expect(numbers).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
  });

  test("#privacy-policy scrolls the privacy heading to 20px below the sticky header", async ({
    page,
  }) => {
    await gotoReady(page, privacyPolicyPath);
    const heading = page.getByRole("heading", { level: 2, name: /Privacy Policy$/ });
    await expect(heading).toBeInViewport();
    await waitForScrollEnd(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const headerBottom = await page
      .getByRole("banner")
      .evaluate((el) => el.getBoundingClientRect().bottom);
    const headingTop = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(headingTop - (headerBottom + 20))).toBeLessThanOrEqual(3);
  });
});

test("a route change scrolls the new page to the top", async ({ page }) => {
  await gotoReady(page, pagePaths.home);
  const footerLink = page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Cancellation Policy" });
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await footerLink.click();
  await expect(page).toHaveURL(policyPaths.cancellation);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Cancellation/);
  await waitForScrollEnd(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("case study: Download Project Brochure downloads a PDF", async ({ page }) => {
  await gotoReady(page, pagePaths.caseStudy);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Download Project Brochure/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await download.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(1000);
});

test("/get-started shows the onboarding placeholder and a Contact Sales link", async ({ page }) => {
  await gotoReady(page, pagePaths.getStarted);
  await expect(
    page.getByRole("heading", { level: 1, name: "Our merchant onboarding is almost here" }),
  ).toBeVisible();
  await expect(
    page.getByText("We are currently working on giving you the best onboarding experience."),
  ).toBeVisible();
  const contact = page.getByRole("main").getByRole("link", { name: "Contact Sales" });
  await expect(contact).toHaveAttribute("href", pagePaths.contactUs);
  await contact.click();
  await expect(page).toHaveURL(pagePaths.contactUs);
});

test("/articles shows at least one article with a heading and a date", async ({ page }) => {
  await gotoReady(page, pagePaths.articles);
  const articles = page.getByRole("article");
  expect(await articles.count()).toBeGreaterThanOrEqual(1);
  const first = articles.first();
  await expect(first.getByRole("heading", { level: 2 })).toHaveText(/\S/);
  const time = first.locator("time");
  await expect(time).toHaveText(/\d{4}/);
  const iso = await time.getAttribute("datetime");
  expect(Number.isNaN(Date.parse(iso ?? ""))).toBe(false);
  // ...and its text, not just a title, on the article's own page.
  const title = await first.getByRole("heading", { level: 2 }).innerText();
  await first.getByRole("heading", { level: 2 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/articles\/[a-z0-9-]+$/);
  // The article's page has loaded when its own title is the page's heading.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect((await page.getByRole("article").innerText()).length).toBeGreaterThan(300);
});

test.describe("innovation hub", () => {
  test("headline, four benefits, the application frame and a mail contact", async ({ page }) => {
    await gotoReady(page, pagePaths.innovationHub);
    await expect(
      page.getByRole("heading", { level: 1, name: "An innovation hub for startups" }),
    ).toBeVisible();
    const benefits = page.getByRole("region", { name: "What startups get" }).getByRole("listitem");
    await expect(benefits).toHaveCount(4);
    await expect(benefits).toContainText([
      /legal.*compliance.*regulatory/i,
      /advisory/i,
      /discounted payment/i,
      /investment/i,
    ]);
    const frame = page.locator("iframe");
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute("title", /\S/);
    // The other site's page is asked for only once this page has loaded.
    await expect(frame).toHaveAttribute("src", /^https:/);
    const html = await (await page.request.get(pagePaths.innovationHub)).text();
    expect(html).toMatch(/<iframe data-src="https:[^"]*"(?![^>]* src=)[^>]*>/);
    const contact = page.getByRole("banner").getByRole("link", { name: /contact/i });
    await expect(contact).toHaveAttribute("href", /^mailto:[^@\s]+@[^@\s]+\.\w+/);
  });

  test("the copyright shows the current year and the logo links home", async ({ page }) => {
    await gotoReady(page, pagePaths.innovationHub);
    const year = new Date().getFullYear();
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${year}`);
    if (year !== 2025) await expect(footer).not.toContainText("2025");
    const logo = page.getByRole("banner").getByRole("link", { name: /home$/ });
    await expect(logo).toHaveAttribute("href", pagePaths.home);
    await logo.click();
    await expect(page).toHaveURL(pagePaths.home);
    await expect(page.getByRole("heading", { level: 1, name: "Innovation for you" })).toBeVisible();
  });
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
