import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { type ParsedMail, simpleParser } from "mailparser";
import type { ReturnedMail } from "../returns";
import {
  type FieldGroup,
  field,
  fieldBlocks,
  readFieldGroups,
  rfc822Address,
} from "./report-fields";

/** What a returned message says, before the listener adds the tag it came back to. */
export type ReadReturn = Omit<ReturnedMail, "tag" | "source">;

/** The part types that carry a DSN's fields (RFC 6533's is the UTF-8 form of RFC 3464's). */
const DELIVERY_STATUS = new Set(["message/delivery-status", "message/global-delivery-status"]);
const FEEDBACK_REPORT = "message/feedback-report";

/**
 * The most recipients one returned message records as events of their own. A real DSN or abuse
 * report names one recipient, rarely a handful; anyone who reads their own return path can send
 * one naming thousands, and each event is database work. Recipients beyond this are left out,
 * and the message is kept whole in one "unclassified" event saying how many, for review.
 */
export const REPORT_RECIPIENT_CAP = 50;
/**
 * How much of a message mailparser is given at a time. It reads each chunk's lines in one go, so
 * a whole message of 1 MB held the event loop for about 80 ms; slices with a turn of the event
 * loop between them keep each hold to a few milliseconds.
 */
const PARSE_SLICE_BYTES = 16 * 1024;
/** Each per-recipient block of a DSN has one Final-Recipient field (RFC 3464 §2.3). */
const RECIPIENT_FIELD = /^final-recipient[ \t]*:/gim;

/**
 * Reads one message that came back to a return address: a delivery status notification
 * (RFC 3464) gives one bounce per recipient that failed or was delayed, an abuse report (ARF,
 * RFC 5965) one complaint per recipient it names, and anything else (an auto-reply, spam, a
 * report we cannot read) one "unclassified" event holding the message, kept for a person to
 * review. A DSN that reports only deliveries gives nothing. At most REPORT_RECIPIENT_CAP
 * recipients are read; more add one "unclassified" event saying how many were left out.
 * docs/mail-deliverability.md.
 */
export async function readReturnedMessage(message: Buffer, now: Date): Promise<ReadReturn[]> {
  let parsed: ParsedMail | undefined;
  let report: Report = "unreadable";
  try {
    parsed = await simpleParser(Readable.from(inSlices(message)), {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      // Otherwise mailparser folds the delivery-status part into the text.
      keepDeliveryStatus: true,
    });
    report = await readReport(parsed);
  } catch {
    // A message too broken to parse is still kept, for a person to look at.
  }
  const sourceRef =
    parsed?.messageId ?? `sha256:${createHash("sha256").update(message).digest("hex")}`;
  const unclassified = (why: string): ReadReturn[] => [
    {
      sourceRef,
      type: "unclassified",
      email: null,
      status: null,
      detail: `${why}; subject: ${parsed?.subject ?? "(none)"}`,
      raw: message.toString("utf8"),
      at: now,
    },
  ];
  if (report === "unreadable") return unclassified("Not a delivery or abuse report");
  if (report.unreadable) return unclassified(report.unreadable);
  const kept = report.returns.slice(0, REPORT_RECIPIENT_CAP);
  // Several recipients in one report: each is its own event, so each gets its own ref.
  const events = kept.map((entry, index, all) => ({
    ...entry,
    sourceRef: all.length > 1 ? `${sourceRef} #${index + 1}` : sourceRef,
    at: now,
  }));
  const leftOut = report.returns.length - kept.length + (report.unread ?? 0);
  if (!leftOut) return events;
  const [rest] = unclassified(
    `${leftOut} more recipients left out: one report records at most ${REPORT_RECIPIENT_CAP}`,
  );
  return rest ? [...events, { ...rest, sourceRef: `${sourceRef} #more` }] : events;
}

/**
 * The message in PARSE_SLICE_BYTES slices, letting other work run between them (also how a
 * customer's answer to a reply is parsed, server/leads/replies/inbound-reply.ts).
 */
export async function* inSlices(message: Buffer): AsyncGenerator<Buffer> {
  for (let start = 0; start < message.length; start += PARSE_SLICE_BYTES) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    yield message.subarray(start, start + PARSE_SLICE_BYTES);
  }
}

type Entry = Omit<ReadReturn, "sourceRef" | "at">;
/** What a report says; `unread`: recipients past the cap, counted but not read. */
type Report = "unreadable" | { returns: Entry[]; unreadable?: string; unread?: number };

