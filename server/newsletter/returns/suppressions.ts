/**
 * The suppression list: the mailboxes subscriber mail must not go to (docs/mail-deliverability.md,
 * "Suppression"), one row per email_key with the strongest reason it has had. An erased person's
 * entry is kept under a one-way hash of the key instead (docs/decisions/0035-erasure-and-address-
 * changes.md): every check here matches either form.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { emailKey } from "../../../leads/email";
import type { DB } from "../../db/database";
import type { Database, SuppressionReason } from "../../db/schema";
import { erasedSuppressionKey } from "../../privacy/third-parties";

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
  // The address is stored in clear again with this event: so is its entry.
  await restoreErasedSuppression(trx, entry.email);
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

/** The address's entry on the list, matched as the mailbox (emailKey) or its erased form. */
function entryOf(db: Executor, email: string) {
  return db
    .selectFrom("mail_suppressions")
    .select(["id", "reason"])
    .where("email_key", "in", [emailKey(email), erasedSuppressionKey(email)])
    .executeTakeFirst();
}

type Row = { id: string; reason: SuppressionReason; at: string; detail: string };

/**
 * Moves the entry kept under `from` to `to`, with `scrub` applied to what it keeps. Should an
 * entry be under `to` already, the two become one with the stronger reason. 0 when none was
 * under `from`, else 1.
 */
async function moveEntry(
  trx: Executor,
  from: string,
  to: { email: string; email_key: string },
  scrub: (row: Row) => Partial<Row> & { event_id?: null } = () => ({}),
): Promise<number> {
  const rows = await trx
    .selectFrom("mail_suppressions")
    .select(["id", "reason", "at", "detail", "email_key"])
    .where("email_key", "in", [from, to.email_key])
    .execute();
  const moving = rows.find((row) => row.email_key === from);
  const staying = rows.find((row) => row.email_key === to.email_key);
  if (!moving) return 0;
  if (!staying) {
    await trx
      .updateTable("mail_suppressions")
      .set({ ...to, ...scrub(moving) })
      .where("id", "=", moving.id)
      .execute();
    return 1;
  }
  const stronger = RANK[moving.reason] > RANK[staying.reason] ? moving : staying;
  await trx.deleteFrom("mail_suppressions").where("id", "=", moving.id).execute();
  await trx
    .updateTable("mail_suppressions")
    .set({ reason: stronger.reason, at: stronger.at, detail: stronger.detail, ...scrub(stronger) })
    .where("id", "=", staying.id)
    .execute();
  return 1;
}

/**
 * Keeps the address's entry only as a hash (erasure, server/people/forget-person.ts): no address, no
 * event (erased with it), and no detail that could name the person: a note staff wrote by hand
 * may name them in any words, and a server's diagnostic often quotes the address. The reason
 * and date stay. Returns how many entries it hashed (0 or 1).
 */
export function hashSuppression(trx: Transaction<Database>, email: string): Promise<number> {
  const local = emailKey(email).slice(0, emailKey(email).lastIndexOf("@"));
  return moveEntry(
    trx,
    emailKey(email),
    { email: "", email_key: erasedSuppressionKey(email) },
    (row) => ({
      event_id: null,
      detail: row.reason === "manual" || row.detail.toLowerCase().includes(local) ? "" : row.detail,
    }),
  );
}

/**
 * Gives an erased address's entry its address back, when the address is stored again (a new
 * sign-up, a new address for a subscriber, a new bounce): the campaign's queries join the list
 * on the address in clear (server/newsletter/campaigns/campaign-sending.ts), and now see it.
 */
export function restoreErasedSuppression(trx: Executor, email: string): Promise<number> {
  return moveEntry(trx, erasedSuppressionKey(email), { email, email_key: emailKey(email) });
}
