/**
 * A customer's answer to a reply as Postmark's inbound webhook posts it (for a company that runs
 * no SMTP listener of its own: docs/mail-deliverability.md, "Answers to sales: reply+
 * addresses"). Postmark has parsed the message already; what we read of it is the sender, the
 * subject, the text and the addresses it went to, whose verified `reply+` tags name the leads.
 * The route is registered beside Postmark's bounce events
 * (server/newsletter/returns/inbound/provider-routes.ts), with the same credentials.
 */
import * as z from "zod/mini";
import { type InboundAnswer, textOfHtml } from "./inbound-reply";
import { readReplyAddress } from "./reply-address";

/** As long as an address may be (RFC 5321's path). */
const ADDRESS = z.string().check(z.maxLength(320));
const Recipient = z.object({ Email: ADDRESS });
/** More recipients than any answer has; a bigger list is no answer to us. */
const Recipients = z.array(Recipient).check(z.maxLength(50));

/**
 * What Postmark's inbound webhook posts; only the fields we read (the rest, attachments
 * included, are dropped). `From` and `ToFull` are in every message Postmark sends.
 */
export const PostmarkInbound = z.object({
  From: z.string().check(z.maxLength(1000)),
  FromFull: z.optional(z.object({ Email: z.optional(ADDRESS) })),
  ToFull: Recipients,
  CcFull: z.optional(Recipients),
  OriginalRecipient: z.optional(ADDRESS),
  Subject: z.optional(z.string()),
  TextBody: z.optional(z.string()),
  HtmlBody: z.optional(z.string()),
  StrippedTextReply: z.optional(z.string()),
  MessageID: z.optional(z.string().check(z.maxLength(200))),
});
export type PostmarkInbound = z.output<typeof PostmarkInbound>;

/**
 * The leads (API keys) the message's verified `reply+` recipients name: its To and Cc, and the
 * address it was delivered to (OriginalRecipient), which is the reply+ address itself when the
 * inbound domain's MX points at Postmark. Unknown and forged addresses name none.
 */
export function answeredLeads(
  message: PostmarkInbound,
  inbound: { domain: string; secret: string } | undefined,
): string[] {
  if (!inbound) return [];
  const addresses = [
    ...message.ToFull.map((to) => to.Email),
    ...(message.CcFull ?? []).map((cc) => cc.Email),
    ...(message.OriginalRecipient ? [message.OriginalRecipient] : []),
  ];
  const leads = addresses
    .map((address) => readReplyAddress(inbound, address))
    .filter((lead): lead is string => !!lead);
  return [...new Set(leads)];
}

/**
 * The answer as recordAnswer takes it. The whole text, not Postmark's StrippedTextReply, so that
 * the quoted history is cut by the same rules as an answer through the listener; a message with
 * no text part has its HTML read as text, as the listener's parser does.
 */
export async function postmarkAnswer(message: PostmarkInbound): Promise<InboundAnswer> {
  const text = [message.TextBody, message.StrippedTextReply].find((t) => t?.trim()) ?? "";
  return {
    from: message.FromFull?.Email || message.From,
    subject: message.Subject ?? "",
    text: text || (message.HtmlBody ? await textOfHtml(message.HtmlBody) : ""),
  };
}