async function readReport(parsed: ParsedMail): Promise<Report> {
  for (const part of parsed.attachments) {
    const type = part.contentType.toLowerCase();
    if (DELIVERY_STATUS.has(type)) {
      // The per-message block and at most the cap of recipients are read (each block is a run
      // of mailparser, the costly part); later recipients are only counted, by their field.
      const text = part.content.toString("utf8");
      const { blocks, rest } = fieldBlocks(text, 1 + REPORT_RECIPIENT_CAP);
      const unread = rest.match(RECIPIENT_FIELD)?.length ?? 0;
      const report = readDeliveryStatus(await readFieldGroups(blocks));
      return unread && !report.unreadable ? { ...report, unread } : report;
    }
    if (type === FEEDBACK_REPORT)
      return readFeedbackReport(await readFieldGroups(part.content.toString("utf8")));
  }
  return "unreadable";
}

/** The per-recipient groups of a DSN (after its per-message group), as bounces. */
function readDeliveryStatus(groups: FieldGroup[]): Exclude<Report, "unreadable"> {
  const recipients = groups.filter((group) => group.has("final-recipient"));
  if (!recipients.length) return { returns: [], unreadable: "A DSN without recipients" };
  const returns: Entry[] = [];
  for (const group of recipients) {
    const action = field(group, "action")?.toLowerCase();
    // The code, without the comment some servers add: "5.1.1 (bad destination mailbox)".
    const status = /^[245]\.\d{1,3}\.\d{1,3}\b/.exec(field(group, "status") ?? "")?.[0];
    const type = bounceType(action, status);
    if (type === "not-a-bounce") continue;
    const email = rfc822Address(field(group, "final-recipient")) ?? null;
    const diagnostic = field(group, "diagnostic-code") ?? `Action: ${action ?? "none"}`;
    if (type === "unreadable")
      return { returns: [], unreadable: `A DSN with Action ${action} and no readable Status` };
    returns.push({
      type,
      email,
      status: status ?? null,
      // The tag, not the report, names the subscriber: recordReturnedMail keeps an address here
      // that is not theirs only as a hash (server/privacy/third-parties.ts).
      detail: `${email ?? "unknown recipient"}: ${diagnostic}`,
    });
  }
  return { returns };
}

/**
 * RFC 3464's Action with RFC 3463's status class: "failed" with 5.x.x is a hard bounce; a
 * failure with 4.x.x (the sender gave up retrying) or a delay is a soft one. Delivered, relayed
 * and expanded are successes and nothing to record.
 */
function bounceType(
  action: string | undefined,
  status: string | undefined,
): "hard-bounce" | "soft-bounce" | "not-a-bounce" | "unreadable" {
  if (action === "delivered" || action === "relayed" || action === "expanded")
    return "not-a-bounce";
  if (action === "delayed") return "soft-bounce";
  if (action !== "failed") return "unreadable";
  // 5.2.2 is "mailbox full": the mailbox exists and its owner can empty it, so it is a soft
  // bounce (three in 14 days still suppress), not a reason to stop mailing the person at once.
  if (status === "5.2.2") return "soft-bounce";
  if (status?.startsWith("5.")) return "hard-bounce";
  if (status?.startsWith("4.")) return "soft-bounce";
  return "unreadable";
}

/**
 * Feedback types a person's "this is spam" makes (RFC 5965 §7.3). `not-spam` is the opposite,
 * and `auth-failure` (RFC 6591) reports our authentication, not the recipient's wish.
 */
const COMPLAINTS = new Set(["abuse", "fraud", "virus", "other"]);

/** An ARF report as complaints, one per Original-Rcpt-To (often redacted: then one, unnamed). */
function readFeedbackReport(groups: FieldGroup[]): Report {
  const group = groups[0];
  const feedbackType = group && field(group, "feedback-type")?.toLowerCase();
  if (!group || !feedbackType) return { returns: [], unreadable: "An ARF report without a type" };
  if (feedbackType === "not-spam") return { returns: [] };
  if (!COMPLAINTS.has(feedbackType))
    return { returns: [], unreadable: `An ARF report of type ${feedbackType}` };
  const reporter = field(group, "user-agent") ?? field(group, "reported-domain") ?? "unknown";
  const recipients = (group.get("original-rcpt-to") ?? [])
    .map((value) => rfc822Address(value))
    .filter((address): address is string => !!address);
  return {
    returns: (recipients.length ? recipients : [null]).map((email) => ({
      type: "complaint" as const,
      email,
      status: null,
      detail: `${email ?? "unnamed recipient"}: complaint (${feedbackType}) reported by ${reporter}`,
    })),
  };
}
