import { readFileSync, writeFileSync } from "node:fs";
import { expect, gotoReady, test } from "../e2e/fixtures";
import { SUCCESS_TOAST, fillValid } from "../e2e/contact-form";
import { contactForm, toastWith } from "../e2e/helpers";
import { SIGNED_OUT_ERRORS } from "../e2e/staff";
import {
  apiPaths,
  articlePath,
  consolePaths,
  consolePreviewPath,
  pagePaths,
} from "../../common/paths";
import { DATA_DIR } from "./playwright.config";
import { DEV_ARTICLE, publishDevArticle } from "./published-article";

// `npm run dev` (scripts/dev.ts) serves the site, its forms, the API and the console on one
// origin, from source.

test("a page rendered from source brings its form to life, and the API stores what it sends", async ({
  page,
}) => {
  await gotoReady(page, pagePaths.contactUs);
  // The island's script is its source module on Vite's server, not a built file.
  await expect(page.locator('[data-island="contact-us:form"]')).toHaveAttribute(
    "data-island-entry",
    "/app/islands/entries/contact-us.tsx",
  );
  const form = contactForm(page);
  await fillValid(form);
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.contact);
  await form.submit.click();
  expect((await response).ok(), "the API stored the message").toBe(true);
  await expect(toastWith(page, SUCCESS_TOAST)).toBeVisible();
});

test("a change to a module only the renderer runs reloads the page with it", async ({ page }) => {
  // The careers page's copy: no browser module imports it, so only the renderer sees it change.
  const file = "app/content/careers.ts";
  const original = readFileSync(file, "utf8");
  const banner = /banner: "([^"]+)"/.exec(original)?.[1] ?? "";
  await page.goto(pagePaths.careers);
  await expect(page.getByText(banner)).toBeVisible();
  try {
    writeFileSync(file, original.replace(banner, "Edited while the page was open"));
    await expect(page.getByText("Edited while the page was open")).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    writeFileSync(file, original);
  }
});

test("an article published through the staff API is listed, has its page and its preview", async ({
  page,
  baseURL,
}) => {
  const { id, slug, cookie } = await publishDevArticle(baseURL ?? "", DATA_DIR);
  // The front reads what is published again within a second (scripts/dev-published.ts).
  await expect(async () => {
    await page.goto(pagePaths.articles);
    await expect(page.getByRole("link", { name: DEV_ARTICLE.title })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });
  await page.getByRole("link", { name: DEV_ARTICLE.title }).click();
  await expect(page).toHaveURL(articlePath(slug));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEV_ARTICLE.title);
  // The API answers the preview, rendered by the front (scripts/dev-render-bridge.ts).
  const preview = await page.request.get(consolePreviewPath("article", id), {
    headers: { cookie },
  });
  expect(preview.status()).toBe(200);
  expect(await preview.text()).toContain(DEV_ARTICLE.title);
});

test.describe("the staff console", () => {
  test.use({ allowedErrors: SIGNED_OUT_ERRORS });

  test("answers at /staff with its sign-in page", async ({ page }) => {
    await page.goto(consolePaths.console);
    await expect(page).toHaveURL(/\/staff\/sign-in/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Sign in to the staff console",
    );
  });
});
