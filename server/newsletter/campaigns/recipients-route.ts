import type { FastifyInstance } from "fastify";
import { NO_CAMPAIGN, RECIPIENT_STATE_LABELS, campaignsApi } from "../../../staff-api/newsletter";
import { RECIPIENT_CSV_COLUMNS, type Recipient, campaignRecipients } from "./campaign-recipients";
import { routesOn } from "../../http/contract-routes";
import { type ExportFile, sendExport } from "../../http/list-routes";
import type { Sheet } from "../../http/xlsx-stream";
import type { StaffRoutesOptions } from "../../staff-api-routes";

/** The recipients' Excel file: the CSV's columns for people, the state in words. */
export const RECIPIENT_SHEET: Sheet<Recipient> = {
  name: "Recipients",
  columns: [
    { header: "E-mail", kind: "text", width: 32, value: (r) => r.email },
    { header: "State", kind: "text", width: 40, value: (r) => RECIPIENT_STATE_LABELS[r.state] },
    { header: "Since", kind: "time", width: 18, value: (r) => r.at },
    { header: "Detail", kind: "text", width: 60, value: (r) => r.detail },
  ],
};

/** Each export of the recipients: the endpoint, and its file. */
const EXPORTS: [
  typeof campaignsApi.recipientsCsv | typeof campaignsApi.recipientsXlsx,
  ExportFile<Recipient>,
][] = [
  [
    campaignsApi.recipientsCsv,
    {
      format: "csv",
      columns: RECIPIENT_CSV_COLUMNS,
      toRow: (recipient: Recipient) => ({ ...recipient }),
    },
  ],
  [campaignsApi.recipientsXlsx, { format: "xlsx", sheet: RECIPIENT_SHEET }],
];

/**
 * GET /api/staff/campaigns/:id/recipients.csv and .xlsx: each recipient of a campaign once, with
 * its state (server/newsletter/campaigns/campaign-recipients.ts), streamed and audited like the
 * subscribers' export.
 */
export function recipientsExportRoutes(
  app: FastifyInstance,
  { db, now, checkAnswers }: StaffRoutesOptions,
): void {
  const route = routesOn(app, { checkAnswers });
  for (const [endpoint, file] of EXPORTS) {
    route(
      endpoint,
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
          file,
          countHeader: "x-row-count",
        });
      },
    );
  }
}

async function* noRecipients(): AsyncGenerator<Recipient> {}
