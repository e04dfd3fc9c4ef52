import Validator from "sns-payload-validator";
import * as z from "zod/mini";

/** An Amazon SNS message as SNS posts it over HTTPS; only the fields we read are named. */
export const SnsMessage = z.object({
  Type: z.enum(["SubscriptionConfirmation", "Notification", "UnsubscribeConfirmation"]),
  MessageId: z.string().check(z.minLength(1), z.maxLength(100)),
  TopicArn: z.string().check(z.maxLength(300)),
  Message: z.string(),
  SubscribeURL: z.optional(z.string().check(z.maxLength(2000))),
});
export type SnsMessage = z.output<typeof SnsMessage>;

/** Checks an SNS message's signature; the library's Validator, or a stand-in in tests. */
export interface SnsVerifier {
  validate(payload: object): Promise<unknown>;
}

/** Production's: certificates fetched from SNS's own hosts only (the library checks the URL). */
export function snsVerifier(): SnsVerifier {
  return new Validator();
}

/** How the verifier's refusals read (sns-payload-validator's messages): anything else is ours. */
const REFUSALS = new Set([
  "Invalid Signature",
  "Invalid SigningCertURL",
  "Invalid SignatureVersion",
  "Invalid Type",
]);

/**
 * Whether the message is SNS's own: "valid", "forged" (its signature, certificate URL or
 * version is wrong), or "unchecked" (the signing certificate could not be fetched: SNS should
 * try again later).
 */
export async function verifySnsMessage(
  verifier: SnsVerifier,
  payload: object,
): Promise<"valid" | "forged" | "unchecked"> {
  try {
    await withTimeout(verifier.validate(payload), 5_000);
    return "valid";
  } catch (error) {
    return error instanceof Error && REFUSALS.has(error.message) ? "forged" : "unchecked";
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The SubscribeURL of a confirmation, when it is SNS's: https on an amazonaws.com host (or the
 * China regions' amazonaws.com.cn). Anything else is never fetched: the server must not be made
 * to call arbitrary addresses.
 */
export function snsSubscribeUrl(message: SnsMessage): URL | undefined {
  let url: URL;
  try {
    url = new URL(message.SubscribeURL ?? "");
  } catch {
    return undefined;
  }
  const amazon = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname);
  return url.protocol === "https:" && amazon && !url.username && !url.port ? url : undefined;
}

/** Confirms a subscription: SNS only needs the GET; its answer is not read. */
export async function confirmSnsSubscription(url: URL): Promise<void> {
  const answer = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(5_000) });
  if (!answer.ok)
    throw new Error(`SNS answered ${answer.status} to the subscription's confirmation`);
}
