import type { Locator, Page } from "@playwright/test";
import { pagePaths } from "../../common/paths";
import { expect, gotoReady, waitForIslands } from "./fixtures";

// Steps and locators that several browser tests share.

/** The contact form of /contact-us, by its fields' labels. */
export function contactForm(page: Page) {
  const form = page.getByRole("form", { name: "Send us a message" });
  return {
    form,
    firstName: form.getByRole("textbox", { name: "First name", exact: true }),
    lastName: form.getByRole("textbox", { name: "Last name", exact: true }),
    email: form.getByRole("textbox", { name: "Email", exact: true }),
    phone: form.getByRole("textbox", { name: "Phone (optional)", exact: true }),
    message: form.getByRole("textbox", { name: "Message", exact: true }),
    agree: form.getByRole("checkbox", { name: /agree to the privacy policy/i }),
    submit: form.getByRole("button", { name: /^(Send Message|Sending…)$/ }),
  };
}

/** The demo request form of the demo pages, by its fields' labels. */
export function demoForm(page: Page) {
  const form = page.getByRole("form", { name: "Request a demo" });
  return {
    form,
    name: form.getByRole("textbox", { name: "Name", exact: true }),
    email: form.getByRole("textbox", { name: "Email Address", exact: true }),
    phone: form.getByRole("textbox", { name: "Phone Number", exact: true }),
    company: form.getByRole("textbox", { name: "Company", exact: true }),
    jobTitle: form.getByRole("textbox", { name: "Job Title", exact: true }),
    industry: form.getByRole("combobox", { name: "Industry", exact: true }),
    submit: form.getByRole("button", { name: /^(Submit|Submitting…)$/ }),
  };
}

/** Types each value into the field of `form` under the same key, as a visitor types it. */
export async function fillFields<Form extends Record<string, Locator>>(
  form: Form,
  values: Partial<Record<keyof Form, string>>,
) {
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) await form[key]!.fill(value);
  }
}

/** Types each value into the textbox of `scope` labelled by its key, in the order given. */
export async function fillTextboxes(scope: Page | Locator, byLabel: Record<string, string>) {
  for (const [label, value] of Object.entries(byLabel)) {
    await scope.getByRole("textbox", { name: label }).fill(value);
  }
}

/** The browser is at `url` and shows the page of that title (its h1). */
export async function expectLandedOn(page: Page, url: string | RegExp, heading: string) {
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
}

/** Answers every request to `path` with a server error (500), as a failing server would. */
export function failRequestsTo(page: Page, path: string) {
  return page.route(path, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "Internal Server Error" }),
    }),
  );
}

/** The privacy policy: a clause of the terms, with an anchor of its own. */
export const privacyPolicyPath = `${pagePaths.termsAndConditions}#privacy-policy`;

/** `text` as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Matches a URL, on any origin, that ends in `path` (no query, no hash). */
export const endsWithPath = (path: string) => new RegExp(`${escapeRegExp(path)}$`);

/** Six random letters and digits: what makes a name, an address or a subject this run's own. */
export const randomTag = () => Math.random().toString(36).slice(2, 8);

/** An e-mail address no other test or run uses; `label` says which test made it. */
export function uniqueAddress(label: string) {
  return `${label}-${Date.now()}-${randomTag()}@example.com`;
}

/** Installs the fake clock before loading the page, then freezes it: timers only run on runFor. */
export async function gotoWithFrozenClock(page: Page, path: string) {
  await page.clock.install();
  await gotoReady(page, path);
  // Jump well ahead so every pending timer is realigned to "now", then stop the clock there.
  await page.clock.pauseAt(Date.now() + 60_000);
}

/**
 * Real time for a render (one the fake clock may have triggered) to land, before asserting that
 * something did NOT change: an auto-waiting assertion would pass at once on the old state.
 */
export function settle(page: Page) {
  return page.waitForTimeout(250);
}

/**
 * With the frozen clock: `target` is still shown `stillThereMs` from now, and gone by
 * `goneByMs` from now.
 */
export async function expectGoneBetween(
  page: Page,
  target: Locator,
  stillThereMs: number,
  goneByMs: number,
) {
  await page.clock.runFor(stillThereMs);
  await settle(page);
  await expect(target).toBeVisible();
  await page.clock.runFor(goneByMs - stillThereMs);
  await expect(target).toHaveCount(0);
}

/** The region that holds the toasts. */
export function notifications(page: Page) {
  return page.getByRole("region", { name: "Notifications (Alt+T)" });
}

/** The toast (list item of the notifications region) that shows exactly this text. */
export function toastWith(page: Page, text: string | RegExp): Locator {
  return notifications(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(text, { exact: typeof text === "string" }) });
}

export const NEWSLETTER_HEADING = "Subscribe for our Newsletter to receive exciting updates.";

/** Opens the newsletter dialog the way visitors do: Company → Help Center in the header. */
export async function openNewsletterDialog(page: Page) {
  await gotoReady(page, pagePaths.home);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Company", exact: true }).hover();
  await nav.getByRole("link", { name: /^Help Center/ }).click();
  await expect(page).toHaveURL(pagePaths.helpCenter);
  await expect(page.getByRole("dialog", { name: NEWSLETTER_HEADING })).toBeVisible();
  // The link loads the help centre: its form works once its island has hydrated.
  await waitForIslands(page);
  // Not by name: after subscribing the dialog is named by its thank-you heading.
  return page.getByRole("dialog");
}

/** Holds React's modules back, as a slow phone still downloading them would. */
export { holdScripts } from "../../scripts/first-paint-taps";

/** Whether React has hydrated the page's islands (app/islands/define.tsx marks it). */
export function isHydrated(page: Page) {
  return page.evaluate(() => document.documentElement.dataset.hydrated === "true");
}
