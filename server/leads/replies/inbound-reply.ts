/**
 * The customer's answer to a reply, received by the inbound SMTP listener
 * (server/newsletter/returns/inbound/listener.ts) at a `reply+<tag>` address that verified
 * (reply-address.ts): parsed with mailparser, its new text kept (quoted-history.ts) and written
 * as an `inbound` event in the timeline of the lead the tag names, with the address it came from
 * and its subject. An answer about a lead that is gone (its person erased) or whose details were
 * removed is dropped and logged: there is nobody left to file it under.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { simpleParser } from "mailparser";
import { MAX_INBOUND_TEXT } from "../../../staff-api/lead-timeline";
import type { DB } from "../../db/database";
import { oneLine } from "../../mail/message";
import { inSlices } from "../../newsletter/returns/inbound/read-report";
import { findLeadRow } from "../inbox/lead-query";
import { newText } from "./quoted-history";

/** The longest sender address and subject kept. */
const MAX_FROM = 320;
const MAX_SUBJECT = 200;

export interface InboundAnswer {
  from: string;
  subject: string;
  text: string;
}

/** What an answer says: who sent it, its subject and its new text. */
export async function readAnswer(message: Buffer): Promise<InboundAnswer> {
  const parsed = await simpleParser(Readable.from(inSlices(message)), {
    skipImageLinks: true,
    skipTextToHtml: true,
  });
  return {
    from: oneLine(parsed.from?.value[0]?.address ?? "", MAX_FROM),
    subject: oneLine(parsed.subject ?? "", MAX_SUBJECT),
    text: newText(parsed.text ?? "", MAX_INBOUND_TEXT),
  };
}

/**
 * Writes the answer in `message` to the timeline of each lead in `leadKeys` (the API keys the
 * addresses named); answers how many leads took it. Throws when the database fails, so that the
 * listener answers 451 and the sender tries again.
 */
export async function recordInboundReply(
  db: DB,
  message: Buffer,
  leadKeys: readonly string[],
  now: Date,
  log: { info: (obj: object, msg: string) => void },
): Promise<number> {
  const answer = await readAnswer(message);
  let recorded = 0;
  for (const key of new Set(leadKeys)) {
    const row = await findLeadRow(db, key);
    if (!row || row.anonymised_at) {
      // Never the lead's key in the log: it would outlive the erasure it is about.
      log.info({ gone: !row }, "answer to a reply dropped: its lead's person was erased");
      continue;
    }
    await db
      .insertInto("lead_events")
      .values({
        id: randomUUID(),
        lead_type: row.type,
        lead_id: row.id,
        at: now.toISOString(),
        actor_account_id: null,
        kind: "inbound",
        from: answer.from,
        to: answer.subject,
        text: answer.text,
      })
      .execute();
    recorded += 1;
    log.info({ length: answer.text.length }, "answer to a reply added to its lead");
  }
  return recorded;
}
