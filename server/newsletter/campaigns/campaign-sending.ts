/**
 * Sending newsletter campaigns: starting, pausing, resuming, cancelling and retrying them.
 *
 * Starting a campaign makes one outbox row per confirmed subscriber of that moment, in the
 * transaction that marks it "sending"; the outbox then sends them at the configured rate
 * (mail/outbox.ts), each rendered when it goes out with the subscriber's own unsubscribe links
 * (delivery.ts). A copy's id is the campaign's and the subscription's together: nobody can be
 * given two copies of one campaign, and a copy keeps its Message-ID if it is sent again after a
 * crash.
 *
 * Pausing holds the copies not yet sent; resuming releases them; cancelling drops them. Each
 * change is one conditional UPDATE on the campaign's status (campaigns.ts transition), so two
 * members of staff (or two server instances starting a scheduled campaign) cannot both make it.
 */
import { type Transaction, sql } from "kysely";
import type { DB } from "../../db/database";
import type { CampaignStatus, Database } from "../../db/schema";
import { type BrakeAlert, applyBrake } from "../returns/brake";
import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_KIND,
  type Change,
  type Refusal,
  refusalOf,
  transition,
} from "./campaigns";

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
  // A suppressed address is in the audience (every recipient accounted for) but never mailed:
  // its copy is made cancelled, with why.
  await trx
    .updateTable("outbox")
    .set({ status: "cancelled", outcome: "suppressed" })
    .where("campaign_id", "=", id)
    .where("status", "=", "pending")
    .where("lead_id", "in", (eb) =>
      eb
        .selectFrom("newsletter_subscriptions")
        .innerJoin(
          "mail_suppressions",
          "mail_suppressions.email_key",
          "newsletter_subscriptions.email_key",
        )
        .select("newsletter_subscriptions.id"),
    )
    .execute();
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
      brake_from: change.at,
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
  if (action === "resume") {
    // The brake judges afresh the copies sent from now on; why it paused stays in the audit log.
    await trx
      .updateTable("newsletter_campaigns")
      .set({ brake_from: change.at, auto_paused: null })
      .where("id", "=", id)
      .execute();
  }
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
    // A copy its recipient's server refused for good bounced: it is not tried again.
    .where("outcome", "is", null)
    .executeTakeFirst();
  const retried = Number(result.numUpdatedRows);
  if (retried > 0 && campaign.status === "sent") {
    await transition(trx, id, ["sent"], { status: "sending", finished_at: null }, change);
    return { status: "sending", retried };
  }
  return { status: campaign.status, retried };
}

/**
 * The outbox's task at the start of every run: starts the scheduled campaigns that are due, lets
 * the brake judge the sending ones (newsletter/returns/brake.ts), and
 * marks "sent" the sending ones with nothing left to send (copies sent, failed for good, or
 * dropped because their subscriber left). Any number of instances may run it;
 * the conditional UPDATEs let exactly one start each campaign.
 */
export async function runCampaigns(db: DB, at: Date, brake?: BrakeAlert): Promise<void> {
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
  // Refusals while sending trip the brake between batches, not only bounces that come back.
  for (const campaign of active) await applyBrake(db, campaign.id, at, brake);
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
