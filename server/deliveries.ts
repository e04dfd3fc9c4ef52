/**
 * The outbox as the server runs it: e-mail through the configured transport, Slack and CRM
 * alerts (alerts/deliver.ts), and newsletter campaign copies (newsletter/delivery.ts) at the
 * configured rate, with scheduled campaigns started at the start of each run.
 */
import type { Config } from "./config";
import type { DB } from "./db/database";
import { alertDeliverers } from "./alerts/deliver";
import { type OutboxOptions, type OutboxWorker, createOutboxWorker } from "./mail/outbox";
import type { MailTransport } from "./mail/transports";
import { runCampaigns } from "./newsletter/campaign-sending";
import { CAMPAIGN_KIND } from "./newsletter/campaigns";
import { campaignDeliverers } from "./newsletter/delivery";

export function createDeliveries(
  {
    db,
    transport,
    config,
  }: {
    db: DB;
    transport: MailTransport;
    config: Pick<Config, "alerts" | "publicUrl" | "newsletter" | "outbox">;
  },
  options: Pick<OutboxOptions, "log" | "now"> &
    Partial<Pick<OutboxOptions, "pollMs" | "maxAttempts" | "leaseMs" | "retryBaseMs">>,
): OutboxWorker {
  return createOutboxWorker({
    db,
    transport,
    deliverers: {
      ...alertDeliverers(config.alerts),
      ...campaignDeliverers({ db, transport, publicUrl: config.publicUrl }),
    },
    perMinute: { [CAMPAIGN_KIND]: config.newsletter.sendPerMinute },
    tasks: [(at) => runCampaigns(db, at)],
    pollMs: config.outbox.pollMs,
    maxAttempts: config.outbox.maxAttempts,
    leaseMs: config.outbox.leaseMs,
    ...options,
  });
}
