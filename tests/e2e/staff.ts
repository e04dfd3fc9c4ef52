import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { apiPaths, consolePaths } from "../../common/paths";
import nodemailer from "nodemailer";
import Database from "better-sqlite3";
import { emailKey } from "../../leads/email";
import { STAFF_DATA_DIR, STAFF_INBOUND } from "../../playwright.config";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { linkIn, waitForMailTo } from "./newsletter-mail";
import { randomTag } from "./helpers";
import type { DemoProduct } from "../../leads/demo";

// What the staff console's browser tests share: accounts made as an operator makes them (the
// command line), and signing in as a person does (the e-mailed link, read from its .eml file).
// Only the tests of signing in itself take that path in the browser; the others start signed in
// (staff-session.ts).

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Where the staff test server's file transport writes its e-mails (playwright.config.ts). */
export const STAFF_MAIL_DIR = fileURLToPath(
  new URL(`../../${STAFF_DATA_DIR}/mail/`, import.meta.url),
);

/**
 * The browser logs each refused request as a console error. A signed-out visit asks the API who is
 * signed in and gets 401 before it is sent to the sign-in page: that is the design, not a fault.
 */
export const SIGNED_OUT_ERRORS = [/status of 401 \(Unauthorized\)/];

/** A page a role may not open: its API call answers 403, which the browser logs as well. */
export const REFUSED_ROLE_ERRORS = [/status of 403/];

