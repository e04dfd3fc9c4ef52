/**
 * Sends a campaign's copies as the outbox hands them over (campaign-sending.ts made them), and
 * the other subscriber mail (confirmations, the welcome e-mail) through the same checks
 * (subscriber-mail.ts). Each copy is rendered when it goes out, for the subscriber as they are
 * then: one who has left since the campaign started, or whose address has been suppressed, gets
 * nothing, and every copy carries its reader's own unsubscribe links and the one-click
 * List-Unsubscribe headers.
 */
import type { Deliverer } from "../mail/outbox";
import type { MailMessage } from "../mail/message";
import { newsletterMail } from "../mail/templates";
import { CAMPAIGN_KIND } from "./campaigns";
import { type RenderedNewsletter, renderNewsletter } from "./content";
import { unsubscribeLinks } from "./links";
import { type SubscriberMailOptions, sendToSubscriber } from "./subscriber-mail";

/** Campaigns whose rendering is kept; a campaign's text cannot change once it has started. */
const RENDERED_KEPT = 8;

/** The outbox kinds of subscriber mail besides campaign copies (db/newsletter-subscriptions.ts). */
export const SUBSCRIBER_MAIL_KINDS = ["newsletter-confirmation", "newsletter-welcome"] as const;

export function campaignDeliverers(
  options: SubscriberMailOptions,
): Record<typeof CAMPAIGN_KIND | (typeof SUBSCRIBER_MAIL_KINDS)[number], Deliverer> {
  const { db, publicUrl } = options;
  const rendered = new Map<string, Promise<RenderedNewsletter>>();

  /**
   * The campaign's rendering, made once (in the render worker, markdown.ts) and shared by every
   * copy: the promise is kept, so copies sent while it renders wait for the same one.
   */
  function content(campaignId: string, campaign: { subject: string; markdown: string }) {
    let content = rendered.get(campaignId);
    if (!content) {
      content = renderNewsletter(campaign);
      if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
      rendered.set(campaignId, content);
    }
    return content;
  }

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
      const message = newsletterMail(
        subscriber.email,
        await content(campaignId, campaign),
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
