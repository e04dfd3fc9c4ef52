import { expect, gotoReady, test } from "../e2e/fixtures";
import { SUCCESS_TOAST, fillValid } from "../e2e/contact-form";
import { contactForm, toastWith } from "../e2e/helpers";
import { SIGNED_OUT_ERRORS } from "../e2e/staff";
import { apiPaths, consolePaths, pagePaths } from "../../common/paths";

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
