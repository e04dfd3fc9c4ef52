import { readFile } from "node:fs/promises";
import { expect, gotoReady, test } from "./fixtures";
import { gotoWithFrozenClock, settle } from "./helpers";
import { pagePaths } from "../../common/paths";

// The company's own pages: careers, the counters (motion as the visitor prefers), the brochure,
// get-started, the articles and the innovation hub.

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
