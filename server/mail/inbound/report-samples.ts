/**
 * Returned messages as mail servers write them, for tests: a delivery status notification
 * (RFC 3464), an abuse report (ARF, RFC 5965) and an auto-reply. Each is a whole message
 * (headers and MIME body, CRLF line ends) that nodemailer can send as `raw`.
 */

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
  return lines(
    "From: Mail Delivery System <MAILER-DAEMON@mx.example.net>",
    `To: ${to}`,
    "Subject: Undelivered Mail Returned to Sender",
    `Message-ID: ${messageId}`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn-boundary"',
    "",
    "--dsn-boundary",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "Your message could not be delivered to one or more recipients.",
    "",
    "--dsn-boundary",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.net",
    "Arrival-Date: Fri, 27 Nov 2026 04:00:00 +0000",
    "",
    groups.join("\r\n\r\n"),
    "",
    "--dsn-boundary",
    "Content-Type: text/rfc822-headers",
    "",
    "From: Newsletter <news@site.test>",
    "Subject: Our November news",
    "",
    "--dsn-boundary--",
    "",
  );
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
  return lines(
    "From: Feedback Loop <fbl@example.net>",
    `To: ${to}`,
    "Subject: Abuse report",
    `Message-ID: ${messageId}`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf-boundary"',
    "",
    "--arf-boundary",
    "Content-Type: text/plain",
    "",
    "This is an email abuse report.",
    "",
    "--arf-boundary",
    "Content-Type: message/feedback-report",
    "",
    `Feedback-Type: ${feedbackType}`,
    "User-Agent: ExampleFBL/1.0",
    "Version: 1",
    "Original-Mail-From: <bounce+tag@inbound.site.test>",
    ...(rcptTo ? [`Original-Rcpt-To: <${rcptTo}>`] : []),
    "Arrival-Date: Fri, 27 Nov 2026 04:00:00 +0000",
    "",
    "--arf-boundary",
    "Content-Type: message/rfc822",
    "",
    "From: Newsletter <news@site.test>",
    "Subject: Our November news",
    "",
    "Hello.",
    "--arf-boundary--",
    "",
  );
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
