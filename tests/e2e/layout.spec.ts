import { fullAddress, site } from "../../common/site";
import { expect, gotoReady, test } from "./fixtures";
import { privacyPolicyPath } from "./helpers";
import { pagePaths, policyPaths } from "../../common/paths";

// The shared header and footer on a phone and on a large screen.

const RESOURCES = [
  { name: "Articles", href: pagePaths.articles },
  { name: "Case Study", href: pagePaths.caseStudy },
];

const POLICIES = [
  { name: "Merchant Onboarding Policy", href: policyPaths.onboarding },
  { name: "Refund and Chargeback Policy", href: policyPaths.refund },
  { name: "Return and Delivery Policy", href: policyPaths.returns },
  { name: "Cancellation Policy", href: policyPaths.cancellation },
];

const LEGAL = [
  { name: "Contact Us", href: pagePaths.contactUs },
  { name: "Terms & Conditions", href: pagePaths.termsAndConditions },
  { name: "Privacy Policy", href: privacyPolicyPath },
];

const SOCIAL = [
  { name: "Facebook", host: "www.facebook.com" },
  { name: "LinkedIn", host: "www.linkedin.com" },
  { name: "Instagram", host: "www.instagram.com" },
  { name: "X", host: "x.com" },
];

test.beforeEach(async ({ page }) => {
  await gotoReady(page, pagePaths.home);
});

test("the footer lists the policies, the legal links and the developer docs", async ({ page }) => {
  const footer = page.getByRole("contentinfo");
  for (const { name, href } of [...RESOURCES, ...POLICIES, ...LEGAL]) {
    const link = footer.getByRole("link", { name, exact: true });
    await expect(link, name).toBeVisible();
    await expect(link, name).toHaveAttribute("href", href);
  }
  await expect(footer.getByRole("link", { name: /API Documentation/ })).toHaveAttribute(
    "href",
    site.docs.home,
  );
});

test("the footer shows how to reach the company", async ({ page }) => {
  const footer = page.getByRole("contentinfo");
  const emails = footer.locator('a[href^="mailto:"]');
  await expect(emails).toHaveCount(2);
  for (const email of [site.emails.general, site.emails.support]) {
    const link = footer.getByRole("link", { name: email, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", `mailto:${email}`);
  }
  const phones = footer.locator('a[href^="tel:"]');
  await expect(phones).toHaveCount(2);
  for (const phone of site.phones) {
    const link = footer.getByRole("link", { name: phone.label, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", phone.href);
  }
  await expect(footer.getByText("08:00 to 17:00 GMT")).toBeVisible();
  await expect(footer.getByText(fullAddress())).toBeVisible();
  expect(fullAddress()).toContain("Accra");
});

test("the footer's copyright line carries the current year", async ({ page }) => {
  const year = new Date().getFullYear();
  await expect(
    page.getByRole("contentinfo").getByText(new RegExp(`©\\s*${year}\\s+${site.legalName}`)),
  ).toBeVisible();
});

test("the four social links open their network in a new tab", async ({ page }) => {
  // The new tab is a page of its own, outside the fixture's offline routing: answer it here.
  await page.context().route(
    (url) => SOCIAL.some((network) => url.hostname === network.host),
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>x</title>" }),
  );
  const social = page.getByRole("contentinfo").getByRole("list", { name: "Social media" });
  await expect(social.getByRole("link")).toHaveCount(SOCIAL.length);
  for (const network of SOCIAL) {
    const link = social.getByRole("link", { name: new RegExp(`on ${network.name}\\b`) });
    await expect(link).toBeVisible();
    const href = await link.getAttribute("href");
    expect(new URL(href ?? "").hostname, network.name).toBe(network.host);

    const popupPromise = page.waitForEvent("popup");
    await link.click();
    const popup = await popupPromise;
    await popup.waitForLoadState("domcontentloaded");
    expect(popup.url(), network.name).toBe(href);
    // rel="noopener": the other site gets no handle on our window.
    expect(await popup.evaluate(() => window.opener), network.name).toBeNull();
    await popup.close();
    // The site itself stays where it was.
    await expect(page).toHaveURL(/\/$/);
  }
});

test.describe("on a large screen", () => {
  test.skip(({ isMobile }) => isMobile, "large-screen layout");

  test("the footer shows the trust badges", async ({ page }) => {
    const badges = page
      .getByRole("contentinfo")
      .getByRole("list", { name: "Certifications and licence" });
    await expect(badges).toBeVisible();
    const images = badges.getByRole("img");
    await expect(images).toHaveCount(3);
    for (const name of [
      "ISO 27001 certified",
      "PCI DSS compliant",
      "Licensed by the Bank of Ghana",
    ]) {
      const image = badges.getByRole("img", { name });
      await image.scrollIntoViewIfNeeded();
      await expect(image).toBeVisible();
      // Loaded, not a broken image icon.
      await expect
        .poll(() =>
          image.evaluate(
            (img) =>
              (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        )
        .toBe(true);
    }
    // 1024 px is the smallest "large screen": the badges are still there.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(badges).toBeVisible();
  });

  test("the header shows the menus, Contact Us and Get Started, and no hamburger", async ({
    page,
  }) => {
    const header = page.getByRole("banner");
    for (const name of ["Company", "What we offer", "Developers"]) {
      await expect(header.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expect(header.getByRole("link", { name: "Contact Us" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      pagePaths.contactUs,
    );
    await expect(header.getByRole("link", { name: "Get Started" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute(
      "href",
      pagePaths.getStarted,
    );
    // Present in the page (the same markup serves every width) but not shown.
    const hamburger = header.locator('button[aria-label="Open menu"]');
    await expect(hamburger).toHaveCount(1);
    await expect(hamburger).toBeHidden();
  });
});

test.describe("on a phone", () => {
  test.skip(({ isMobile }) => !isMobile, "small-screen layout");

  test("the footer leaves the trust badges out", async ({ page }) => {
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    // The badges are in the markup (the same HTML serves every width) but not shown.
    const badges = footer.locator('ul[aria-label="Certifications and licence"] img');
    await expect(badges).toHaveCount(3);
    for (const badge of await badges.all()) await expect(badge).toBeHidden();
  });

  test("the header shows the hamburger instead of the menus and buttons", async ({ page }) => {
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Open menu" })).toBeVisible();
    // The large-screen navigation and buttons are in the markup but not shown. (The closed menu
    // dialog, always in the header too, has its own copies: those are left out.)
    for (const selector of [
      'nav[aria-label="Main"]:not(dialog *)',
      `a[href="${pagePaths.contactUs}"]:not(dialog *)`,
      `a[href="${pagePaths.getStarted}"]:not(dialog *)`,
    ]) {
      await expect(header.locator(selector), selector).toHaveCount(1);
      await expect(header.locator(selector), selector).toBeHidden();
    }
  });
});
