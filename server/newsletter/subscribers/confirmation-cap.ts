/**
 * The daily cap on confirmation e-mails per mailbox (leads/email.ts mailboxKey: the spellings
 * under which one inbox gets mail count as one), counted from the outbox.
 */
import { type Transaction, sql } from "kysely";
import { lockKeyForTransaction } from "../../db/database";
import type { Database } from "../../db/schema";

/**
 * Confirmation e-mails to one mailbox in any 24 hours, whoever asks, from wherever: the sign-up
 * form must not become a way to flood someone's inbox. Sign-ups beyond it are stored and
 * answered as usual; the e-mail simply waits for a later sign-up.
 */
export const CONFIRMATIONS_PER_MAILBOX_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Takes the mailbox's lock for the rest of the transaction: sign-ups for one mailbox under
 * several spellings must not race past the daily limit.
 */
export async function lockMailbox(trx: Transaction<Database>, mailbox: string): Promise<void> {
  await lockKeyForTransaction(trx, `confirmations:${mailbox}`);
}

/** Whether the mailbox may get another confirmation e-mail, as of `now`. */
export async function mayMailConfirmation(
  trx: Transaction<Database>,
  mailbox: string,
  now: Date,
): Promise<boolean> {
  // Written as SQL: on every sign-up, and Kysely's builder took three times as long.
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const { rows } = await sql<{ sent: number | string }>`
    select count(*) as sent from outbox
    where recipient_key = ${mailbox} and created_at > ${since}`.execute(trx);
  return Number(rows[0]?.sent ?? 0) < CONFIRMATIONS_PER_MAILBOX_PER_DAY;
}
