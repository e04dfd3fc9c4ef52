/**
 * The retention job (README.md beside this file; docs/personal-data.md#retention): once a day,
 * and from `npm run leads -- retention`, it removes what the periods of common/retention.ts say
 * has expired, and records in the audit log how many rows of which kind.
 */
import type { Transaction } from "kysely";
import type { MailConfig } from "../../config";
import { type DB, isPostgres, lockKeyForTransaction } from "../../db/database";
import type { Database } from "../../db/schema";
import { deleteMailFiles } from "../../mail/transports";
import { recordAudit } from "../../audit/audit";
import { deleteSearchEntriesInPlace } from "../erasure";
import type { RetentionPeriods } from "../../../common/retention";
import { anonymiseExpiredLeads, anonymiseMergedLeads } from "./closed-leads";
import { removeExpiredBodies, removeMessagesAbout } from "./message-bodies";
import { deleteExpiredSignUps } from "./pending-subscriptions";

/** What one run changed (or, dry, would change), by kind; the audit entry's `counts`. */
export interface RetentionCounts {
  /** (a) Closed contact messages and demo requests anonymised. */
  contact_messages: number;
  demo_requests: number;
  /** Their notes and corrections, blanked. */
  lead_events: number;
  /** (b) Newsletter sign-ups never confirmed, deleted, and the messages about them. */
  pending_subscriptions: number;
  deleted_messages: number;
  /** (c) Sent or abandoned messages whose body was removed (those of (a)'s leads included). */
  message_bodies: number;
}

export interface RetentionOptions {
  /** The moment the periods count back from: now, or the command line's --as-of. */
  asOf: Date;
  /** Count what would change, and change nothing. */
  dryRun?: boolean;
  periods: RetentionPeriods;
  /** The configured transport: the file transport's copies of the removed messages go too. */
  mail?: MailConfig;
  /** Who ran it, as the audit log names it: the daily job, or the command line and its user. */
  via?: string;
}

/** How the audit log names the server's daily run ("The retention job anonymised…"). */
export const DAILY_RUN = "retention job";

/** Two runs (two instances, or the command line beside the server) take turns on PostgreSQL. */
const LOCK = "retention";

class DryRun extends Error {
  constructor(readonly counts: RetentionCounts) {
    super("dry run: rolled back");
  }
}

/**
 * Runs the job once, in one transaction: what expired before `asOf` goes, and one audit entry,
 * `retention.ran`, with the counts and the periods, when anything did. Runs at once take turns
 * (an advisory lock on PostgreSQL; SQLite writes one transaction at a time) and each change is
 * conditional, so a second run finds nothing left to do. A dry run does the same and rolls back,
 * so its counts are exactly what a run would change.
 */
export async function runRetention(db: DB, options: RetentionOptions): Promise<RetentionCounts> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockKeyForTransaction(trx, LOCK);
      // FTS5 would otherwise keep the anonymised words in its pages (see ../erasure.ts).
      if (!isPostgres(trx)) await deleteSearchEntriesInPlace(trx);
      const { counts, messageIds } = await removeExpired(trx, options);
      if (options.dryRun) throw new DryRun(counts);
      if (Object.values(counts).some((count) => count > 0)) {
        await recordAudit(trx, {
          action: "retention.ran",
          at: new Date().toISOString(),
          detail: {
            counts,
            periods: options.periods,
            asOf: options.asOf.toISOString(),
            via: options.via ?? DAILY_RUN,
          },
        });
      }
      // Before the commit, as erasure does: a file that cannot be deleted fails the run while
      // the rows that name the files are still there for the next one.
      if (options.mail) await deleteMailFiles(options.mail, messageIds);
      return counts;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.counts;
    throw error;
  }
}

async function removeExpired(trx: Transaction<Database>, options: RetentionOptions) {
  const { asOf, periods } = options;
  const now = asOf.toISOString();
  const signUps = await deleteExpiredSignUps(
    trx,
    daysBefore(asOf, periods.pendingSubscriptionDays),
  );
  const leadCutoff = monthsBefore(asOf, periods.leadMonths);
  const expiredContacts = await anonymiseExpiredLeads(trx, "contact", leadCutoff, now);
  const expiredDemos = await anonymiseExpiredLeads(trx, "demo", leadCutoff, now);
  const merged = await anonymiseMergedLeads(trx, now);
  const contact = {
    ids: [...expiredContacts.ids, ...merged.contact.ids],
    events: expiredContacts.events + merged.contact.events,
  };
  const demo = {
    ids: [...expiredDemos.ids, ...merged.demo.ids],
    events: expiredDemos.events + merged.demo.events,
  };
  const ofLeads = await removeMessagesAbout(trx, [...contact.ids, ...demo.ids], now);
  const expired = await removeExpiredBodies(trx, daysBefore(asOf, periods.messageBodyDays), now);
  const counts: RetentionCounts = {
    contact_messages: contact.ids.length,
    demo_requests: demo.ids.length,
    lead_events: contact.events + demo.events,
    pending_subscriptions: signUps.subscriptions.length,
    deleted_messages: signUps.messages.length,
    message_bodies: ofLeads.length + expired.length,
  };
  return { counts, messageIds: [...signUps.messages, ...ofLeads, ...expired] };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** `days` whole days before `date`, as stored timestamps are written. */
export function daysBefore(date: Date, days: number): string {
  return new Date(date.getTime() - days * DAY_MS).toISOString();
}

/**
 * The same time of day `months` calendar months before `date` (UTC, Accra's time); a day the
 * month does not have becomes its last (31 March less one month is 28 or 29 February).
 */
export function monthsBefore(date: Date, months: number): string {
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.toISOString();
}
