import * as z from "zod/mini";
import { readReturnAddress } from "../return-path";
import type { ReturnedMail } from "../returns";

/**
 * Amazon SES's bounce and complaint events, as SNS delivers them in a Notification's Message:
 * both SES's notifications (`notificationType`) and its event publishing (`eventType`) have
 * this shape. Only the fields we read are named; the rest is ignored.
 */
const Recipient = z.object({
  emailAddress: z.string(),
  status: z.optional(z.string()),
  diagnosticCode: z.optional(z.string()),
});
const SesEvent = z.object({
  notificationType: z.optional(z.string()),
  eventType: z.optional(z.string()),
  mail: z.optional(z.object({ source: z.optional(z.string()) })),
  bounce: z.optional(
    z.object({
      bounceType: z.string(),
      bounceSubType: z.optional(z.string()),
      bouncedRecipients: z.array(Recipient),
    }),
  ),
  complaint: z.optional(
    z.object({
      complainedRecipients: z.array(Recipient),
      complaintFeedbackType: z.optional(z.string()),
    }),
  ),
});

/** The largest SES message kept whole when it cannot be read (SNS's own limit is 256 KB). */
const RAW_LIMIT = 256 * 1024;

/** `Ama <ama@example.com>` or `ama@example.com` → the address. */
function bareAddress(value: string): string {
  return /<([^>]+)>/.exec(value)?.[1] ?? value.trim();
}

/**
 * The returned mail one SES event reports: a Permanent bounce is hard, a Transient or
 * Undetermined one soft (SES could not tell, so it counts toward the three soft bounces rather
 * than suppressing at once); a complaint is one unless its feedback type is `not-spam`. Other
 * events (deliveries, opens, sends) report nothing. The tag comes from `mail.source`, the
 * envelope sender SES was given; without a verified one the event is recorded by its address.
 * `messageId` is SNS's: with the recipient, it makes each event's ref, so a retry is recorded once.
 */
export function sesReturns(
  message: string,
  messageId: string,
  inbound: { domain: string; secret: string } | undefined,
  now: Date,
): ReturnedMail[] {
  const event = readEvent(message);
  if (!event) {
    return [
      {
        source: "ses",
        sourceRef: messageId,
        type: "unclassified",
        email: null,
        status: null,
        detail: "An SES notification that is not a bounce or complaint event we can read",
        raw: message.slice(0, RAW_LIMIT),
        at: now,
      },
    ];
  }
  const source = event.mail?.source;
  const tag = inbound && source ? readReturnAddress(inbound, bareAddress(source)) : undefined;
  const returned = (
    type: ReturnedMail["type"],
    recipient: z.output<typeof Recipient>,
    detail: string,
  ): ReturnedMail => {
    const email = bareAddress(recipient.emailAddress);
    const status = recipient.status && /^\d\.\d{1,3}\.\d{1,3}$/.test(recipient.status);
    return {
      source: "ses",
      sourceRef: `${messageId} ${email.toLowerCase()}`,
      type,
      email,
      ...(tag ? { tag } : {}),
      status: status ? (recipient.status ?? null) : null,
      detail: `${email}: ${detail}`,
      at: now,
    };
  };
  const kind = event.notificationType ?? event.eventType;
  if (kind === "Bounce" && event.bounce) {
    const { bounceType, bounceSubType, bouncedRecipients } = event.bounce;
    const type = bounceType === "Permanent" ? "hard-bounce" : "soft-bounce";
    return bouncedRecipients.map((r) =>
      returned(type, r, `${bounceType}/${bounceSubType ?? "-"} ${r.diagnosticCode ?? ""}`.trim()),
    );
  }
  if (kind === "Complaint" && event.complaint) {
    const feedbackType = event.complaint.complaintFeedbackType ?? "abuse";
    if (feedbackType === "not-spam") return [];
    return event.complaint.complainedRecipients.map((r) =>
      returned("complaint", r, `complaint (${feedbackType}) reported through SES`),
    );
  }
  return [];
}

function readEvent(message: string): z.output<typeof SesEvent> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return undefined;
  }
  const result = z.safeParse(SesEvent, json);
  return result.success ? result.data : undefined;
}
