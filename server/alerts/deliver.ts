/**
 * Posts the alerts the outbox hands over (alerts.ts made them). A delivery that gets no 2xx
 * answer within the timeout throws, and the outbox retries it later with a longer wait.
 */
import type { AlertsConfig } from "../config";
import type { Deliverer } from "../mail/outbox";
import type { AlertKind } from "../../staff-api/admin";
import { webhookHeaders } from "./signature";

/** Longer than a receiver needs to store an event; short enough not to hold the outbox up. */
export const ALERT_TIMEOUT_MS = 10_000;

async function post(url: string, body: string, headers: Record<string, string>, timeoutMs: number) {
  const response = await fetch(url, {
    method: "POST",
    headers,
    body,
    // A receiver that redirects is misconfigured: say so instead of posting the lead elsewhere.
    redirect: "error",
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the receiver answered ${response.status}`);
}

/**
 * The deliverers of the alert kinds. They read the address and secret from the configuration at
 * each attempt, so a delivery waiting for a retry goes to the address configured now, and the
 * secret is never stored in the database.
 */
export function alertDeliverers(
  config: AlertsConfig,
  { timeoutMs = ALERT_TIMEOUT_MS, now = () => new Date() } = {},
): Record<AlertKind, Deliverer> {
  return {
    async slack(payload) {
      if (!config.slackUrl) throw new Error("SLACK_WEBHOOK_URL is no longer set");
      await post(config.slackUrl, payload, { "content-type": "application/json" }, timeoutMs);
    },
    async webhook(payload, id) {
      if (!config.webhook) throw new Error("WEBHOOK_URL is no longer set");
      const headers = webhookHeaders({
        id: `msg_${id}`,
        timestamp: Math.floor(now().getTime() / 1000),
        body: payload,
        secret: config.webhook.secret,
      });
      await post(config.webhook.url, payload, headers, timeoutMs);
    },
  };
}
