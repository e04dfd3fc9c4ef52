/**
 * The customer's answer to a reply, sent to a `reply+<tag>` address that verified
 * (reply-address.ts) and received either by the inbound SMTP listener
 * (server/newsletter/returns/inbound/listener.ts: the raw message, parsed with mailparser) or by
 * a provider's inbound webhook (postmark-inbound.ts: the fields the provider parsed). Both end in
 * `recordAnswer`: the new text kept (quoted-history.ts) and written as an `inbound` event in the
 * timeline of the lead the tag names, with the address it came from and its subject. An answer
 * about a lead that is gone (its person erased) or whose details were removed is dropped and
 * logged: there is nobody left to file it under.
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

/** An answer as its mail program sent it: the sender's address, the subject, the whole text. */
export interface InboundAnswer {
  from: string;
  subject: string;
  text: string;
}

type InfoLog = { info: (obj: object, msg: string) => void };

/** What a raw message says: who sent it, its subject and its text. */
async function readAnswer(message: Buffer): Promise<InboundAnswer> {
  const parsed = await simpleParser(Readable.from(inSlices(message)), {
    skipImageLinks: true,
    skipTextToHtml: true,
  });
  return {
    from: parsed.from?.value[0]?.address ?? "",
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
  };
}

/** The text of an answer that came as HTML alone, as mailparser makes it for the listener. */
export async function textOfHtml(html: string): Promise<string> {
  const message = Buffer.from(`Content-Type: text/html; charset=utf-8\r\n\r\n${html}`);
  return (await readAnswer(message)).text;
}

/** The listener's way in: the raw `message`, read, then recordAnswer. */
export async function recordInboundReply(
  db: DB,
  message: Buffer,
  leadKeys: readonly string[],
  now: Date,
  log: InfoLog,
): Promise<number> {
  return recordAnswer(db, await readAnswer(message), leadKeys, now, log);
}

/**
 * Writes `answer` (its sender and subject on one line and cut to size, its text without the
 * quoted history) to the timeline of each lead in `leadKeys` (the API keys the verified
 * addresses named); answers how many leads took it. Throws when the database fails, so that the
 * listener answers 451, the webhook 503, and the sender tries again.
 */
export async function recordAnswer(
  db: DB,
  answer: InboundAnswer,
  leadKeys: readonly string[],
  now: Date,
  log: InfoLog,
): Promise<number> {
  const from = oneLine(answer.from, MAX_FROM);
  const subject = oneLine(answer.subject, MAX_SUBJECT);
  const text = newText(answer.text, MAX_INBOUND_TEXT);
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
        from,
        to: subject,
        text,
      })
      .execute();
    recorded += 1;
    log.info({ length: text.length }, "answer to a reply added to its lead");
  }
  return recorded;
}
