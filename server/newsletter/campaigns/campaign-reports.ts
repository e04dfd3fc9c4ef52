/**
 * What the console shows of newsletter campaigns: the list with each one's counts, and one
 * campaign with its report (copies sent, failed and waiting, unsubscribes since it started, and
 * who would get it if it were sent now).
 */
import { type Transaction, sql } from "kysely";
import {
  type Campaign,
  type CampaignSummary,
  RECIPIENT_STATES,
  type RecipientState,
} from "../../../staff-api/newsletter";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";

type Executor = DB | Transaction<Database>;

// What the API answers (staff-api/newsletter.ts): the queries return the contract's types.
export type { Campaign, CampaignSummary };

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

/**
 * Copies by outbox status, per campaign. A copy its recipient's server refused for good is
 * "failed" in the outbox but a bounce in the report: not counted as failed, which "send the
 * failed copies again" would retry.
 */
async function copyCounts(
  db: Executor,
  ids: string[],
): Promise<Map<string, Record<string, number>>> {
  const counts = new Map<string, Record<string, number>>();
  if (!ids.length) return counts;
  const rows = await db
    .selectFrom("outbox")
    .select([
      "campaign_id",
      sql<string>`case when outbox.outcome is not null and outbox.status = 'failed' then 'bounced' else outbox.status end`.as(
        "kept_as",
      ),
      (eb) => eb.fn.countAll<number | string>().as("n"),
    ])
    .where("campaign_id", "in", ids)
    .groupBy(["campaign_id", "kept_as"])
    .execute();
  for (const row of rows) {
    const byStatus = counts.get(row.campaign_id as string) ?? {};
    byStatus[row.kept_as] = Number(row.n);
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

/**
 * Each recipient's state, counted: from its copy's status and outcome (migration 0016), and the
 * subscription's leaving for a copy sent before they left. Exactly one state per copy.
 */
async function recipientStates(db: Executor, id: string, startedAt: string | null) {
  const states = Object.fromEntries(RECIPIENT_STATES.map((s) => [s, 0])) as Record<
    RecipientState,
    number
  >;
  if (!startedAt) return states;
  const rows = await db
    .selectFrom("outbox")
    .leftJoin("newsletter_subscriptions", "newsletter_subscriptions.id", "outbox.lead_id")
    .select((eb) => [
      "outbox.status",
      "outbox.outcome",
      eb.case().when("outbox.attempts", ">", 0).then(1).else(0).end().as("tried"),
      eb
        .case()
        .when("newsletter_subscriptions.unsubscribed_at", ">=", startedAt)
        .then(1)
        .else(0)
        .end()
        .as("left"),
      eb.fn.countAll<number | string>().as("n"),
    ])
    .where("outbox.campaign_id", "=", id)
    .groupBy(["outbox.status", "outbox.outcome", "tried", "left"])
    .execute();
  for (const row of rows) states[recipientState(row)] += Number(row.n);
  return states;
}

/** The one state of a copy: what became of it beyond its status first, then its status. */
export function recipientState(row: {
  status: string;
  outcome: string | null;
  tried: number | string;
  left: number | string;
}): RecipientState {
  if (row.outcome === "hard-bounce") return "hard-bounced";
  if (row.outcome === "soft-bounce") return "soft-bounced";
  if (row.outcome === "complaint") return "complained";
  if (row.outcome === "suppressed") return "suppressed";
  if (row.outcome === "unsubscribed") return "unsubscribed";
  if (row.status === "sent") return Number(row.left) ? "unsubscribed" : "sent";
  if (row.status === "failed") return "failed";
  if (row.status === "cancelled") return Number(row.left) ? "unsubscribed" : "cancelled";
  return Number(row.tried) ? "deferred" : "queued";
}

/** One campaign with its report, or null. */
export async function readCampaign(db: Executor, id: string): Promise<Campaign | null> {
  const row = await campaignsQuery(db)
    .select(["newsletter_campaigns.markdown", "newsletter_campaigns.auto_paused"])
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
    ...(await reportOf(db, id, row.started_at, row.auto_paused)),
  };
}

async function reportOf(
  db: Executor,
  id: string,
  startedAt: string | null,
  autoPaused: string | null,
): Promise<
  Pick<Campaign, "bounced" | "complained" | "suppressed" | "unsubscribed" | "autoPaused" | "states">
> {
  const states = await recipientStates(db, id, startedAt);
  return {
    bounced: states["hard-bounced"] + states["soft-bounced"],
    complained: states.complained,
    suppressed: states.suppressed,
    unsubscribed: states.unsubscribed,
    autoPaused,
    states,
  };
}
