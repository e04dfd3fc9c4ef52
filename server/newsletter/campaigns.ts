/**
 * Newsletter campaigns: what marketing writes to every confirmed subscriber at once.
 *
 * A campaign is a draft until it is sent (now, or at a set time: "scheduled"). Starting it makes
 * one outbox row per confirmed subscriber of that moment, in the transaction that marks it
 * "sending"; the outbox then sends them at the configured rate (mail/outbox.ts), each rendered
 * when it goes out with the subscriber's own unsubscribe links (delivery.ts). A copy's id is the
 * campaign's and the subscription's together: nobody can be given two copies of one campaign,
 * and a copy keeps its Message-ID if it is sent again after a crash.
 *
 * Pausing holds the copies not yet sent; resuming releases them; cancelling drops them. Each
 * change is one conditional UPDATE on the campaign's status, so two members of staff (or two
 * server instances starting a scheduled campaign) cannot both make it.
 */
import { randomUUID } from "node:crypto";
import { type Transaction, sql } from "kysely";
import type { DB } from "../db/database";
import type { CampaignStatus, Database } from "../db/schema";
import type { NewsletterContent } from "./content";

type Executor = DB | Transaction<Database>;

/** The outbox kinds of a campaign's copies and of a test copy sent to a member of staff. */
export const CAMPAIGN_KIND = "campaign";
export const CAMPAIGN_TEST_KIND = "campaign-test";

export const CAMPAIGN_STATUSES = [
  "draft",
  "scheduled",
  "sending",
  "paused",
  "sent",
  "cancelled",
] as const satisfies readonly CampaignStatus[];

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

export interface CampaignSummary {
  id: string;
  subject: string;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Who last changed it (its author, or whoever sent, paused or cancelled it). */
  updatedBy: string | null;
  /** Copies made when it started; 0 before. */
  recipients: number;
  sent: number;
  failed: number;
}

export interface Campaign extends CampaignSummary {
  markdown: string;
  /** Copies waiting to go (held ones included while paused). */
  waiting: number;
  /** Recipients who have unsubscribed since it started. */
  unsubscribedSince: number;
  /** Who would get it if it were sent now: the confirmed subscribers. */
  audience: number;
}

