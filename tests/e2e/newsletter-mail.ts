import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { apiPaths, newsletterLinkPaths, newsletterStatusPaths } from "../../common/paths";
import { emailKey } from "../../leads/email";
import { expect } from "./fixtures";
import { escapeRegExp } from "./helpers";
import { E2E_DATA_DIR } from "../../playwright.config";

// What the newsletter tests read behind the browser's back: the e-mails the test server wrote
// and the subscription it stored.

/** Where the e2e server's file transport writes one .eml per message (playwright.config.ts). */
const MAIL_DIR = fileURLToPath(new URL(`../../${E2E_DATA_DIR}/mail/`, import.meta.url));
/** The e2e server's SQLite database (DATA_DIR/leads.sqlite). */
const DATABASE = fileURLToPath(new URL(`../../${E2E_DATA_DIR}/leads.sqlite`, import.meta.url));

export interface Mail {
  file: string;
  headers: string;
  /** Body with quoted-printable soft line breaks and =3D undone. */
  body: string;
}

/** The newest .eml in the mail folder addressed to `address` (with `subject`), or null. */
async function newestMailTo(
  address: string,
  mailDir: string,
  subject?: string,
): Promise<Mail | null> {
  let files: string[];
  try {
    // Files are named by outbox id: newest is by modification time.
    const names = (await readdir(mailDir)).filter((f) => f.endsWith(".eml"));
    const stamped = await Promise.all(
      names.map(async (name) => ({ name, at: (await stat(path.join(mailDir, name))).mtimeMs })),
    );
    files = stamped.sort((a, b) => a.at - b.at).map((file) => file.name);
  } catch {
    return null;
  }
  const toLine = new RegExp(`^To: .*${escapeRegExp(address)}`, "im");
  for (const file of files.reverse()) {
    const raw = (await readFile(path.join(mailDir, file), "utf8")).replace(/\r\n/g, "\n");
    const split = raw.indexOf("\n\n");
    // Unfold continuation lines so every header is on one line.
    const headers = raw.slice(0, split).replace(/\n[ \t]+/g, " ");
    if (!toLine.test(headers)) continue;
    if (
      subject !== undefined &&
      !new RegExp(`^Subject: ${escapeRegExp(subject)}$`, "m").test(headers)
    ) {
      continue;
    }
    const body = raw
      .slice(split + 2)
      .replace(/=\n/g, "")
      .replace(/=3D/gi, "=");
    return { file, headers, body };
  }
  return null;
}

/**
 * Waits for an e-mail to `address` in the test server's mail folder (or another server's), with
 * the given subject if one is given.
 */
export async function waitForMailTo(
  address: string,
  mailDir = MAIL_DIR,
  subject?: string,
): Promise<Mail> {
  let mail: Mail | null = null;
  await expect
    .poll(async () => (mail = await newestMailTo(address, mailDir, subject)), {
      message: `an e-mail to ${address}${subject ? ` about "${subject}"` : ""} in ${mailDir}`,
      timeout: 15_000,
    })
    .not.toBeNull();
  return mail as unknown as Mail;
}

export function header(mail: Mail, name: string) {
  return new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(mail.headers)?.[1]?.trim();
}

/**
 * The first link in the body to `pagePath` (e.g. newsletterLinkPaths.confirm) with its token, and
 * the page to open next if the link carries one (a staff sign-in link's `next`).
 */
export function linkIn(mail: Mail, pagePath: string): string {
  const link = new RegExp(
    `https?://[^\\s"<>/]+${escapeRegExp(pagePath)}\\?token=[\\w-]+(?:&next=[^\\s"<>&]+)?`,
  ).exec(mail.body)?.[0];
  expect(link, `a ${pagePath} link in ${mail.file}`).toBeTruthy();
  return link ?? "";
}

/** The stored status of the subscription of `address` ("pending", "confirmed", …), or null. */
export function subscriptionStatus(address: string): string | null {
  const db = new Database(DATABASE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("select status from newsletter_subscriptions where email_key = ?")
      .get(emailKey(address)) as { status: string } | undefined;
    return row?.status ?? null;
  } finally {
    db.close();
  }
}

/**
 * Signs `reader` up for the newsletter and confirms as a visitor does: the e-mailed link (in
 * `mailDir`, the test server's or another's), then its button.
 */
export async function confirmSubscriber(page: Page, reader: string, mailDir = MAIL_DIR) {
  const subscribed = await page.request.post(apiPaths.subscribe, { data: { email: reader } });
  expect(subscribed.status()).toBe(202);
  await page.goto(linkIn(await waitForMailTo(reader, mailDir), newsletterLinkPaths.confirm));
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page).toHaveURL(new RegExp(`${newsletterStatusPaths.confirmed}$`));
}
