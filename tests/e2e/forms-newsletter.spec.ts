import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoReady, test } from "./fixtures";
import { endsWithPath, expectLandedOn, openNewsletterDialog, uniqueAddress } from "./helpers";
import { header, linkIn, subscriptionStatus, waitForMailTo } from "./newsletter-mail";
import {
  apiPaths,
  newsletterLinkPaths,
  newsletterStatusPaths,
  pagePaths,
} from "../../common/paths";

// Newsletter sign-up against the real server, the double
// opt-in e-mail and the pages its links open. Mail security scanners open every link in a
// message, so opening a link changes nothing; the button on the page it opens does. What the
// form says of a bad address or a failing server is a component test
// (app/components/forms/newsletter-form.test.tsx).

const THANK_YOU = "Thank you for subscribing";
const CHECK_EMAIL =
  "We have sent you an e-mail with a link. Open it to confirm your subscription to the Akwaaba Pay newsletter.";

/**
 * The API's address for a link of a newsletter e-mail: the page's path under /api. Mail clients
 * post the one-click unsubscribe there, and e-mails sent before the pages existed linked there.
 */
function viaApi(link: string): string {
  const path = Object.values(newsletterLinkPaths).find((p) => link.includes(`${p}?`));
  if (!path) throw new Error(`Not a link of a newsletter e-mail: ${link}`);
  return link.replace(path, `/api${path}`);
}

/** A newsletter link with a token the server never issued. */
const madeUpLink = (path: string) => `${path}?token=made-up-token-123`;

async function subscribeInDialog(page: Page, address: string) {
  const dialog = await openNewsletterDialog(page);
  await dialog.getByPlaceholder("Enter your email").fill(address);
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.subscribe);
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  expect((await response).status(), "the real server accepted the sign-up").toBeLessThan(300);
  await expect(dialog.getByRole("heading", { name: THANK_YOU })).toBeVisible();
  await expect(dialog.getByText(CHECK_EMAIL)).toBeVisible();
  return dialog;
}

const CONFIRM_HEADING = "Confirm your subscription";
const UNSUBSCRIBE_HEADING = "Unsubscribe from the newsletter?";

/**
 * Subscribes a new address (`label` and a unique tail) through the API, as the forms do, and
 * returns it with the links of the e-mail sent to it.
 */
async function subscribeAndOpenMail(page: Page, label: string) {
  const address = uniqueAddress(label);
  const res = await page.request.post(apiPaths.subscribe, { data: { email: address } });
  expect(res.status(), "the real server accepted the sign-up").toBe(202);
  const mail = await waitForMailTo(address);
  return {
    address,
    confirm: linkIn(mail, newsletterLinkPaths.confirm),
    unsubscribe: linkIn(mail, newsletterLinkPaths.unsubscribe),
  };
}

/** What the two links of the e-mail do once their page's button is pressed. */
const LINK_ACTIONS = {
  confirm: {
    heading: CONFIRM_HEADING,
    button: "Confirm my subscription",
    landing: newsletterStatusPaths.confirmed,
    landingHeading: "You are subscribed",
  },
  unsubscribe: {
    heading: UNSUBSCRIBE_HEADING,
    button: "Unsubscribe",
    landing: newsletterStatusPaths.unsubscribed,
    landingHeading: "You are unsubscribed",
  },
} as const;

/**
 * Opens an e-mail's link (`url`), which shows its page at `pageUrl` and leaves the subscription
 * of `address` as it was (`status`), then presses the page's button, which leads to the page
 * that says it is done.
 */
async function pressLinkButton(
  page: Page,
  action: keyof typeof LINK_ACTIONS,
  [address, status]: [address: string, status: string],
  url: string,
  pageUrl = url,
) {
  const { heading, button, landing, landingHeading } = LINK_ACTIONS[action];
  await gotoReady(page, url);
  await expectLandedOn(page, pageUrl, heading);
  expect(subscriptionStatus(address), "opening the link changes nothing").toBe(status);
  await page.getByRole("button", { name: button }).click();
  await expectLandedOn(page, endsWithPath(landing), landingHeading);
}