/** A fresh address for one test, so tests running side by side never share an account. */
export function staffAddress(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@staff.example.com`;
}

/** The roles of staff accounts (server/db/schema.ts). */
export type StaffRole = "admin" | "sales" | "marketing";

/** `npm run staff -- add` against the staff test server's database. */
export function addStaffAccount(email: string, role: StaffRole, name = "") {
  const args = ["build/server/cli/staff.js", "add", "--email", email, "--role", role];
  if (name) args.push("--name", name);
  const result = spawnSync("node", args, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: STAFF_DATA_DIR, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
}

/** The sign-in link of the newest e-mail to `email` from the staff test server. */
export async function signInLinkFor(email: string): Promise<string> {
  const mail = await waitForMailTo(email, STAFF_MAIL_DIR);
  return linkIn(mail, consolePaths.signIn);
}

/** Asks for a link on the sign-in page; returns the link the e-mail brought. */
export async function requestSignInLink(page: Page, email: string): Promise<string> {
  await page.goto(consolePaths.signIn);
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("sign-in link is on its way");
  return signInLinkFor(email);
}

/** Asks for a link on the sign-in page, opens it from the e-mail, presses Sign in. */
export async function signInByLink(page: Page, email: string) {
  await page.goto(await requestSignInLink(page, email));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}

/** A new account of `role` (named `name`, if given), signed in by link; returns its address. */
export async function signInAs(page: Page, role: StaffRole, name = ""): Promise<string> {
  const email = staffAddress(role);
  addStaffAccount(email, role, name);
  await signInByLink(page, email);
  return email;
}

/**
 * Follows the console's navigation link `name` to the page of that title, opening the menu
 * first on a phone-sized screen, where it is folded.
 */
export async function openConsolePage(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Console" });
  const folded = nav.locator("summary");
  if (await folded.isVisible()) await folded.click();
  // Exactly: "Leads" is in "My leads (3)" too.
  await nav.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** A new campaign saved as a draft by whoever is signed in; its page is left open. */
export async function saveCampaignDraft(page: Page, subject: string, message: string) {
  await openConsolePage(page, "Campaigns");
  await page.getByRole("link", { name: "New campaign" }).click();
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page.getByRole("textbox", { name: "Message" }).fill(message);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
}

/**
 * A demo request as the public form posts it, by `name`, with a company name no other test uses
 * (or `company`), for Core Banking (or `product`), from `email`; returns the company, which finds
 * this test's leads among every other test's.
 */
export async function demoRequest(
  request: APIRequestContext,
  name: string,
  {
    phone = "+233 24 000 0000",
    company = uniqueCompany(),
    product = "banking",
    email = "efua@example.com",
  }: { phone?: string; company?: string; product?: DemoProduct; email?: string } = {},
) {
  const response = await request.post(apiPaths.demo, {
    data: {
      product,
      formData: {
        name,
        email,
        phone,
        company,
        jobTitle: "Finance director",
        industry: "Finance",
      },
    },
  });
  expect(response.status()).toBe(201);
  return company;
}

/** What a visitor writes in the contact form, for tests that do not look at the words. */
const ANY_MESSAGE = {
  firstName: "Efua",
  lastName: "Mensah",
  message: "Please call me about collections.",
};

/**
 * A fresh visitor (`visitorAddress(label)`) who writes in through the contact form: their
 * address, by which this test's records are found apart from every other test's.
 */
export async function visitorWhoWroteIn(
  request: APIRequestContext,
  label: string,
  words: typeof ANY_MESSAGE = ANY_MESSAGE,
): Promise<string> {
  const person = visitorAddress(label);
  const sent = await request.post(apiPaths.contact, {
    data: { ...words, email: person, agreeToPolicy: true },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return person;
}

/** A fresh visitor's address for one test: a person who writes to the company, not staff. */
export const visitorAddress = (label: string) =>
  staffAddress(label).replace("@staff.", "@visitor.");

/**
 * A demo request from `name`; then, once `signIn` has put a member of staff in the browser, their
 * inbox searched for the request's company. Returns what `signIn` gave (who signed in).
 */
export async function inboxWithDemoFrom<Who>(
  page: Page,
  name: string,
  signIn: () => Promise<Who>,
): Promise<Who> {
  const company = await demoRequest(page.request, name);
  const who = await signIn();
  await page.goto(`${consolePaths.leads}?q=${encodeURIComponent(company)}`);
  return who;
}

/**
 * As inboxWithDemoFrom, then the lead's page, opened from the list by a click or (on a phone) a
 * tap on its name, and its heading checked.
 */
export async function leadPageOfDemoFrom<Who>(
  page: Page,
  name: string,
  signIn: () => Promise<Who>,
  press: "click" | "tap",
): Promise<Who> {
  const who = await inboxWithDemoFrom(page, name, signIn);
  await page.getByRole("link", { name })[press]();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  return who;
}

/** Searches the inbox (open) for `company` and opens the lead of `name`. */
export async function openLeadOf(page: Page, company: string, name: string) {
  await page.getByRole("searchbox", { name: /Search/ }).fill(company);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}

/**
 * `count` leads (more than a page: 50) of one company, and the inbox of whoever is signed in
 * searched for them with the second page shown by "Show more". Returns the list's rows.
 */
export async function inboxWithTwoPages(page: Page, count: number) {
  const company = uniqueCompany();
  await demoRequests(page.request, count, company);
  await page.goto(`${consolePaths.leads}?q=${encodeURIComponent(company)}`);
  const rows = page.getByRole("list", { name: "Leads" }).getByRole("listitem");
  await expect(rows).toHaveCount(50);
  await page.getByRole("button", { name: "Show more leads" }).tap();
  await expect(rows).toHaveCount(count);
  return rows;
}

/** `count` demo requests from `company`, "Lead 1", "Lead 2", …, sent twenty at a time. */
async function demoRequests(request: APIRequestContext, count: number, company: string) {
  for (let sent = 0; sent < count; sent += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - sent) }, (_, i) =>
        demoRequest(request, `Lead ${sent + i + 1}`, { company }),
      ),
    );
  }
}

/** "Susu Savings" and a few random letters. */
export const uniqueCompany = () => `Susu Savings ${randomTag()}`;

/**
 * Sends the message `raw` to the staff server's inbound SMTP listener, as a mail server would:
 * a bounce (envelope sender empty) or a customer's answer to a reply.
 */
export async function sendToStaffInbound(envelope: { from: string; to: string }, raw: string) {
  const smtp = nodemailer.createTransport({
    host: "127.0.0.1",
    port: STAFF_INBOUND.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await smtp.sendMail({ envelope, raw });
  } finally {
    smtp.close();
  }
}

/**
 * Moves `email`'s last view of the inbox back to `seenAt` in the staff test server's database
 * (server/leads/desk/inbox-visits.ts), as if they had last looked then: the server's clock cannot
 * be moved, and a visit is kept per account there, not in the browser.
 */
export function inboxLastViewedAt(email: string, seenAt: Date) {
  const file = fileURLToPath(new URL(`../../${STAFF_DATA_DIR}/leads.sqlite`, import.meta.url));
  const db = new Database(file, { fileMustExist: true, timeout: 5000 });
  try {
    const moved = db
      .prepare(
        `update staff_inbox_visits set seen_at = ?, since = null
         where account_id = (select id from staff_accounts where email_key = ?)`,
      )
      .run(seenAt.toISOString(), emailKey(email));
    expect(moved.changes, `${email} has viewed the inbox`).toBe(1);
  } finally {
    db.close();
  }
}
