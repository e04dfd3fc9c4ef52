/** One e-mail, as stored in the outbox and handed to a transport. */
export interface MailMessage {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
  /**
   * The envelope sender (SMTP MAIL FROM, the Return-Path), when it is not the From address:
   * subscriber mail's `bounce+<tag>@INBOUND_MAIL_DOMAIN` (newsletter/returns/return-path.ts), where
   * bounces go.
   */
  envelopeFrom?: string;
  /**
   * The From's display name in place of MAIL_FROM's, the address staying MAIL_FROM's (a reply to
   * a lead goes out as "Ama Mensah at <company>", signed for the company's domain like all mail).
   */
  fromName?: string;
  /** Named values for template-based providers (EmailJS): from_name, from_email, … */
  params: Record<string, string>;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * Makes visitor text safe for a one-line header such as the subject: control characters
 * (CR and LF included, the stuff of header injection) become spaces.
 */
export function oneLine(value: string, max = 150): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .trim()
      .slice(0, max)
  );
}

/**
 * An e-mail rendered for one member of staff (or the team's address), as the outbox stores it,
 * with the EmailJS parameters each such mail carries (`extra`: a template's own, such as a link).
 */
export function staffMail(
  recipient: { email: string; name: string },
  rendered: { subject: string; html: string; text: string },
  extra: Record<string, string> = {},
): MailMessage {
  return {
    to: recipient.email,
    ...rendered,
    params: {
      to_email: recipient.email,
      to_name: oneLine(recipient.name),
      ...extra,
      message: rendered.text,
    },
  };
}
