import { createHmac } from "node:crypto";

/**
 * The headers of a signed webhook, the Standard Webhooks way: the receiver recomputes the
 * HMAC-SHA256 of `id.timestamp.body` with the shared secret and compares. `id` stays the same
 * when a delivery is retried or re-sent, so the receiver can drop a copy it already has;
 * `timestamp` (seconds) is the time of this attempt, so it can refuse old replays.
 */
export function webhookHeaders({
  id,
  timestamp,
  body,
  secret,
}: {
  id: string;
  timestamp: number;
  body: string;
  /** `whsec_` and the base64 of the key's bytes (server/config.ts checks the form). */
  secret: string;
}): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": `v1,${signature}`,
  };
}
