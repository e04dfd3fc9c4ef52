import { createHash } from "node:crypto";
import { type ParsedMail, simpleParser } from "mailparser";
import type { ReturnedMail } from "../returns";
import { type FieldGroup, field, readFieldGroups, rfc822Address } from "./report-fields";

/** What a returned message says, before the listener adds the tag it came back to. */
export type ReadReturn = Omit<ReturnedMail, "tag" | "source">;

/** The part types that carry a DSN's fields (RFC 6533's is the UTF-8 form of RFC 3464's). */
const DELIVERY_STATUS = new Set(["message/delivery-status", "message/global-delivery-status"]);
const FEEDBACK_REPORT = "message/feedback-report";

/**
 * Reads one message that came back to a return address: a delivery status notification
 * (RFC 3464) gives one bounce per recipient that failed or was delayed, an abuse report (ARF,
 * RFC 5965) one complaint per recipient it names, and anything else (an auto-reply, spam, a
 * report we cannot read) one "unclassified" event holding the message, kept for a person to
 * review. A DSN that reports only deliveries gives nothing. docs/mail-deliverability.md.
 */
export async function readReturnedMessage(message: Buffer, now: Date): Promise<ReadReturn[]> {
  let parsed: ParsedMail | undefined;
  let report: Report = "unreadable";
  try {
    parsed = await simpleParser(message, {
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
  // Several recipients in one report: each is its own event, so each gets its own ref.
  return report.returns.map((entry, index, all) => ({
    ...entry,
    sourceRef: all.length > 1 ? `${sourceRef} #${index + 1}` : sourceRef,
    at: now,
  }));
}

type Entry = Omit<ReadReturn, "sourceRef" | "at">;
type Report = "unreadable" | { returns: Entry[]; unreadable?: string };

async function readReport(parsed: ParsedMail): Promise<Report> {
  for (const part of parsed.attachments) {
    const type = part.contentType.toLowerCase();
    if (DELIVERY_STATUS.has(type))
      return readDeliveryStatus(await readFieldGroups(part.content.toString("utf8")));
    if (type === FEEDBACK_REPORT)
      return readFeedbackReport(await readFieldGroups(part.content.toString("utf8")));
  }
  return "unreadable";
}

/** The per-recipient groups of a DSN (after its per-message group), as bounces. */
function readDeliveryStatus(groups: FieldGroup[]): Report {
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
      // that is not theirs only as a hash (server/mail/third-parties.ts).
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
