/**
 * The outbox as the server runs it: e-mail through the configured transport, Slack and CRM
 * alerts (alerts/deliver.ts), newsletter campaign copies at the configured rate and the other
 * subscriber mail, each checked against the suppression list when it goes out
 * (newsletter/campaigns/delivery.ts), with scheduled campaigns started and the brake applied at
 * the start of each run, and overdue leads escalated once a minute (leads/service-hours/).
 */
import type { Config } from "../config";
import type { DB } from "../db/database";
import { createAlerts } from "../alerts/alerts";
import { alertDeliverers } from "../alerts/deliver";
import type { BrakeAlert } from "../newsletter/returns/brake";
import { type OutboxOptions, type OutboxWorker, createOutboxWorker } from "./outbox";
import type { ReturnEffects } from "../newsletter/returns/returns";
import type { MailTransport } from "./transports";
import { runCampaigns } from "../newsletter/campaigns/campaign-sending";
import { CAMPAIGN_KIND } from "../newsletter/campaigns/campaigns";
import { campaignDeliverers } from "../newsletter/campaigns/delivery";
import {
  ESCALATION_SWEEP_MS,
  atMostEvery,
  escalateOverdueLeads,
} from "../leads/service-hours/escalation";

type ReturnsConfig = Pick<Config, "alerts" | "publicUrl">;

/**
 * What a returned message sets off, as configured: the alerts of a complainant's unsubscription
 * (as their own link's) and the brake's alert to the team. Every way bounces come in uses it.
 */
export function returnEffects(config: ReturnsConfig): ReturnEffects & { brake: BrakeAlert } {
  const alerts = createAlerts(config.alerts, config.publicUrl);
  return {
    subscriberAlerts: (change) => alerts.forSubscriber("subscriber.unsubscribed", change),
    brake: { publicUrl: config.publicUrl, slackUrl: config.alerts.slackUrl },
  };
}

export function createDeliveries(
  {
    db,
    transport,
    config,
  }: {
    db: DB;
    transport: MailTransport;
    config: Pick<
      Config,
      "alerts" | "publicUrl" | "newsletter" | "outbox" | "deliverability" | "salesEmail"
    >;
  },
  options: Pick<OutboxOptions, "log" | "now"> &
    Partial<Pick<OutboxOptions, "pollMs" | "maxAttempts" | "leaseMs" | "retryBaseMs">>,
): OutboxWorker {
  const effects = returnEffects(config);
  return createOutboxWorker({
    db,
    transport,
    deliverers: {
      ...alertDeliverers(config.alerts),
      ...campaignDeliverers({
        db,
        transport,
        publicUrl: config.publicUrl,
        deliverability: config.deliverability,
        ...effects,
      }),
    },
    perMinute: { [CAMPAIGN_KIND]: config.newsletter.sendPerMinute },
    tasks: [
      (at) => runCampaigns(db, at, effects.brake),
      // Overdue leads escalated once a minute, whichever instance sweeps first.
      atMostEvery(ESCALATION_SWEEP_MS, (at) => escalateOverdueLeads(db, at, config)),
    ],
    pollMs: config.outbox.pollMs,
    maxAttempts: config.outbox.maxAttempts,
    leaseMs: config.outbox.leaseMs,
    ...options,
  });
}
