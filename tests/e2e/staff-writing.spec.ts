import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { openConsolePage } from "./staff";
import { randomTag } from "./helpers";

// What marketing writes to subscribers is not lost by a slip of the finger: leaving the page with
// unsaved words asks first (console/components/unsaved-changes.tsx).

test("leaving the welcome e-mail with unsaved words asks first; Escape stays", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("marketing");
  await openConsolePage(page, "Welcome e-mail");
  const message = page.getByRole("textbox", { name: "Message" });
  const words = `Words not saved yet ${randomTag()}`;
  await message.fill(words);

  const nav = page.getByRole("navigation", { name: "Console" });
  const question = page.getByRole("dialog", { name: "Leave without saving?" });
  await nav.getByRole("link", { name: "Reports" }).click();
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "Stay on this page" })).toBeFocused();
  await expectNoA11yViolations(page, "with the leave-without-saving question open");

  // Escape (like Stay) keeps the page and what was typed.
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome e-mail" })).toBeVisible();
  await expect(message).toHaveValue(words);

  // Leaving on purpose leaves.
  await nav.getByRole("link", { name: "Reports" }).click();
  await question.getByRole("button", { name: "Leave and lose the changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  // Nothing typed: nothing asked.
  await openConsolePage(page, "Welcome e-mail");
  await expect(message).not.toHaveValue(words);
  await openConsolePage(page, "Reports");
  await expect(question).toBeHidden();
});
