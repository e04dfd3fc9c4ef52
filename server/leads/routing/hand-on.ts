/**
 * An overdue lead handed on: when the rule a lead matches is a rotation set to hand on overdue
 * leads (migration 0024), escalation (../service-hours/escalation.ts) gives the lead to the
 * rotation's next available member in its own transaction. The change is made as a change of
 * owner in the console is (../inbox/lead-changes.ts): the state row's owner and version, an
 * `owner` event and a `lead.owner-changed` audit entry, both by nobody (the rules did it), and
 * the new owner told with the e-mail (and Slack message) a colleague's hand change sends. See
 * docs/decisions/0063-overdue-lead-handed-on.md.
 */
import { type Transaction, sql } from "kysely";
import type { Alerts } from "../../alerts/alerts";
import { recordAudit } from "../../audit/audit";
import type { Database } from "../../db/schema";
import { addEvent, lockState } from "../inbox/lead-changes";
import { findLeadRow } from "../inbox/lead-query";
import { type Owner, handOnOverdue } from "./assign";
import { enqueueOwnerNotice, prepareOwnerNotice } from "./owner-notice";

/** Who the owner e-mail and Slack say gave the lead: the rules, as it was overdue. */
export const HANDED_ON_BY = { name: "The lead routing (the lead was overdue)" };

/** The address of account `id`, as a hand change's audit entry names owners; null for none. */
async function emailOf(trx: Transaction<Database>, id: string | null) {
  if (id === null) return null;
  const account = await trx
    .selectFrom("staff_accounts")
    .select("email")
    .where("id", "=", id)
    .executeTakeFirst();
  return account?.email ?? null;
}

/** The lead's owner before and after it was handed on. */
export interface HandedOn {
  from: string | null;
  to: Owner;
}

/**
 * Hands lead `key` on to its rotation's next available member, other than its owner, in the
 * escalation's transaction; null when its rule does not hand leads on, or no one else is
 * available (it stays with its owner).
 */
export async function handOnOverdueLead(
  trx: Transaction<Database>,
  key: string,
  at: string,
  { publicUrl, alerts }: { publicUrl: string; alerts: Alerts },
): Promise<HandedOn | null> {
  const row = await findLeadRow(trx, key);
  if (!row) return null;
  // The state row (made for a lead that has none) only for a rule that hands on: locked before
  // the turn is taken, so that a change made in the console meanwhile is seen, or waits for this.
  const before = { owner: null as string | null };
  const to = await handOnOverdue(trx, row, async () => {
    before.owner = (await lockState(trx, row, at)).owner_account_id;
    return before.owner;
  });
  if (!to) return null;
  const from = before.owner;
  await trx
    .updateTable("lead_states")
    .set({ owner_account_id: to.id, updated_at: at, version: sql<number>`version + 1` })
    .where("lead_type", "=", row.type)
    .where("lead_id", "=", row.id)
    .execute();
  await addEvent(trx, row, null, at, { kind: "owner", from, to: to.id });
  await recordAudit(trx, {
    action: "lead.owner-changed",
    at,
    record: { type: "lead", id: key },
    detail: { from: await emailOf(trx, from), to: to.email },
  });
  // Rendered in the transaction, as the escalation's own e-mails are: only for a lead handed on.
  const notice = await prepareOwnerNotice(trx, key, { publicUrl, by: HANDED_ON_BY });
  if (notice) await enqueueOwnerNotice(trx, notice, to, { alerts, rowId: row.id, at });
  return { from, to };
}
