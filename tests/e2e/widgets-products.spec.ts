import type { Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";
import { demoPaths } from "../../common/paths";

// The demo page's industry suggestions. The products' and services' cards and their links to a
// demo page are checked without a browser (tests/site/content-products.test.ts).

test.describe("demo request pages", () => {
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
    await expect(page.getByText("Enter your name")).toHaveCount(0);
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
