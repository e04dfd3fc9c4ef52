import { apiPaths } from "../../common/paths";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { openConsolePage } from "./staff";
import { randomTag } from "./helpers";

// Marketing answers a subscriber who writes in: finds them, sees how many there are, sends the
// confirmation again or takes them off the list (console/pages/subscribers.tsx).

// The refused "send again" is a 409, which Chromium logs.
test.use({ allowedErrors: [/status of 409 \(Conflict\)/] });

test("marketing finds a subscriber, is told why the confirmation cannot go again yet, and unsubscribes them", async ({
  page,
  signedInAs,
}) => {
  const email = `efua.${randomTag()}@example.com`;
  const subscribed = await page.request.post(apiPaths.subscribe, { data: { email } });
  expect(subscribed.status()).toBe(202);

  await signedInAs("marketing");
  await openConsolePage(page, "Subscribers");
  await expect(page.getByText(/^\d[\d,]* subscribers?: /)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search by e-mail" }).fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("1 subscriber matches these filters.")).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row.getByText("Waiting for confirmation")).toBeVisible();
  await expectNoA11yViolations(page, "on the subscribers page with a subscriber's actions");

  // The sign-up's own confirmation went a moment ago: not again within the hour.
  await row.getByRole("button", { name: "Send the confirmation again" }).click();
  await expect(row.getByRole("alert")).toContainText("less than an hour ago");

  await row.getByRole("button", { name: "Unsubscribe…" }).click();
  const question = row.getByRole("group", { name: `Unsubscribe ${email}?`, exact: false });
  await expect(question).toBeFocused();
  await question.getByRole("button", { name: "Yes, unsubscribe" }).click();
  await expect(row.getByRole("status")).toContainText(
    "Unsubscribed. They get no more newsletters.",
  );
  await expect(row.getByText("Unsubscribed", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Unsubscribe…" })).toHaveCount(0);
});
