import type { CDPSession, Page } from "@playwright/test";
import { consolePaths } from "../../common/paths";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { SIGNED_OUT_ERRORS, signInAs } from "./staff";

test.use({
  // A refused passkey sign-in is a 401 as well.
  allowedErrors: SIGNED_OUT_ERRORS,
});

/** Chromium's virtual authenticator: a platform passkey that says yes without a person. */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test("register a passkey, sign out, and sign in with the passkey alone", async ({ page }) => {
  await virtualAuthenticator(page);
  await signInAs(page, "sales", "Akosua Boakye");

  await page.getByRole("link", { name: "Akosua Boakye" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await expect(page.getByText("You have no passkey yet.")).toBeVisible();
  await page.getByLabel("Name of the new passkey").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Passkey added" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Work laptop" })).toBeVisible();
  await expectNoA11yViolations(page, "on the account page");

  await page.getByRole("button", { name: "Rename Work laptop" }).click();
  await page.getByLabel("New name").fill("Office laptop");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Office laptop" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the staff console");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

  // Signed out on the way to a page, the passkey's sign-in opens that page. (Going there only
  // once the sign-out has answered: before, the session would still open it.)
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the staff console");
  await page.goto(consolePaths.account);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the staff console");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(consolePaths.account);

  // Removed, the passkey signs nobody in any more.
  await page.getByRole("button", { name: "Remove Office laptop" }).click();
  // Escape backs out of the step, to the row's buttons.
  await page.getByRole("button", { name: "Yes, remove Office laptop" }).focus();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Rename Office laptop" })).toBeFocused();
  await page.getByRole("button", { name: "Remove Office laptop" }).click();
  // The confirm step says what else removing it does, before it is done.
  const remove = page.getByRole("button", { name: "Yes, remove Office laptop" });
  await expect(remove).toHaveAccessibleDescription(
    "You signed in with this passkey: removing it signs you out here too.",
  );
  await remove.click();
  // It opened this very session, which ends with it: the console asks to sign in again.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the staff console");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).not.toBeEmpty();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the staff console");
});
