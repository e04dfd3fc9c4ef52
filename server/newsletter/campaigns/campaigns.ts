/**
 * Newsletter campaigns: what marketing writes to every confirmed subscriber at once.
 *
 * A campaign is a draft until it is sent (now, or at a set time: "scheduled"). Here: what a
 * campaign is (its statuses, what each action may start from, the outbox kinds of its copies),
 * writing and editing its draft, and `transition()`, the one conditional UPDATE by which its
 * status changes, so two members of staff (or two server instances starting a scheduled
 * campaign) cannot both make a change. Starting, pausing, resuming, cancelling and retrying are
 * in campaign-sending.ts; the list and a campaign's report in campaign-reports.ts.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { type DB, isPostgres } from "../../db/database";
import { versionOfValues } from "../../http/contract-routes";
import type { CampaignStatus, Database, OutboxKind } from "../../db/schema";
import { CAMPAIGN_STATUSES as STATUSES } from "../../../staff-api/newsletter";
import type { NewsletterContent } from "../markdown/content";

type Executor = DB | Transaction<Database>;

/** The outbox kinds of a campaign's copies and of every newsletter test copy. */
export const CAMPAIGN_KIND = "campaign" satisfies OutboxKind;
export const CAMPAIGN_TEST_KIND = "campaign-test" satisfies OutboxKind;

/** Written in the contract (staff-api/newsletter.ts), which names them in its answers. */
export const CAMPAIGN_STATUSES = STATUSES satisfies readonly CampaignStatus[];

/** What each action may start from; anything else is a conflict (409). */
export const CAMPAIGN_ACTIONS = {
  edit: ["draft", "scheduled"],
  send: ["draft", "scheduled"],
  pause: ["sending"],
  resume: ["paused"],
  cancel: ["draft", "scheduled", "sending", "paused"],
  retry: ["sending", "paused", "sent"],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignAction = keyof typeof CAMPAIGN_ACTIONS;

/** The actor and time of a change. */
export interface Change {
  accountId: string;
  at: string;
}

/** A change refused: no such campaign, or not from its present status. */
export type Refusal = { refused: "missing" } | { refused: "conflict"; status: CampaignStatus };

export async function createCampaign(
  db: Executor,
  content: NewsletterContent,
  { accountId, at }: Change,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("newsletter_campaigns")
    .values({
      id,
      subject: content.subject,
      markdown: content.markdown,
      status: "draft",
      scheduled_at: null,
      started_at: null,
      finished_at: null,
      recipients: null,
      created_at: at,
      created_by_account_id: accountId,
      updated_at: at,
      updated_by_account_id: accountId,
    })
    .execute();
  return id;
}

/** Why a conditional update touched nothing: the campaign is missing, or in another status. */
export async function refusalOf(db: Executor, id: string): Promise<Refusal> {
  const row = await db
    .selectFrom("newsletter_campaigns")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { refused: "conflict", status: row.status } : { refused: "missing" };
}

/**
 * Moves a campaign from one of `from` to `to` with one conditional UPDATE; true when this call
 * made the change.
 */
export async function transition(
  db: Executor,
  id: string,
  from: readonly CampaignStatus[],
  set: { status: CampaignStatus } & Partial<
    Record<"scheduled_at" | "started_at" | "finished_at", string | null>
  >,
  { accountId, at }: Change,
): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_campaigns")
    .set({ ...set, updated_at: at, updated_by_account_id: accountId })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Changes a draft's (or a scheduled campaign's) subject and body. */
export async function updateCampaign(
  db: Executor,
  id: string,
  content: NewsletterContent,
  { accountId, at }: Change,
): Promise<Refusal | null> {
  const result = await db
    .updateTable("newsletter_campaigns")
    .set({
      subject: content.subject,
      markdown: content.markdown,
      updated_at: at,
      updated_by_account_id: accountId,
    })
    .where("id", "=", id)
    .where("status", "in", [...CAMPAIGN_ACTIONS.edit])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? null : refusalOf(db, id);
}

/** What a campaign's version is made of (decision 0068): not its counts, which sending moves. */
export interface VersionedCampaign {
  subject: string;
  markdown: string;
  status: CampaignStatus;
  scheduledAt: string | null;
}

/**
 * A campaign's version, its ETag: its subject, Markdown, status and time to send. A change to
 * any of them makes a page that read it stale: an edit, a send, or a schedule moved.
 */
export const campaignVersion = (c: VersionedCampaign) =>
  versionOfValues([c.subject, c.markdown, c.status, c.scheduledAt]);

/**
 * Whether the campaign is still at a version the change names (`isCurrent`), read in the
 * change's transaction with its row locked (PostgreSQL; SQLite writes one transaction at a
 * time), so that of two changes naming one version only the first applies. "missing" when there
 * is no such campaign.
 */
export async function campaignIsCurrent(
  trx: Transaction<Database>,
  id: string,
  isCurrent: (version: string) => boolean,
): Promise<boolean | "missing"> {
  const row = await trx
    .selectFrom("newsletter_campaigns")
    .select(["subject", "markdown", "status", "scheduled_at"])
    .where("id", "=", id)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) return "missing";
  return isCurrent(campaignVersion({ ...row, scheduledAt: row.scheduled_at }));
}
