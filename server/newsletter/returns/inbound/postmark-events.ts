import * as z from "zod/mini";
import { readReturnTag } from "../return-path";
import type { ReturnedMail } from "../returns";

/** What a Postmark bounce or spam-complaint webhook posts; only the fields we read. */
export const PostmarkEvent = z.object({
  RecordType: z.string().check(z.maxLength(50)),
  ID: z.optional(z.union([z.number(), z.string().check(z.maxLength(100))])),
  Type: z.optional(z.string().check(z.maxLength(50))),
  Email: z.optional(z.string().check(z.maxLength(320))),
  Description: z.optional(z.string()),
  Details: z.optional(z.string()),
  Metadata: z.optional(z.record(z.string(), z.unknown())),
});
export type PostmarkEvent = z.output<typeof PostmarkEvent>;

/**
 * Postmark's bounce types (its API documentation, "Bounce types") as ours. Hard: the address
 * does not exist or cannot take mail. Soft: a temporary failure at the recipient's end, counted
 * toward the three soft bounces. Everything else says nothing certain about the address (an
 * auto-reply, an address change, a block because of our content or reputation, a DMARC
 * rejection of our domain, Postmark's own errors): unclassified, kept for a person to review.
 */
const BOUNCE_TYPES: Record<string, ReturnedMail["type"]> = {
  HardBounce: "hard-bounce",
  BadEmailAddress: "hard-bounce",
  SoftBounce: "soft-bounce",
  Transient: "soft-bounce",
  DnsError: "soft-bounce",
  SpamComplaint: "complaint",
};

/** The header the sending side sets so the tag comes back in the event's Metadata. */
export const POSTMARK_TAG_METADATA = "bounce-tag";

/**
 * The returned mail one Postmark event reports, or null for record types that are not about a
 * return (deliveries, opens, clicks, subscription changes). Postmark reports no envelope, so
 * the tag is read from the Metadata the message carried; without a verified one the event is
 * recorded by its address. The ref is Postmark's ID, so a retried webhook is recorded once.
 */
export function postmarkReturn(
  event: PostmarkEvent,
  inbound: { domain: string; secret: string } | undefined,
  now: Date,
): ReturnedMail | null {
  if (event.RecordType !== "Bounce" && event.RecordType !== "SpamComplaint") return null;
  const type =
    event.RecordType === "SpamComplaint"
      ? "complaint"
      : (BOUNCE_TYPES[event.Type ?? ""] ?? "unclassified");
  const tagText = event.Metadata?.[POSTMARK_TAG_METADATA];
  const tag =
    inbound && typeof tagText === "string" ? readReturnTag(inbound.secret, tagText) : undefined;
  const email = event.Email ?? null;
  return {
    source: "postmark",
    sourceRef: event.ID === undefined ? null : String(event.ID),
    type,
    email,
    ...(tag ? { tag } : {}),
    status: null,
    detail:
      `${email ?? "unknown recipient"}: ${event.Type ?? event.RecordType} ${event.Description ?? ""}`.trim(),
    ...(type === "unclassified" ? { raw: JSON.stringify(event) } : {}),
    at: now,
  };
}
