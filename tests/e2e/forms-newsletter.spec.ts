import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoHydrated, test } from "./fixtures";
import { E2E_DATA_DIR } from "../../playwright.config";

// Spec 2.4, 4, 5, 8; D2, D3, D10, D11: newsletter sign-up against the real server, the double
// opt-in e-mail and the pages its links land on.

const NEWSLETTER_HEADING = "Subscribe for our Newsletter to receive exciting updates.";
const THANK_YOU = "Thank you for subscribing";
const CHECK_EMAIL = "Check your email for our latest Newsletter updates.";

/** Where the e2e server's file transport writes one .eml per message (playwright.config.ts). */
const MAIL_DIR = fileURLToPath(new URL(`../../${E2E_DATA_DIR}/mail/`, import.meta.url));

/** An address no other test or run uses. */
function uniqueAddress(label: string) {
  return `nl-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Opens the newsletter dialog the way visitors do: Company → Help Center in the header. */
async function openNewsletter(page: Page) {
  await gotoHydrated(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Company", exact: true }).hover();
  await nav.getByRole("link", { name: /^Help Center/ }).click();
  await expect(page).toHaveURL("/help-center");
  await expect(page.getByRole("dialog", { name: NEWSLETTER_HEADING })).toBeVisible();
  // Not by name: after subscribing the dialog is named by its thank-you heading.
  return page.getByRole("dialog");
}

async function subscribeInDialog(page: Page, address: string) {
  const dialog = await openNewsletter(page);
  await dialog.getByPlaceholder("Enter your email").fill(address);
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/subscribe");
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  expect((await response).status(), "the real server accepted the sign-up").toBeLessThan(300);
  await expect(dialog.getByRole("heading", { name: THANK_YOU })).toBeVisible();
  await expect(dialog.getByText(CHECK_EMAIL)).toBeVisible();
  return dialog;
}

interface Mail {
  file: string;
  headers: string;
  /** Body with quoted-printable soft line breaks and =3D undone. */
  body: string;
}

/** The newest .eml in the mail folder addressed to `address`, or null. */
async function newestMailTo(address: string): Promise<Mail | null> {
  let files: string[];
  try {
    files = (await readdir(MAIL_DIR)).filter((f) => f.endsWith(".eml")).sort();
  } catch {
    return null;
  }
  const toLine = new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "im");
  for (const file of files.reverse()) {
    const raw = (await readFile(path.join(MAIL_DIR, file), "utf8")).replace(/\r\n/g, "\n");
    const split = raw.indexOf("\n\n");
    // Unfold continuation lines so every header is on one line.
    const headers = raw.slice(0, split).replace(/\n[ \t]+/g, " ");
    if (!toLine.test(headers)) continue;
    const body = raw
      .slice(split + 2)
      .replace(/=\n/g, "")
      .replace(/=3D/gi, "=");
    return { file, headers, body };
  }
  return null;
}

async function waitForMailTo(address: string): Promise<Mail> {
  let mail: Mail | null = null;
  await expect
    .poll(async () => (mail = await newestMailTo(address)), {
      message: `an e-mail to ${address} in ${MAIL_DIR}`,
      timeout: 15_000,
    })
    .not.toBeNull();
  return mail as unknown as Mail;
}

function header(mail: Mail, name: string) {
  return new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(mail.headers)?.[1]?.trim();
}

test.describe("newsletter double opt-in against the real server", () => {
  test("subscribing sends a confirmation e-mail whose links confirm and unsubscribe", async ({
    page,
  }) => {
    const address = uniqueAddress("optin");
    await subscribeInDialog(page, address);

    const mail = await waitForMailTo(address);
    const listUnsubscribe = header(mail, "List-Unsubscribe");
    expect(listUnsubscribe, `List-Unsubscribe in ${mail.file}`).toMatch(
      /^<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[\w-]+>$/,
    );
    expect(header(mail, "List-Unsubscribe-Post"), "List-Unsubscribe-Post").toBe(
      "List-Unsubscribe=One-Click",
    );

    const confirmUrl = /https?:\/\/[^\s"<>]+\/api\/newsletter\/confirm\?token=[\w-]+/.exec(
      mail.body,
    )?.[0];
    expect(confirmUrl, "confirmation link in the body").toBeTruthy();
    const unsubscribeUrl = /https?:\/\/[^\s"<>]+\/api\/newsletter\/unsubscribe\?token=[\w-]+/.exec(
      mail.body,
    )?.[0];
    expect(unsubscribeUrl, "unsubscribe link in the body").toBeTruthy();
    expect(`<${unsubscribeUrl}>`).toBe(listUnsubscribe);

    await page.goto(confirmUrl ?? "");
    await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");

    // Opening the link again (a second click in the mail client) is still fine.
    await page.goto(confirmUrl ?? "");
    await expect(page).toHaveURL(/\/newsletter\/confirmed$/);

    await page.goto(unsubscribeUrl ?? "");
    await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");

    // Once unsubscribed, the old confirmation link does not subscribe again.
    await page.goto(confirmUrl ?? "");
    await expect(page).toHaveURL(/\/newsletter\/link-not-valid$/);
  });

  test("a made-up confirmation token lands on the 'link not valid' page", async ({ page }) => {
    await page.goto("/api/newsletter/confirm?token=made-up-token-123");
    await expect(page).toHaveURL(/\/newsletter\/link-not-valid$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
  });

  test("an unsubscribe link always ends in 'unsubscribed', even for an address we no longer hold", async ({
    page,
  }) => {
    // After `npm run leads -- forget` the row is gone, yet the person's old link must still work.
    await page.goto("/api/newsletter/unsubscribe?token=made-up-token-123");
    await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
  });

  test("subscribing the same address twice shows the thank-you both times", async ({ page }) => {
    const address = uniqueAddress("twice");
    const first = await subscribeInDialog(page, address);
    await first.getByRole("button", { name: "Close" }).click();
    await expect(first).toBeHidden();

    await subscribeInDialog(page, address);
  });
});

test.describe("home page sign-up", () => {
  function homeSignup(page: Page) {
    const section = page.getByRole("region", { name: "Stay in the loop" });
    return {
      section,
      email: section.getByPlaceholder("Enter your email"),
      submit: section.getByRole("button", { name: /^(Subscribe|Subscribing…)$/ }),
    };
  }

  test("shows a success message after subscribing", async ({ page }) => {
    await gotoHydrated(page, "/");
    const signup = homeSignup(page);
    const address = uniqueAddress("home");
    await signup.email.fill(address);
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/subscribe");
    await signup.submit.click();
    expect((await request).postDataJSON()).toMatchObject({ email: address });
    await expect(signup.section.getByText(THANK_YOU)).toBeVisible();
    await expect(signup.section.getByText(CHECK_EMAIL)).toBeVisible();
    await waitForMailTo(address);
  });

  test.describe("when the server fails", () => {
    // Chromium logs the 500 answer as a console error; provoking it is the point here.
    test.use({ allowedErrors: [/Failed to load resource/] });

    test("shows an error message and keeps the address (D3)", async ({ page }) => {
      await page.route("/api/subscribe", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: "Internal Server Error" }),
        }),
      );
      await gotoHydrated(page, "/");
      const signup = homeSignup(page);
      await signup.email.fill("ama.mensah@example.com");
      await signup.submit.click();
      const alert = signup.section.getByRole("alert");
      await expect(alert).toContainText(/try again/i);
      await expect(signup.email).toHaveValue("ama.mensah@example.com");
      await expect(signup.email).toHaveAttribute("aria-invalid", "true");
      await expect(signup.email).toHaveAccessibleDescription(/try again/i);
      await expect(signup.section.getByText(THANK_YOU)).toHaveCount(0);
    });
  });
});

test.describe("newsletter landing pages", () => {
  const pages = [
    { path: "/newsletter/confirmed", heading: "You are subscribed" },
    { path: "/newsletter/unsubscribed", heading: "You are unsubscribed" },
    { path: "/newsletter/link-not-valid", heading: "This link is not valid" },
    { path: "/newsletter/try-again-later", heading: "Please try again in a few minutes" },
  ];
  for (const { path: pagePath, heading } of pages) {
    test(`${pagePath} says '${heading}', is noindex and has no axe violations`, async ({
      page,
    }) => {
      await gotoHydrated(page, pagePath);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute(
        "href",
        "/",
      );
      await expectNoA11yViolations(page, pagePath);
    });
  }
});

test.describe("newsletter honeypot", () => {
  test("the dialog and the home sign-up have a 'website' field that is not visible and not reachable by Tab", async ({
    page,
  }) => {
    const dialog = await openNewsletter(page);
    const inDialog = dialog.locator('input[name="website"]');
    await expect(inDialog).toHaveCount(1);
    await expect(inDialog).not.toBeInViewport();
    await expect(dialog.getByRole("textbox", { name: /website/i })).toHaveCount(0);
    await dialog.getByPlaceholder("Enter your email").focus();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Subscribe" })).toBeFocused();

    await gotoHydrated(page, "/");
    const section = page.getByRole("region", { name: "Stay in the loop" });
    const onHome = section.locator('input[name="website"]');
    await expect(onHome).toHaveCount(1);
    await section.getByRole("button", { name: "Subscribe" }).scrollIntoViewIfNeeded();
    await expect(onHome).not.toBeInViewport();
    await expect(section.getByRole("textbox", { name: /website/i })).toHaveCount(0);
    await section.getByPlaceholder("Enter your email").focus();
    await page.keyboard.press("Tab");
    await expect(section.getByRole("button", { name: "Subscribe" })).toBeFocused();
  });
});
