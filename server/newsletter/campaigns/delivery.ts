/**
 * Sends a campaign's copies as the outbox hands them over (campaign-sending.ts made them), and
 * the other subscriber mail (confirmations, the welcome e-mail) through the same checks
 * (subscriber-mail.ts). Each copy is rendered when it goes out, for the subscriber as they are
 * then: one who has left since the campaign started, or whose address has been suppressed, gets
 * nothing, and every copy carries its reader's own unsubscribe links and the one-click
 * List-Unsubscribe headers.
 */
import type { OutboxKind } from "../../db/schema";
import type { Deliverer } from "../../mail/outbox";
import type { MailMessage } from "../../mail/message";
import { newsletterMail } from "../../mail/emails/newsletter-mail";
import { CAMPAIGN_KIND } from "./campaigns";
import { renderNewsletter } from "../markdown/content";
import { unsubscribeLinks } from "../links";
import { type SubscriberMailOptions, sendToSubscriber } from "../subscriber-mail";

/** The outbox kinds of subscriber mail besides campaign copies (../subscribers/lifecycle.ts). */
export const SUBSCRIBER_MAIL_KINDS = [
  "newsletter-confirmation",
  "newsletter-welcome",
] as const satisfies readonly OutboxKind[];

export function campaignDeliverers(
  options: SubscriberMailOptions,
): Record<typeof CAMPAIGN_KIND | (typeof SUBSCRIBER_MAIL_KINDS)[number], Deliverer> {
  const { db, publicUrl } = options;
  // A confirmation or welcome e-mail was composed when it was queued: only the checks remain.
  const sendStored =
    (kind: string): Deliverer =>
    (payload, id, subscriptionId) =>
      sendToSubscriber(options, JSON.parse(payload) as MailMessage, { id, kind, subscriptionId });

  return {
    "newsletter-confirmation": sendStored("newsletter-confirmation"),
    "newsletter-welcome": sendStored("newsletter-welcome"),
    async [CAMPAIGN_KIND](payload, id, subscriptionId) {
      const { campaignId } = JSON.parse(payload) as { campaignId: string };
      // Read at each copy: a pause or cancel made after the copy was claimed still holds.
      const campaign = await db
        .selectFrom("newsletter_campaigns")
        .select(["status", "subject", "markdown"])
        .where("id", "=", campaignId)
        .executeTakeFirst();
      if (!campaign || campaign.status === "cancelled") return "cancelled";
      if (campaign.status === "paused") return "held";
      const subscriber = await db
        .selectFrom("newsletter_subscriptions")
        .select(["email", "status", "unsubscribe_token"])
        .where("id", "=", subscriptionId)
        .executeTakeFirst();
      if (subscriber?.status !== "confirmed") {
        return { status: "cancelled", outcome: "unsubscribed" };
      }
      const message = await newsletterMail(
        subscriber.email,
        // Rendered once for the campaign: ../markdown/markdown.ts keeps each Markdown's rendering.
        await renderNewsletter(campaign, { db, publicUrl }),
        unsubscribeLinks(publicUrl, subscriber.unsubscribe_token),
      );
      return sendToSubscriber(options, message, {
        id,
        kind: CAMPAIGN_KIND,
        subscriptionId,
        campaignId,
      });
    },
  };
}
