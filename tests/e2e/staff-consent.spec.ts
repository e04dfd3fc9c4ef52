import { newsletterLinkPaths, newsletterStatusPaths } from "../../common/paths";
import { expect, expectNoA11yViolations, gotoReady } from "./fixtures";
import { test } from "./staff-session";
import { linkIn, waitForMailTo } from "./newsletter-mail";
import { STAFF_MAIL_DIR, openConsolePage, visitorAddress } from "./staff";

// Consent on record (docs/personal-data.md): what a visitor read under the newsletter's field is
// what marketing later finds as the words they agreed to, with the page and the dates.

test("a visitor subscribes on the home page, confirms, and marketing sees the wording they agreed to", async ({
  page,
  signedInAs,
}) => {
  const reader = visitorAddress("consent");
  // Hydrated first: the answer on the page is the form's with JavaScript (without it, the post
  // leads to a page of its own, forms-without-javascript.spec.ts).
  await gotoReady(page, "/");
  const signUp = page.getByRole("region", { name: "Stay in the loop" });
  const wording = signUp.locator("p").filter({
    has: page.getByRole("link", { name: "privacy policy" }),
  });
  const shown = (await wording.innerText()).trim();
  expect(shown).toMatch(/unsubscribe at any time/);
  await signUp.getByRole("textbox", { name: "Email address" }).fill(reader);
  await signUp.getByRole("button", { name: "Subscribe" }).click();
  await expect(signUp.getByText("Thank you for subscribing")).toBeVisible();

  await page.goto(linkIn(await waitForMailTo(reader, STAFF_MAIL_DIR), newsletterLinkPaths.confirm));
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page).toHaveURL(new RegExp(`${newsletterStatusPaths.confirmed}$`));

  await signedInAs("marketing");
  await openConsolePage(page, "Subscribers");
  await page.getByRole("searchbox", { name: "Search by e-mail" }).fill(reader);
  await page.getByRole("button", { name: "Apply filters" }).click();
  // The filtered list, in place once the address has it (a record opened before would go).
  await expect(page).toHaveURL(/\?q=/);
  const row = page.getByRole("listitem").filter({ hasText: reader });
  await row.getByText("Consent record").click();
  const record = row.getByRole("group");
  await expect(record.locator("q")).toHaveText(shown);
  // Each term with its value, in order: the form, the page signed up on, still subscribed.
  await expect(record.getByRole("definition")).toHaveText([
    shown,
    /^\d{4}-\d{2}-\d{2}$/,
    "Newsletter sign-up",
    "/",
    /Accra time$/,
    /Accra time$/,
    "Still subscribed",
  ]);
  await expectNoA11yViolations(page, "on the subscribers page with a consent record open");
});