/** The actor and time of a change. */
interface Change {
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
async function refusalOf(db: Executor, id: string): Promise<Refusal> {
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
async function transition(
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

/**
 * Makes the copies of a campaign that has just become "sending": one outbox row per confirmed
 * subscriber, due now, in one INSERT … SELECT (no subscriber can be missed between reading the
 * list and writing the rows). Returns how many.
 */
async function makeCopies(trx: Transaction<Database>, id: string, at: string): Promise<number> {
  const result = await trx
    .insertInto("outbox")
    .columns([
      "id",
      "kind",
      "lead_id",
      "payload",
      "status",
      "next_attempt_at",
      "created_at",
      "campaign_id",
    ])
    .expression(
      trx
        .selectFrom("newsletter_subscriptions")
        .select([
          sql<string>`${id} || '.' || newsletter_subscriptions.id`.as("id"),
          sql<string>`${CAMPAIGN_KIND}`.as("kind"),
          "newsletter_subscriptions.id as lead_id",
          sql<string>`${JSON.stringify({ campaignId: id })}`.as("payload"),
          sql<string>`${"pending"}`.as("status"),
          sql<string>`${at}`.as("next_attempt_at"),
          sql<string>`${at}`.as("created_at"),
          sql<string>`${id}`.as("campaign_id"),
        ])
        .where("newsletter_subscriptions.status", "=", "confirmed"),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Starts a campaign from one of `from`: marks it sending and makes its copies, or nothing. */
async function start(
  trx: Transaction<Database>,
  id: string,
  from: readonly CampaignStatus[],
  change: Change | { at: string },
  due?: string,
): Promise<boolean> {
  const result = await trx
    .updateTable("newsletter_campaigns")
    .set({
      status: "sending",
      started_at: change.at,
      // A scheduled start is the doing of whoever scheduled it: they stay its last editor.
      ...("accountId" in change
        ? { updated_at: change.at, updated_by_account_id: change.accountId }
        : {}),
    })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .$if(due !== undefined, (qb) => qb.where("scheduled_at", "<=", due as string))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  const recipients = await makeCopies(trx, id, change.at);
  await trx.updateTable("newsletter_campaigns").set({ recipients }).where("id", "=", id).execute();
  return true;
}

/**
 * Sends a draft (or a scheduled campaign) now, or schedules it for `at` when that is later than
 * now. Returns the status it is in, or why not. In the caller's transaction, with its audit entry.
 */
export async function sendCampaign(
  db: Transaction<Database>,
  id: string,
  when: Date | undefined,
  change: Change,
): Promise<{ status: "sending" | "scheduled" } | Refusal> {
  if (when && when.getTime() > Date.parse(change.at)) {
    const scheduled = await transition(
      db,
      id,
      CAMPAIGN_ACTIONS.send,
      { status: "scheduled", scheduled_at: when.toISOString() },
      change,
    );
    return scheduled ? { status: "scheduled" } : refusalOf(db, id);
  }
  return (await start(db, id, CAMPAIGN_ACTIONS.send, change))
    ? { status: "sending" }
    : refusalOf(db, id);
}

/**
 * Pauses, resumes or cancels a campaign, and its copies with it, in the caller's transaction (with
 * its audit entry).
 */
export async function changeCampaign(
  trx: Transaction<Database>,
  id: string,
  action: "pause" | "resume" | "cancel",
  change: Change,
): Promise<{ status: CampaignStatus } | Refusal> {
  const to: Record<typeof action, CampaignStatus> = {
    pause: "paused",
    resume: "sending",
    cancel: "cancelled",
  };
  const copies: Record<
    typeof action,
    { from: ("pending" | "held")[]; to: "pending" | "held" | "cancelled" }
  > = {
    pause: { from: ["pending"], to: "held" },
    resume: { from: ["held"], to: "pending" },
    cancel: { from: ["pending", "held"], to: "cancelled" },
  };
  const moved = await transition(
    trx,
    id,
    CAMPAIGN_ACTIONS[action],
    { status: to[action], ...(action === "cancel" ? { finished_at: change.at } : {}) },
    change,
  );
  if (!moved) return refusalOf(trx, id);
  await trx
    .updateTable("outbox")
    .set({
      status: copies[action].to,
      // Resumed copies are due at once; the outbox's rate spaces them out.
      ...(action === "resume" ? { next_attempt_at: change.at } : {}),
    })
    .where("campaign_id", "=", id)
    .where("status", "in", copies[action].from)
    .execute();
  return { status: to[action] };
}

/**
 * Puts a campaign's failed copies back in the queue (say, after the mail provider's outage
 * outlasted the retries): due now with their attempts from zero, held if the campaign is paused.
 * A campaign already marked sent goes back to sending until they have gone. Returns how many.
 */
export async function retryFailedCopies(
  trx: Transaction<Database>,
  id: string,
  change: Change,
): Promise<{ status: CampaignStatus; retried: number } | Refusal> {
  const campaign = await trx
    .selectFrom("newsletter_campaigns")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!campaign) return { refused: "missing" };
  if (!(CAMPAIGN_ACTIONS.retry as readonly CampaignStatus[]).includes(campaign.status)) {
    return { refused: "conflict", status: campaign.status };
  }
  const result = await trx
    .updateTable("outbox")
    .set({
      status: campaign.status === "paused" ? "held" : "pending",
      attempts: 0,
      next_attempt_at: change.at,
      last_error: null,
      claimed_by: null,
      claimed_until: null,
    })
    .where("campaign_id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  const retried = Number(result.numUpdatedRows);
  if (retried > 0 && campaign.status === "sent") {
    await transition(trx, id, ["sent"], { status: "sending", finished_at: null }, change);
    return { status: "sending", retried };
  }
  return { status: campaign.status, retried };
}

/**
 * The outbox's task at the start of every run: starts the scheduled campaigns that are due, and
 * marks "sent" the sending ones with nothing left to send (copies sent, failed for good, or
 * dropped because their subscriber left). Any number of instances may run it;
 * the conditional UPDATEs let exactly one start each campaign.
 */
export async function runCampaigns(db: DB, at: Date): Promise<void> {
  const now = at.toISOString();
  // One indexed read on every run; the writes below only while a campaign is sending.
  const active = await db
    .selectFrom("newsletter_campaigns")
    .select(["id", "status"])
    .where((eb) =>
      eb.or([
        eb("status", "=", "sending"),
        eb.and([eb("status", "=", "scheduled"), eb("scheduled_at", "<=", now)]),
      ]),
    )
    .execute();
  if (!active.length) return;
  for (const campaign of active.filter((c) => c.status === "scheduled")) {
    await db
      .transaction()
      .execute((trx) => start(trx, campaign.id, ["scheduled"], { at: now }, now));
  }
  // A copy found paused just as its campaign was resumed was held after the resume released
  // the others: release it too.
  await db
    .updateTable("outbox")
    .set({ status: "pending" })
    .where("status", "=", "held")
    .where("campaign_id", "in", (eb) =>
      eb.selectFrom("newsletter_campaigns").select("id").where("status", "=", "sending"),
    )
    .execute();
  await db
    .updateTable("newsletter_campaigns")
    .set({ status: "sent", finished_at: now })
    .where("status", "=", "sending")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("outbox")
            .select("outbox.id")
            .whereRef("outbox.campaign_id", "=", "newsletter_campaigns.id")
            .where("outbox.status", "in", ["pending", "held"]),
        ),
      ),
    )
    .execute();
}

const SUMMARY_COLUMNS = [
  "newsletter_campaigns.id",
  "newsletter_campaigns.subject",
  "newsletter_campaigns.status",
  "newsletter_campaigns.scheduled_at",
  "newsletter_campaigns.started_at",
  "newsletter_campaigns.finished_at",
  "newsletter_campaigns.created_at",
  "newsletter_campaigns.updated_at",
  "newsletter_campaigns.recipients",
  "staff_accounts.email",
] as const;

function campaignsQuery(db: Executor) {
  return db
    .selectFrom("newsletter_campaigns")
    .leftJoin("staff_accounts", "staff_accounts.id", "newsletter_campaigns.updated_by_account_id")
    .select(SUMMARY_COLUMNS);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof campaignsQuery>["executeTakeFirstOrThrow"]>>;

/** Copies by outbox status, per campaign. */
async function copyCounts(
  db: Executor,
  ids: string[],
): Promise<Map<string, Record<string, number>>> {
  const counts = new Map<string, Record<string, number>>();
  if (!ids.length) return counts;
  const rows = await db
    .selectFrom("outbox")
    .select(["campaign_id", "status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("campaign_id", "in", ids)
    .groupBy(["campaign_id", "status"])
    .execute();
  for (const row of rows) {
    const byStatus = counts.get(row.campaign_id as string) ?? {};
    byStatus[row.status] = Number(row.n);
    counts.set(row.campaign_id as string, byStatus);
  }
  return counts;
}

function toSummary(row: SummaryRow, counts: Record<string, number> = {}): CampaignSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    scheduledAt: row.scheduled_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.email ?? null,
    recipients: row.recipients ?? 0,
    sent: counts.sent ?? 0,
    failed: counts.failed ?? 0,
  };
}

/** Campaigns, newest first (a company sends a few a month: no paging needed below this). */
export async function listCampaigns(db: Executor, limit = 200): Promise<CampaignSummary[]> {
  const rows = await campaignsQuery(db)
    .orderBy("newsletter_campaigns.created_at", "desc")
    .orderBy("newsletter_campaigns.id", "desc")
    .limit(limit)
    .execute();
  const counts = await copyCounts(
    db,
    rows.filter((row) => row.started_at).map((row) => row.id),
  );
  return rows.map((row) => toSummary(row, counts.get(row.id)));
}

async function confirmedSubscribers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One campaign with its report, or null. */
export async function readCampaign(db: Executor, id: string): Promise<Campaign | null> {
  const row = await campaignsQuery(db)
    .select("newsletter_campaigns.markdown")
    .where("newsletter_campaigns.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const counts = (await copyCounts(db, [id])).get(id) ?? {};
  const left = row.started_at
    ? await db
        .selectFrom("outbox")
        .innerJoin("newsletter_subscriptions", "newsletter_subscriptions.id", "outbox.lead_id")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("outbox.campaign_id", "=", id)
        .where("newsletter_subscriptions.status", "=", "unsubscribed")
        .where("newsletter_subscriptions.unsubscribed_at", ">=", row.started_at)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  return {
    ...toSummary(row, counts),
    markdown: row.markdown,
    waiting: (counts.pending ?? 0) + (counts.held ?? 0),
    unsubscribedSince: Number(left.n),
    audience: await confirmedSubscribers(db),
  };
}
