/**
 * Sends a campaign's copies as the outbox hands them over (campaign-sending.ts made them). Each
 * copy is rendered when it goes out, for the subscriber as they are then: one who has left since
 * the campaign started gets nothing, and every copy carries its reader's own unsubscribe links
 * and the one-click List-Unsubscribe headers.
 */
import type { DB } from "../db/database";
import type { Deliverer } from "../mail/outbox";
import { newsletterMail } from "../mail/templates";
import type { MailTransport } from "../mail/transports";
import { CAMPAIGN_KIND } from "./campaigns";
import { type RenderedNewsletter, renderNewsletter } from "./content";
import { unsubscribeLinks } from "./links";

/** Campaigns whose rendering is kept; a campaign's text cannot change once it has started. */
const RENDERED_KEPT = 8;

export function campaignDeliverers({
  db,
  transport,
  publicUrl,
}: {
  db: DB;
  transport: MailTransport;
  publicUrl: string;
}): Record<typeof CAMPAIGN_KIND, Deliverer> {
  const rendered = new Map<string, RenderedNewsletter>();

  function content(campaignId: string, campaign: { subject: string; markdown: string }) {
    let content = rendered.get(campaignId);
    if (!content) {
      content = renderNewsletter(campaign);
      if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
      rendered.set(campaignId, content);
    }
    return content;
  }

  return {
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
      if (subscriber?.status !== "confirmed") return "cancelled";
      await transport.send(
        newsletterMail(
          subscriber.email,
          content(campaignId, campaign),
          unsubscribeLinks(publicUrl, subscriber.unsubscribe_token),
        ),
        id,
      );
    },
  };
}
