import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { articleFeedPath, consolePaths, pagePaths } from "../../common/paths";
import { sitemapPath } from "../../common/sitemap";
import { pathOf } from "../../staff-api/endpoint";
import { positionsApi } from "../../staff-api/publishing";
import { STAFF_ORIGIN } from "../../playwright.config";
import { expect, expectNoA11yViolations } from "./fixtures";
import { fillTextboxes, randomTag } from "./helpers";
import { test } from "./staff-session";

// Marketing publishes from the console and a visitor finds it: an article with a cover written,
// previewed and published, then read with JavaScript off and found on /articles, in the feed and
// in the sitemap; an open position on /careers that leaves once its closing time has passed.
// The rules (revisions, schedule, slugs, refused uploads) are the API tests'
// (server/publishing/, server/media/); this is what only the whole path shows.

// The refused deletion of the cover while the article shows it is a 409, which Chromium logs.
test.use({ allowedErrors: [/status of 409 \(Conflict\)/] });

/** A photograph-like picture: a gradient, so that its sizes are real work for the encoder. */
function coverPicture(): Promise<Buffer> {
  const width = 1600;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/**
 * The page at `path` once the site serves it: every instance reads what is published again
 * within seconds (server/static/published-pages.ts), so the first request may still miss it.
 */
async function expectServed(request: APIRequestContext, path: string, status = 200) {
  await expect
    .poll(async () => (await request.get(path, { maxRedirects: 0 })).status(), {
      message: `${path} answers ${status}`,
      timeout: 30_000,
    })
    .toBe(status);
}

/** The public address the editor links to once the item is on the site. */
async function publishedPath(page: Page, prefix: string): Promise<string> {
  const link = page.getByRole("link", { name: new RegExp(`^${prefix}/`) });
  await expect(link).toBeVisible();
  return (await link.textContent()) ?? "";
}

test("marketing writes, previews and publishes an article; a visitor reads it without JavaScript", async ({
  page,
  browser,
  signedInAs,
}) => {
  test.setTimeout(90_000);
  const title = `Paying school fees by phone ${randomTag()}`;
  await signedInAs("marketing");
  await page.goto(consolePaths.articles);
  await page.getByRole("link", { name: "New article" }).click();
  await fillTextboxes(page, {
    Title: title,
    Summary: "How parents in Kumasi pay fees from their phones.",
    "Article (Markdown)":
      "## Why it matters\n\nParents save a trip to the bank.\n\n<script>alert(1)</script>",
  });
  await page.getByLabel("Upload a new cover picture").setInputFiles({
    name: "fees.jpg",
    mimeType: "image/jpeg",
    buffer: await coverPicture(),
  });
  await page
    .getByRole("textbox", { name: "Cover picture's description" })
    .fill("A parent paying school fees on a phone");
  await page.getByRole("button", { name: "Save as a draft" }).click();
  await expect(page.getByText("Saved as a draft.")).toBeVisible();
  await expectNoA11yViolations(page, "the article's editor");

  // The draft as its page will look, at a phone's width and a desktop's.
  const preview = page.frameLocator("iframe[title^='Preview']");
  await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: /^Desktop/ }).click();
  await expect(
    preview.getByRole("img", { name: "A parent paying school fees on a phone" }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Publish now" }).click();
  const path = await publishedPath(page, pagePaths.articles);

  // A visitor, without JavaScript: the whole article is in the HTML.
  const visitor = await browser.newContext({ baseURL: STAFF_ORIGIN, javaScriptEnabled: false });
  try {
    const reader = await visitor.newPage();
    await expectServed(reader.request, path);
    await reader.goto(path);
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(reader.getByRole("heading", { level: 2, name: "Why it matters" })).toBeVisible();
    await expect(reader.getByText("Parents save a trip to the bank.")).toBeVisible();
    // Raw HTML in the Markdown is shown as words, never run.
    await expect(reader.getByText("<script>alert(1)</script>")).toBeVisible();
    const cover = reader.getByRole("img", { name: "A parent paying school fees on a phone" });
    await expect(cover).toBeVisible();
    // Loaded, in AVIF (the browser reads it), and laid out as the built covers are.
    const shown = await cover.evaluate((img: HTMLImageElement) => ({
      loaded: img.naturalWidth > 0,
      format: new URL(img.currentSrc).pathname.split(".").pop(),
      width: img.getBoundingClientRect().width,
      column: img.closest("div")!.getBoundingClientRect().width,
    }));
    expect([shown.loaded, shown.format]).toEqual([true, "avif"]);
    expect(shown.width).toBe(shown.column);

    await reader.goto(pagePaths.articles);
    await expect(reader.getByRole("link", { name: title })).toHaveAttribute("href", path);
    const feed = await reader.request.get(articleFeedPath);
    expect(await feed.text()).toContain(`${path}"`);
    const sitemap = await reader.request.get(sitemapPath);
    expect(await sitemap.text()).toContain(`${path}</loc>`);
  } finally {
    await visitor.close();
  }
  await page.goto(path);
  await expectNoA11yViolations(page, "a published article");

  // The cover cannot leave the library while the article shows it: the page says where.
  await page.goto(consolePaths.media);
  await page.getByRole("button", { name: "Delete fees.jpg" }).click();
  await page.getByRole("button", { name: "Delete the picture" }).click();
  const uses = page.getByRole("list", { name: "What shows fees.jpg" });
  await expect(uses.getByRole("link", { name: title })).toBeVisible();
  await expectNoA11yViolations(page, "the pictures page, a deletion refused");
});

test("marketing opens a position that /careers shows until its closing time", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(90_000);
  const title = `Backend Engineer ${randomTag()}`;
  await signedInAs("marketing");
  await page.goto(consolePaths.positions);
  await page.getByRole("link", { name: "New open position" }).click();
  await fillTextboxes(page, {
    Category: "Engineering",
    Title: title,
    Location: "Accra, Ghana",
    "Work type": "Full-time, on site",
    "Description (Markdown)": "You will build the APIs our merchants use.",
    "How to apply (Markdown)": "Send your CV to careers@example.com.",
  });
  const nextMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16);
  await page.getByLabel(/^Applications close/).fill(nextMonth);
  await page.getByRole("button", { name: "Save as a draft" }).click();
  await expect(page.getByText("Saved as a draft.")).toBeVisible();
  await page.getByRole("button", { name: "Publish now" }).click();
  const path = await publishedPath(page, pagePaths.careers);
  // The editor's address ends with the item's id.
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";

  await expectServed(page.request, path);
  await page.goto(pagePaths.careers);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expectNoA11yViolations(page, "an open position's page");

  // Its closing time comes (moved to a few seconds from now, and published so): it leaves the
  // list by itself, and its address says it is gone.
  const itemPath = pathOf(positionsApi.get, { id });
  const read = await page.request.get(itemPath);
  const headers = { origin: STAFF_ORIGIN, "if-match": read.headers().etag ?? "" };
  const closesAt = new Date(Date.now() + 3_000).toISOString();
  const changed = await page.request.patch(itemPath, { headers, data: { closesAt } });
  expect(changed.status(), await changed.text()).toBe(200);
  const published = await page.request.post(pathOf(positionsApi.publish, { id }), {
    headers: { origin: STAFF_ORIGIN },
  });
  expect(published.status(), await published.text()).toBe(202);
  await expectServed(page.request, path, 410);
  await page.goto(pagePaths.careers);
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});
