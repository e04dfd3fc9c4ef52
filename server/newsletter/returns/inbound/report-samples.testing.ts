/**
 * Returned messages as mail servers write them, for tests: a delivery status notification
 * (RFC 3464), an abuse report (ARF, RFC 5965) and an auto-reply. Each is a whole message
 * (headers and MIME body, CRLF line ends) that nodemailer can send as `raw`. And the address
 * such a report goes to for a subscriber's mail.
 */
import type { DB } from "../../../db/database";
import { returnAddress } from "../return-path";

/**
 * The newsletter confirmation queued for `email`: the subscription's id, the e-mail's outbox id,
 * and the return path (`inbound`'s) it goes out with, which a report about it is sent to.
 */
export async function confirmationReturnPath(
  db: DB,
  inbound: { domain: string; secret: string },
  email: string,
) {
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .innerJoin("outbox", "outbox.lead_id", "newsletter_subscriptions.id")
    .select(["newsletter_subscriptions.id as subscriptionId", "outbox.id as outboxId"])
    .where("newsletter_subscriptions.email", "=", email)
    .executeTakeFirstOrThrow();
  return { ...row, returnPath: returnAddress(inbound, "m", row.subscriptionId, row.outboxId) };
}

/** One recipient's group of a DSN. */
export interface DsnRecipient {
  email: string;
  action: string;
  status: string;
  diagnostic?: string;
}

function lines(...parts: string[]): string {
  return parts.join("\r\n");
}

/** The headers of the newsletter a report returns. */
const ORIGINAL_HEADERS = ["From: Newsletter <news@site.test>", "Subject: Our November news"];

/**
 * A report (RFC 6522) as a mail server writes one: a part for people, the part for programs and
 * the returned message, each a content type followed by its lines.
 */
function multipartReport(report: {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  reportType: string;
  boundary: string;
  parts: [type: string, ...body: string[]][];
}): string {
  const { boundary } = report;
  return lines(
    `From: ${report.from}`,
    `To: ${report.to}`,
    `Subject: ${report.subject}`,
    `Message-ID: ${report.messageId}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=${report.reportType}; boundary="${boundary}"`,
    "",
    ...report.parts.flatMap(([type, ...body]) => [
      `--${boundary}`,
      `Content-Type: ${type}`,
      "",
      ...body,
    ]),
    `--${boundary}--`,
    "",
  );
}

export function dsnMessage({
  to,
  messageId = "<dsn-1@mx.example.net>",
  recipients,
}: {
  to: string;
  messageId?: string;
  recipients: DsnRecipient[];
}): string {
  const groups = recipients.map((r) =>
    lines(
      `Final-Recipient: rfc822; ${r.email}`,
      `Action: ${r.action}`,
      `Status: ${r.status}`,
      // Folded, as MTAs write long diagnostics.
      ...(r.diagnostic
        ? [`Diagnostic-Code: smtp; ${r.diagnostic}`, "  (folded continuation)"]
        : []),
    ),
  );
  return multipartReport({
    from: "Mail Delivery System <MAILER-DAEMON@mx.example.net>",
    to,
    subject: "Undelivered Mail Returned to Sender",
    messageId,
    reportType: "delivery-status",
    boundary: "dsn-boundary",
    parts: [
      [
        "text/plain; charset=us-ascii",
        "Your message could not be delivered to one or more recipients.",
        "",
      ],
      [
        "message/delivery-status",
        "Reporting-MTA: dns; mx.example.net",
        "Arrival-Date: Fri, 27 Nov 2026 04:00:00 +0000",
        "",
        groups.join("\r\n\r\n"),
        "",
      ],
      ["text/rfc822-headers", ...ORIGINAL_HEADERS, ""],
    ],
  });
}

export function arfMessage({
  to,
  messageId = "<arf-1@fbl.example.net>",
  feedbackType = "abuse",
  rcptTo,
}: {
  to: string;
  messageId?: string;
  feedbackType?: string;
  /** Original-Rcpt-To; providers often leave it out (redacted). */
  rcptTo?: string;
}): string {
  return multipartReport({
    from: "Feedback Loop <fbl@example.net>",
    to,
    subject: "Abuse report",
    messageId,
    reportType: "feedback-report",
    boundary: "arf-boundary",
    parts: [
      ["text/plain", "This is an email abuse report.", ""],
      [
        "message/feedback-report",
        `Feedback-Type: ${feedbackType}`,
        "User-Agent: ExampleFBL/1.0",
        "Version: 1",
        "Original-Mail-From: <bounce+tag@inbound.site.test>",
        ...(rcptTo ? [`Original-Rcpt-To: <${rcptTo}>`] : []),
        "Arrival-Date: Fri, 27 Nov 2026 04:00:00 +0000",
        "",
      ],
      ["message/rfc822", ...ORIGINAL_HEADERS, "", "Hello."],
    ],
  });
}

export function autoReplyMessage({
  to,
  messageId = "<ooo-1@mail.example.com>",
}: {
  to: string;
  messageId?: string;
}): string {
  return lines(
    "From: Ama Mensah <ama@example.com>",
    `To: ${to}`,
    "Subject: Out of office",
    `Message-ID: ${messageId}`,
    "Auto-Submitted: auto-replied",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "I am away until Monday.",
    "",
  );
}

/**
 * A report of `recipients` failed deliveries, each to a short address so that 15,000 fit under
 * the listener's 1 MB limit, as an attacker would write it (the flood test, bench/returns.ts).
 */
export function floodReport(to: string, recipients: number, messageId?: string): string {
  return dsnMessage({
    to,
    messageId,
    recipients: Array.from({ length: recipients }, (_, i) => ({
      email: `${i.toString(36)}@x.io`,
      action: "failed",
      status: "5.1.1",
    })),
  });
}