test.describe("newsletter double opt-in against the real server", () => {
  test("the e-mail's links open pages that change nothing until their button is pressed", async ({
    page,
  }) => {
    const address = uniqueAddress("nl-optin");
    await subscribeInDialog(page, address);

    const mail = await waitForMailTo(address);
    const confirmUrl = linkIn(mail, newsletterLinkPaths.confirm);
    const unsubscribeUrl = linkIn(mail, newsletterLinkPaths.unsubscribe);
    expect(mail.body, "no link in the body acts when opened").not.toContain("/api/newsletter/");
    // Mail clients post to the List-Unsubscribe address without showing a page (RFC 8058).
    const oneClick = viaApi(unsubscribeUrl);
    expect(new URL(oneClick).pathname).toBe(apiPaths.oneClickUnsubscribe);
    expect(header(mail, "List-Unsubscribe"), `List-Unsubscribe in ${mail.file}`).toBe(
      `<${oneClick}>`,
    );
    expect(header(mail, "List-Unsubscribe-Post"), "List-Unsubscribe-Post").toBe(
      "List-Unsubscribe=One-Click",
    );

    await pressLinkButton(page, "confirm", [address, "pending"], confirmUrl);
    expect(subscriptionStatus(address)).toBe("confirmed");

    // Opening the link again (a second click in the mail client) and pressing again is fine.
    await page.goto(confirmUrl);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page).toHaveURL(endsWithPath(newsletterStatusPaths.confirmed));

    await pressLinkButton(page, "unsubscribe", [address, "confirmed"], unsubscribeUrl);
    expect(subscriptionStatus(address)).toBe("unsubscribed");

    // Once unsubscribed, the old confirmation link does not subscribe again.
    await page.goto(confirmUrl);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page).toHaveURL(endsWithPath(newsletterStatusPaths.invalid));
    expect(subscriptionStatus(address)).toBe("unsubscribed");
  });

  test("links from e-mails sent before the pages existed (/api/…) lead to the same pages", async ({
    page,
  }) => {
    const { address, ...links } = await subscribeAndOpenMail(page, "nl-oldlink");
    const oldConfirm = viaApi(links.confirm);
    await pressLinkButton(page, "confirm", [address, "pending"], oldConfirm, links.confirm);
    expect(subscriptionStatus(address)).toBe("confirmed");

    const oldUnsubscribe = viaApi(links.unsubscribe);
    await pressLinkButton(
      page,
      "unsubscribe",
      [address, "confirmed"],
      oldUnsubscribe,
      links.unsubscribe,
    );
    expect(subscriptionStatus(address)).toBe("unsubscribed");
  });

  test("the one-click POST to the List-Unsubscribe address unsubscribes at once", async ({
    page,
  }) => {
    const { address, ...links } = await subscribeAndOpenMail(page, "nl-oneclick");
    const res = await page.request.post(viaApi(links.unsubscribe), {
      form: { "List-Unsubscribe": "One-Click" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(200);
    expect(subscriptionStatus(address)).toBe("unsubscribed");
  });

  // A made-up token behind an old /api/ link: the confirmation says the link is not valid; an
  // unsubscribe link always ends in "unsubscribed", even for an address we no longer hold (after
  // `npm run leads -- forget` the row is gone, yet the person's old link must still work).
  for (const { title, link, button, landing, heading } of [
    {
      title: "a made-up confirmation token lands on the 'link not valid' page",
      link: newsletterLinkPaths.confirm,
      button: "Confirm my subscription",
      landing: newsletterStatusPaths.invalid,
      heading: "This link is not valid",
    },
    {
      title:
        "an unsubscribe link always ends in 'unsubscribed', even for an address we no longer hold",
      link: newsletterLinkPaths.unsubscribe,
      button: "Unsubscribe",
      landing: newsletterStatusPaths.unsubscribed,
      heading: "You are unsubscribed",
    },
  ]) {
    test(title, async ({ page }) => {
      await page.goto(viaApi(madeUpLink(link)));
      await expect(page).toHaveURL(madeUpLink(link));
      await page.getByRole("button", { name: button }).click();
      await expectLandedOn(page, endsWithPath(landing), heading);
    });
  }

  test("subscribing the same address twice shows the thank-you both times", async ({ page }) => {
    const address = uniqueAddress("nl-twice");
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
    await gotoReady(page, pagePaths.home);
    const signup = homeSignup(page);
    const address = uniqueAddress("nl-home");
    await signup.email.fill(address);
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === apiPaths.subscribe);
    await signup.submit.click();
    expect((await request).postDataJSON()).toMatchObject({ email: address });
    await expect(signup.section.getByText(THANK_YOU)).toBeVisible();
    await expect(signup.section.getByText(CHECK_EMAIL)).toBeVisible();
    await waitForMailTo(address);
  });
});

// What each of these pages says, that it is noindex and how a link page's button posts is read
// from the built HTML (tests/site/newsletter-pages.test.ts); pages of one kind share their
// module, so axe runs on one of each.
test.describe("the pages of newsletter links, one of each kind", () => {
  for (const { path: pagePath, heading } of [
    { path: newsletterStatusPaths.confirmed, heading: "You are subscribed" },
    { path: madeUpLink(newsletterLinkPaths.unsubscribe), heading: UNSUBSCRIBE_HEADING },
  ]) {
    test(`${pagePath} says '${heading}' and has no axe violations`, async ({ page }) => {
      await gotoReady(page, pagePath);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expectNoA11yViolations(page, pagePath);
    });
  }
});

test.describe("newsletter honeypot", () => {
  test("the dialog and the home sign-up have a 'website' field that is not visible and not reachable by Tab", async ({
    page,
  }) => {
    const dialog = await openNewsletterDialog(page);
    const inDialog = dialog.locator('input[name="website"]');
    await expect(inDialog).toHaveCount(1);
    await expect(inDialog).not.toBeInViewport();
    await expect(dialog.getByRole("textbox", { name: /website/i })).toHaveCount(0);
    await dialog.getByPlaceholder("Enter your email").focus();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Subscribe" })).toBeFocused();

    await gotoReady(page, pagePaths.home);
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
