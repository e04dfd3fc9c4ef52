import type { Page } from "@playwright/test";
import { site } from "../../common/site";
import { expect, expectNoA11yViolations, gotoReady, publicPagePaths, test } from "./fixtures";
import { pagePaths } from "../../common/paths";
import { articlePaths } from "../../scripts/page-paths";

// Every page of the route table: prerendered with its heading and its search/share
// tags, one h1, no axe violations, and usable on a 320 px wide screen. Runs on desktop and phone.

const paths = publicPagePaths();

/** What the server's HTML says before any script runs, read with the browser's own parser. */
interface Prerendered {
  h1: string[];
  title: string | null;
  description: string | null;
  canonical: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogUrl: string | null;
  ogImage: string | null;
}

async function readPrerendered(page: Page, html: string): Promise<Prerendered> {
  // DOMParser builds an inert document: it runs no script and loads nothing.
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
    const content = (selector: string) =>
      doc.head.querySelector(selector)?.getAttribute("content") ?? null;
    return {
      h1: Array.from(doc.querySelectorAll("h1"), (h) => squash(h.textContent)),
      title: doc.head.querySelector("title")?.textContent ?? null,
      description: content('meta[name="description"]'),
      canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      ogTitle: content('meta[property="og:title"]'),
      ogDescription: content('meta[property="og:description"]'),
      ogUrl: content('meta[property="og:url"]'),
      ogImage: content('meta[property="og:image"]'),
    };
  }, html);
}

test("the route table has 36 pages and one per article", () => {
  const count = 36 + articlePaths().length;
  expect(paths).toHaveLength(count);
  expect(new Set(paths).size).toBe(count);
  // Canonical URLs below are built from it: an https origin, no path, no trailing slash.
  expect(site.url).toMatch(/^https:\/\/[a-z0-9.-]+$/);
});

for (const path of paths) {
  test(`${path} is prerendered, accessible and fits a 320 px screen`, async ({ page, request }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), `status of ${path}`).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();

    const url = `${site.url}${path}`;
    const head = await readPrerendered(page, html);
    expect(head.h1, "prerendered h1").toHaveLength(1);
    expect(head.h1[0], "prerendered h1 text").not.toBe("");
    expect(head.title?.trim(), "<title>").toBeTruthy();
    expect(head.description?.trim(), '<meta name="description">').toBeTruthy();
    expect(head.canonical, '<link rel="canonical">').toBe(url);
    expect(head.ogTitle, "og:title").toBe(head.title);
    expect(head.ogDescription, "og:description").toBe(head.description);
    expect(head.ogUrl, "og:url").toBe(url);
    expect(head.ogImage, "og:image").toMatch(/^https:\/\//);

    // The share image is ours: it must exist where the tag says (on this server, same path).
    const image = await request.get(new URL(head.ogImage ?? "").pathname);
    expect(image.status(), "og:image status").toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\//);

    await gotoReady(page, path);
    // Hydration keeps what the server sent: the same single heading and the same title.
    const h1 = page.locator("h1");
    await expect(h1).toHaveCount(1);
    await expect(h1).toBeVisible();
    await expect(h1).toHaveText(head.h1[0] ?? "", { useInnerText: false });
    await expect(page).toHaveTitle(head.title ?? "");

    await expectNoA11yViolations(page, `on ${path}`);

    await page.setViewportSize({ width: 320, height: 640 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `page width of ${path} at 320 px`,
      })
      .toBeLessThanOrEqual(320);
  });
}

test("every page has its own title", async ({ request }) => {
  const titles = new Map<string, string[]>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? "";
    expect(title, `title of ${path}`).not.toBe("");
    titles.set(title, [...(titles.get(title) ?? []), path]);
  }
  const shared = [...titles].filter(([, owners]) => owners.length > 1);
  expect(shared, "titles used by more than one page").toEqual([]);
});

test.describe("the header's menus", () => {
  test.describe("phone", () => {
    test.skip(({ isMobile }) => !isMobile, "the hamburger menu is the small-screen header");

    for (const section of ["Company", "What we offer", "Developers"]) {
      test(`the open mobile menu with ${section} expanded has no axe violations`, async ({
        page,
      }) => {
        await gotoReady(page, pagePaths.home);
        await page.getByRole("button", { name: "Open menu" }).click();
        const menu = page.getByRole("dialog", { name: "Menu" });
        await expect(menu).toBeVisible();
        // Let the slide-in finish so axe sees the menu where the visitor does.
        await menu.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
        // The sections are <details>; Playwright gives their <summary> no role.
        const details = menu
          .locator("details")
          .filter({ has: page.locator("summary", { hasText: section }) });
        await details.locator("summary").click();
        await expect(details).toHaveAttribute("open");
        await expect(menu.locator("details[open] a").first()).toBeVisible();
        await expectNoA11yViolations(page, `with the mobile menu open at ${section}`);
      });
    }
  });

  test.describe("desktop", () => {
    test.skip(({ isMobile }) => isMobile, "the dropdowns are the large-screen header");

    for (const menuName of ["Company", "What we offer", "Developers"]) {
      test(`the open ${menuName} dropdown has no axe violations`, async ({ page }) => {
        await gotoReady(page, pagePaths.home);
        const nav = page.getByRole("navigation", { name: "Main" });
        const button = nav.getByRole("button", { name: menuName });
        await button.click();
        await expect(button).toHaveAttribute("aria-expanded", "true");
        const panelId = await button.getAttribute("aria-controls");
        await expect(page.locator(`#${panelId}`)).toBeVisible();
        await expectNoA11yViolations(page, `with the ${menuName} dropdown open`);
      });
    }
  });
});
