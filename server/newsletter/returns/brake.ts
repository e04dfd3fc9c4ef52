/**
 * The brake (docs/mail-deliverability.md, "The brake"): a campaign whose copies bounce hard or
 * draw complaints far more than a healthy list does is paused before it spoils the sender's
 * reputation for every mail we send. It judges the copies handed to the mail server since
 * `brake_from` (the start, or marketing's last resume), once there are enough of them to mean
 * something, and pauses with the same conditional transition as marketing's pause.
 */
import type { Transaction } from "kysely";
import { consoleCampaignPath } from "../../../common/paths";
import { MARKETING_ROLES } from "../../../staff-api/roles";
import { recordAudit } from "../../audit/audit";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";
import { enqueue, enqueueMail } from "../../mail/outbox";
import { brakeSlackMessage } from "./brake-alert";
import { brakeAlertMail } from "../../mail/emails/brake-alert";

/** Fewer copies than this say too little about a list to stop it. */
export const BRAKE_MIN_SENT = 200;
/** Above these rates mailbox providers start to distrust a sender. */
export const BRAKE_HARD_BOUNCE_RATE = 0.02;
export const BRAKE_COMPLAINT_RATE = 0.001;

/** The outbox kind of the team's e-mail about a paused campaign: staff mail, never suppressed. */
export const BRAKE_ALERT_KIND = "brake-alert";

/** Where the team's alert points and whether it goes to Slack too. */
export interface BrakeAlert {
  publicUrl: string;
  slackUrl?: string;
}

/** What the brake counted since `brake_from`. */
export interface BrakeCounts {
  /** Copies handed to the mail server: sent, or refused by the recipient's server. */
  sent: number;
  hardBounces: number;
  complaints: number;
}

/** Why the brake should stop a campaign with these counts, or null. */
export function brakeReason(counts: BrakeCounts): { count: number; words: string } | null {
  if (counts.sent < BRAKE_MIN_SENT) return null;
  // A complaint is the stronger signal: named first when both rates are over.
  if (counts.complaints / counts.sent > BRAKE_COMPLAINT_RATE) {
    return {
      count: counts.complaints,
      words: `${share(counts.complaints, counts.sent)} were reported as spam, above the ${percent(BRAKE_COMPLAINT_RATE)} limit`,
    };
  }
  if (counts.hardBounces / counts.sent > BRAKE_HARD_BOUNCE_RATE) {
    return {
      count: counts.hardBounces,
      words: `${share(counts.hardBounces, counts.sent)} bounced hard, above the ${percent(BRAKE_HARD_BOUNCE_RATE)} limit`,
    };
  }
  return null;
}

const number = (n: number) => n.toLocaleString("en-GB");
const percent = (rate: number) => {
  const value = rate * 100;
  return `${value.toLocaleString("en-GB", { maximumFractionDigits: value < 1 ? 2 : 1 })} %`;
};
const share = (n: number, of: number) =>
  `${number(n)} of ${number(of)} copies (${percent(n / of)})`;

const ACCRA_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Accra",
  hour: "2-digit",
  minute: "2-digit",
});

/** The campaign's counts since the brake was last set; null while nothing came back. */
async function countsSince(db: DB, id: string, from: string): Promise<BrakeCounts | null> {
  // Read first and alone on most runs: a campaign with no returns is never stopped.
  const events = await db
    .selectFrom("mail_events")
    .select((eb) => [
      "type",
      "source",
      eb.fn.count<number | string>("outbox_id").distinct().as("copies"),
    ])
    .where("campaign_id", "=", id)
    .where("received_at", ">=", from)
    .where("type", "in", ["hard-bounce", "complaint"])
    .groupBy(["type", "source"])
    .execute();
  if (!events.length) return null;
  const of = (type: string, source?: string) =>
    events
      .filter((e) => e.type === type && (!source || e.source === source))
      .reduce((sum, e) => sum + Number(e.copies), 0);
  const sent = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("campaign_id", "=", id)
    .where("status", "=", "sent")
    .where("sent_at", ">=", from)
    .executeTakeFirstOrThrow();
  return {
    // A copy the recipient's server refused was never "sent", but it was tried: it counts.
    sent: Number(sent.n) + of("hard-bounce", "send"),
    hardBounces: of("hard-bounce"),
    complaints: of("complaint"),
  };
}

/** What the report, the e-mail and Slack say of a pause: when, in Accra time, and why. */
export function brakeSentence(at: Date, reason: { words: string }): string {
  return (
    `Paused by the brake at ${ACCRA_TIME.format(at)} Accra time: ${reason.words}. ` +
    "Check the list's source before resuming."
  );
}

/**
 * Judges a sending campaign and pauses it if its rates are over the limits: its copies waiting
 * are held, the report says why (`auto_paused`), the audit log has it, and the team is alerted
 * (an e-mail to every enabled marketing and admin account, and Slack if configured), all in one
 * transaction. Answers whether this call paused it.
 */
export async function applyBrake(
  db: DB,
  id: string,
  at: Date,
  alert?: BrakeAlert,
): Promise<boolean> {
  const campaign = await db
    .selectFrom("newsletter_campaigns")
    .select(["status", "subject", "brake_from", "started_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  const from = campaign?.brake_from ?? campaign?.started_at;
  if (campaign?.status !== "sending" || !from) return false;
  const counts = await countsSince(db, id, from);
  const reason = counts && brakeReason(counts);
  if (!counts || !reason) return false;
  const now = at.toISOString();
  const sentence = brakeSentence(at, reason);
  return db.transaction().execute(async (trx) => {
    const paused = await trx
      .updateTable("newsletter_campaigns")
      .set({ status: "paused", auto_paused: sentence })
      .where("id", "=", id)
      .where("status", "=", "sending")
      .executeTakeFirst();
    // Marketing paused or cancelled it meanwhile, or another instance's brake did.
    if (Number(paused.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable("outbox")
      .set({ status: "held" })
      .where("campaign_id", "=", id)
      .where("status", "=", "pending")
      .execute();
    await recordAudit(trx, {
      action: "campaign.auto-paused",
      at: now,
      record: { type: "campaign", id },
      detail: { via: "brake", reason: reason.words, ...counts },
    });
    if (alert) await alertTeam(trx, { id, subject: campaign.subject, sentence, at: now }, alert);
    return true;
  });
}

/** The team's alert: an e-mail to each enabled marketing and admin account, and Slack's. */
async function alertTeam(
  trx: Transaction<Database>,
  campaign: { id: string; subject: string; sentence: string; at: string },
  alert: BrakeAlert,
): Promise<void> {
  const url = `${alert.publicUrl}${consoleCampaignPath(campaign.id)}`;
  const team = await trx
    .selectFrom("staff_accounts")
    .select(["id", "email", "name"])
    .where("role", "in", MARKETING_ROLES)
    .where("disabled_at", "is", null)
    .execute();
  for (const member of team) {
    await enqueueMail(trx, {
      kind: BRAKE_ALERT_KIND,
      leadId: member.id,
      message: await brakeAlertMail(member, { ...campaign, url }),
      now: campaign.at,
    });
  }
  if (alert.slackUrl) {
    await enqueue(trx, {
      kind: "slack",
      leadId: campaign.id,
      payload: brakeSlackMessage({ ...campaign, url }),
      now: campaign.at,
    });
  }
}
