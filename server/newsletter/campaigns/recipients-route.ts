import type { FastifyInstance } from "fastify";
import { NO_CAMPAIGN, campaignsApi } from "../../../staff-api/newsletter";
import { RECIPIENT_CSV_COLUMNS, type Recipient, campaignRecipients } from "./campaign-recipients";
import { routesOn } from "../../http/contract-routes";
import { sendExport } from "../../http/list-routes";
import type { StaffRoutesOptions } from "../../staff-api-routes";

/**
 * GET /api/staff/campaigns/:id/recipients.csv: each recipient of a campaign once, with its state
 * (server/newsletter/campaigns/campaign-recipients.ts), streamed and audited like the subscribers' export.
 */
export function recipientsCsvRoute(
  app: FastifyInstance,
  { db, now, checkAnswers }: StaffRoutesOptions,
): void {
  const route = routesOn(app, { checkAnswers });
  route(
    campaignsApi.recipientsCsv,
    "campaign recipients export",
    async ({ params: { id }, request, reply, refuse }) => {
      const campaign = await db
        .selectFrom("newsletter_campaigns")
        .select("started_at")
        .where("id", "=", id)
        .executeTakeFirst();
      if (!campaign) throw refuse(404, NO_CAMPAIGN);
      const startedAt = campaign.started_at;
      return sendExport(db, request, reply, {
        action: "campaign.recipients-export",
        at: now(),
        name: "campaign-recipients",
        detail: { campaign: id },
        count: async (trx) =>
          Number(
            (
              await trx
                .selectFrom("outbox")
                .select((eb) => eb.fn.countAll<number | string>().as("n"))
                .where("campaign_id", "=", id)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        // A campaign not started yet has no recipients: the file has its header alone.
        items: () => (startedAt ? campaignRecipients(db, id, startedAt) : noRecipients()),
        toRow: (recipient: Recipient) => ({ ...recipient }),
        columns: RECIPIENT_CSV_COLUMNS,
        countHeader: "x-row-count",
      });
    },
  );
}

async function* noRecipients(): AsyncGenerator<Recipient> {}
