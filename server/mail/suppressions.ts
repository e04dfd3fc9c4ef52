/**
 * The suppression list: the mailboxes subscriber mail must not go to (docs/mail-deliverability.md,
 * "Suppression"), one row per email_key with the strongest reason it has had.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { emailKey } from "../../leads/email";
import type { DB } from "../db/database";
import type { Database, SuppressionReason } from "../db/schema";

type Executor = DB | Transaction<Database>;

/** Reasons in the order they outrank each other: a complaint is never softened to a bounce. */
const RANK: Record<SuppressionReason, number> = {
  manual: 0,
  "soft-bounce": 1,
  "hard-bounce": 2,
  complaint: 3,
};

/** Adds the address to the suppression list, or raises its entry's reason. */
export async function suppress(
  trx: Executor,
  entry: {
    email: string;
    reason: SuppressionReason;
    at: string;
    detail: string;
    eventId: string | null;
  },
): Promise<void> {
  const key = emailKey(entry.email);
  const existing = await entryOf(trx, entry.email);
  const values = {
    reason: entry.reason,
    at: entry.at,
    detail: entry.detail.slice(0, 500),
    event_id: entry.eventId,
  };
  if (!existing) {
    await trx
      .insertInto("mail_suppressions")
      .values({ id: randomUUID(), email: entry.email, email_key: key, ...values })
      .onConflict((oc) => oc.column("email_key").doNothing())
      .execute();
  } else if (RANK[entry.reason] > RANK[existing.reason]) {
    await trx.updateTable("mail_suppressions").set(values).where("id", "=", existing.id).execute();
  }
}

/** Whether subscriber mail may not go to this address. */
export async function isSuppressed(db: Executor, email: string): Promise<boolean> {
  return (await suppressionReason(db, email)) !== undefined;
}

/** Why subscriber mail may not go to this address; undefined when it may. */
export async function suppressionReason(
  db: Executor,
  email: string,
): Promise<SuppressionReason | undefined> {
  return (await entryOf(db, email))?.reason;
}

/** The address's entry on the list, matched as the mailbox (emailKey). */
function entryOf(db: Executor, email: string) {
  return db
    .selectFrom("mail_suppressions")
    .select(["id", "reason"])
    .where("email_key", "=", emailKey(email))
    .executeTakeFirst();
}
