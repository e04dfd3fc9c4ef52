/**
 * Sending one message to a subscriber (a campaign copy, a confirmation, the welcome e-mail), as
 * docs/mail-deliverability.md says: never to a suppressed address (checked again at the send,
 * whatever was checked when it was queued), with our own return path and the headers by which a
 * bounce or complaint finds its way back, and a permanent refusal by the recipient's server
 * recorded as the hard bounce it is.
 */
import type { DeliverabilityConfig } from "../config-deliverability";
import type { DB } from "../db/database";
import type { SubscriberAlerts } from "./subscribers/lifecycle";
import type { BrakeAlert } from "./returns/brake";
import type { MailMessage } from "../mail/message";
import type { Unsent } from "../mail/outbox";
import { BOUNCE_LOCAL_PREFIX, type ReturnTagKind, returnAddress } from "./returns/return-path";
import { isSuppressed, recordReturnedMail } from "./returns/returns";
import type { MailTransport } from "../mail/transports";
import { safeError } from "../privacy/log-safety";

export interface SubscriberMailOptions {
  db: DB;
  transport: MailTransport;
  deliverability: DeliverabilityConfig;
  /** The site's address: its host names us in Feedback-ID when mail is not DKIM-signed. */
  publicUrl: string;
  subscriberAlerts?: SubscriberAlerts;
  brake?: BrakeAlert;
}

/** Which message this is, for its return path and its Feedback-ID. */
export interface SubscriberMessageRef {
  /** The outbox row's id. */
  id: string;
  /** Its outbox kind. */
  kind: string;
  subscriptionId: string;
  /** Set for a campaign copy. */
  campaignId?: string;
}

/** The header Postmark hands back in its bounce webhooks: our tag, to find the message. */
export const BOUNCE_TAG_HEADER = "X-PM-Metadata-bounce-tag";

/**
 * The message with its return path (`bounce+<tag>@INBOUND_MAIL_DOMAIN`, when inbound mail is
 * configured), Feedback-ID and bounce-tag headers.
 */
export function withReturnPath(
  message: MailMessage,
  ref: SubscriberMessageRef,
  { deliverability, publicUrl }: Pick<SubscriberMailOptions, "deliverability" | "publicUrl">,
): MailMessage {
  // Gmail's Feedback-ID is a:b:c:SenderId, most specific first; its complaint reports are
  // counted by each part: here the campaign (or the kind), the kind, the stream, and us.
  const sender = deliverability.dkim?.domain ?? new URL(publicUrl).hostname;
  const headers: Record<string, string> = {
    ...message.headers,
    "Feedback-ID": `${ref.campaignId ?? ref.kind}:${ref.kind}:newsletter:${sender}`,
  };
  const inbound = deliverability.inbound;
  if (!inbound) return { ...message, headers };
  // Kind c names the campaign, kind m the outbox row: see server/newsletter/returns/return-path.ts.
  const [kind, refId]: [ReturnTagKind, string] = ref.campaignId
    ? ["c", ref.campaignId]
    : ["m", ref.id];
  const envelopeFrom = returnAddress(inbound, kind, ref.subscriptionId, refId);
  const tag = envelopeFrom.slice(BOUNCE_LOCAL_PREFIX.length, envelopeFrom.lastIndexOf("@"));
  return { ...message, envelopeFrom, headers: { ...headers, [BOUNCE_TAG_HEADER]: tag } };
}

/** A mail server's refusal as nodemailer reports it. */
interface SmtpRefusal {
  responseCode: number;
  response?: string;
}

function permanentRefusal(error: unknown): SmtpRefusal | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600 ? (error as SmtpRefusal) : null;
}

/**
 * Sends the message unless its address is suppressed. A permanent (5xx) refusal becomes a hard
 * bounce of source "send" and the copy fails at once, without retries; a temporary one (4xx) or
 * any other failure throws, and the outbox tries again later.
 */
export async function sendToSubscriber(
  options: SubscriberMailOptions,
  message: MailMessage,
  ref: SubscriberMessageRef,
): Promise<void | Unsent> {
  if (await isSuppressed(options.db, message.to)) {
    return { status: "cancelled", outcome: "suppressed" };
  }
  try {
    await options.transport.send(withReturnPath(message, ref, options), ref.id);
  } catch (error) {
    const refusal = permanentRefusal(error);
    if (!refusal) throw error;
    const response = (refusal.response ?? String(refusal.responseCode)).slice(0, 500);
    await recordReturnedMail(
      options.db,
      {
        source: "send",
        // One refusal per copy: a copy fails for good at its first.
        sourceRef: ref.id,
        type: "hard-bounce",
        email: message.to,
        outboxId: ref.id,
        status: /\b5\.\d{1,3}\.\d{1,3}\b/.exec(response)?.[0] ?? null,
        detail: response,
        at: new Date(),
      },
      { subscriberAlerts: options.subscriberAlerts, brake: options.brake },
    );
    // The outbox keeps errors without addresses (server/privacy/log-safety.ts); the event has the detail.
    return { status: "failed", outcome: "hard-bounce", error: safeError(error) };
  }
}
