/**
 * The welcome e-mail a subscriber gets once they confirm: its subject and Markdown are stored
 * (newsletter_settings, key "welcome"), edited by marketing in the console; until then, the
 * default below. It is enqueued in the transaction that confirms the subscription, so a
 * confirmation never goes without its welcome, nor gets two.
 */
import type { Transaction } from "kysely";
import { pagePaths } from "../../common/paths";
import { site } from "../../common/site";
import { type DB, isPostgres } from "../db/database";
import { versionOfValues } from "../http/contract-routes";
import type { Database } from "../db/schema";
import type { MailMessage } from "../mail/message";
import { newsletterMail } from "../mail/emails/newsletter-mail";
import type { NewsletterLinks } from "../mail/emails/subscriber-links";
import {
  type NewsletterContent,
  NewsletterContentSchema,
  type PictureLibrary,
  renderNewsletter,
} from "./markdown/content";

type Executor = DB | Transaction<Database>;

export type Welcome = NewsletterContent;

/**
 * One line a paragraph: the Markdown keeps a line break where it is typed (marketing types what
 * the reader sees), so a sentence broken over two source lines would break in the e-mail too.
 */
export const DEFAULT_WELCOME: Welcome = {
  subject: `Welcome to the ${site.name} newsletter`,
  markdown: [
    `Akwaaba, and thank you for confirming your subscription.`,
    `About once a month we will write with what is new at ${site.name}: new ways to accept mobile money and cards, updates from the Bank of Ghana that touch your business, and stories from merchants, schools and savings groups across Ghana.`,
    `In the meantime, see [what we offer](${site.url}${pagePaths.paymentServices}) or [talk to our team](${site.url}${pagePaths.contactUs}).`,
  ].join("\n\n"),
};

const WELCOME_KEY = "welcome";

export interface StoredWelcome extends Welcome {
  /** When and by whom it was last changed; null while the default is used. */
  updatedAt: string | null;
  updatedBy: string | null;
}

/** The welcome e-mail as marketing last saved it, or the default. */
export async function readWelcome(db: Executor): Promise<StoredWelcome> {
  const row = await db
    .selectFrom("newsletter_settings")
    .leftJoin("staff_accounts", "staff_accounts.id", "newsletter_settings.updated_by_account_id")
    .select(["newsletter_settings.value", "newsletter_settings.updated_at", "staff_accounts.email"])
    .where("newsletter_settings.key", "=", WELCOME_KEY)
    .executeTakeFirst();
  const parsed = row ? await NewsletterContentSchema.safeParseAsync(JSON.parse(row.value)) : null;
  if (!row || !parsed?.success) return { ...DEFAULT_WELCOME, updatedAt: null, updatedBy: null };
  return { ...parsed.data, updatedAt: row.updated_at, updatedBy: row.email ?? null };
}

/** Its version, its ETag (decision 0068): its subject and Markdown, the site's default too. */
export const welcomeVersion = (welcome: Welcome) =>
  versionOfValues([welcome.subject, welcome.markdown]);

/**
 * Saves it, provided it is still at a version the save names (`isCurrent`); false, saving
 * nothing, when a colleague saved since. Its row is locked for the check (PostgreSQL; SQLite
 * writes one transaction at a time); while there is none (the default), the first save's insert
 * is the only one that lands, and a second naming the default finds it stale.
 */
export async function saveWelcome(
  trx: Transaction<Database>,
  welcome: Welcome,
  { accountId, at }: { accountId: string; at: string },
  isCurrent: (version: string) => boolean,
): Promise<boolean> {
  const row = await trx
    .selectFrom("newsletter_settings")
    .select("key")
    .where("key", "=", WELCOME_KEY)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
  if (!isCurrent(welcomeVersion(await readWelcome(trx)))) return false;
  const value = JSON.stringify(welcome);
  const set = { value, updated_at: at, updated_by_account_id: accountId };
  if (row) {
    await trx.updateTable("newsletter_settings").set(set).where("key", "=", WELCOME_KEY).execute();
    return true;
  }
  const inserted = await trx
    .insertInto("newsletter_settings")
    .values({ key: WELCOME_KEY, ...set })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The welcome e-mail to one subscriber, with their own unsubscribe link. */
export async function welcomeMail(
  email: string,
  welcome: Welcome,
  links: Omit<NewsletterLinks, "confirmUrl">,
  library: PictureLibrary,
): Promise<MailMessage> {
  return newsletterMail(email, await renderNewsletter(welcome, library), links);
}
