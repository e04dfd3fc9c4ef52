/**
 * A reply to a lead from the console: the e-mail queued in the outbox (kind `lead-reply`), from
 * the company's address in the sender's name, its Reply-To the lead's `reply+<tag>` address when
 * the inbound domain is set; a `reply` event in the lead's timeline; and, being an answer, the
 * lead's first response, and the status "contacted" for a lead still "new" (its version bumped
 * like any change). All in one transaction with its audit entry. docs/decisions/0057.
 */
import { ANSWERED_STATUS } from "../../../leads/workflow";
import type { DB } from "../../db/database";
import type { OutboxKind } from "../../db/schema";
import { recordAudit } from "../../audit/audit";
import { enqueueMail } from "../../mail/outbox";
import { leadReplyMail } from "../../mail/emails/lead-reply";
import { isSuppressed } from "../../newsletter/returns/suppressions";
import { addEvent, lockState } from "../inbox/lead-changes";
import { findLeadRow } from "../inbox/lead-query";
import { sql } from "kysely";
import { replyAddress } from "./reply-address";

export const LEAD_REPLY_KIND = "lead-reply" satisfies OutboxKind;

/** Why a reply may not go: the 409's words. */
export const ANONYMISED_NO_REPLY =
  "This lead's details were removed under the retention policy: there is no one to reply to.";
export const SUPPRESSED_NO_REPLY =
  "This person's address is on the suppression list (it bounced, they complained, or they asked us to stop): no e-mail may go to it.";

/** Who replies: their account, address and name (their address when they gave none). */
export interface Replier {
  accountId: string;
  email: string;
  name: string;
}

export type ReplyOutcome = "sent" | "no such lead" | { refused: string };

/**
 * Queues `text` as an e-mail to the lead `key` from `replier`, with its timeline event, first
 * response, status and audit entry. `inbound`: the inbound domain and secret, when configured.
 */
export async function sendReply(
  db: DB,
  key: string,
  text: string,
  replier: Replier,
  now: Date,
  inbound: { domain: string; secret: string } | undefined,
): Promise<ReplyOutcome> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<ReplyOutcome> => {
    const row = await findLeadRow(trx, key);
    if (!row) return "no such lead";
    if (row.anonymised_at || !row.email) return { refused: ANONYMISED_NO_REPLY };
    if (await isSuppressed(trx, row.email)) return { refused: SUPPRESSED_NO_REPLY };
    const state = await lockState(trx, row, at);
    const message = await leadReplyMail(
      row.email,
      { sender: replier.name || replier.email, text, leadType: row.type },
      inbound && replyAddress(inbound, row.type, row.id),
    );
    // About the lead's row, so that erasing the person erases the reply with the lead.
    await enqueueMail(trx, { kind: LEAD_REPLY_KIND, leadId: row.id, message, now: at });
    const actor = { accountId: replier.accountId, email: replier.email };
    await addEvent(trx, row, actor, at, { kind: "reply", text });
    const answered = state.status === "new";
    await trx
      .updateTable("lead_states")
      .set({
        first_response_at: sql<string>`coalesce(first_response_at, ${at})`,
        updated_at: at,
        ...(answered ? { status: ANSWERED_STATUS, version: sql<number>`version + 1` } : {}),
      })
      .where("lead_type", "=", row.type)
      .where("lead_id", "=", row.id)
      .execute();
    const audit = {
      at,
      actor: { id: replier.accountId, email: replier.email },
      record: { type: "lead", id: key },
    };
    if (answered) {
      await addEvent(trx, row, actor, at, { kind: "status", from: "new", to: ANSWERED_STATUS });
      const detail = { from: "new", to: ANSWERED_STATUS };
      await recordAudit(trx, { ...audit, action: "lead.status-changed", detail });
    }
    // The reply's words stay out of the append-only log, as a note's do: erasure could not
    // remove them there.
    await recordAudit(trx, { ...audit, action: "lead.replied", detail: { length: text.length } });
    return "sent";
  });
}
