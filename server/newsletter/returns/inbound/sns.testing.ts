/**
 * For tests: SNS messages signed as Amazon SNS signs them, with a self-signed test certificate
 * (test-fixtures/, made once with openssl; it signs nothing outside these tests), and a real
 * sns-payload-validator that finds that certificate in its cache under an SNS-looking URL, so it
 * never goes to AWS. Production's validator starts with an empty cache and fetches from SNS.
 */
import { createSign, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import Validator from "sns-payload-validator";
import type { SnsVerifier } from "./sns-messages";

const fixture = (name: string) =>
  readFileSync(new URL(`./test-fixtures/${name}`, import.meta.url), "utf8");
const TEST_KEY = fixture("sns-test-signing-key.pem");
const TEST_CERT = fixture("sns-test-signing-cert.pem");
export const TEST_CERT_URL =
  "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0123456789abcdef0123456789abcdef.pem";
export const TEST_TOPIC = "arn:aws:sns:eu-west-1:123456789012:ses-returns";

/** A real validator whose cache already holds the test certificate. */
export function testSnsVerifier(): SnsVerifier {
  const validator = new Validator();
  // The cache is the library's own (an LRU cache it fills from SNS); not in its typings.
  (validator as unknown as { certCache: Map<string, string> }).certCache.set(
    TEST_CERT_URL,
    TEST_CERT,
  );
  return validator;
}

/** The fields SNS signs, in its order (its documentation, "Verifying message signatures"). */
const SIGNED_FIELDS = {
  Notification: ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"],
  SubscriptionConfirmation: [
    "Message",
    "MessageId",
    "SubscribeURL",
    "Timestamp",
    "Token",
    "TopicArn",
    "Type",
  ],
} as const;

export function signedSnsMessage(
  type: keyof typeof SIGNED_FIELDS,
  fields: { Message: string; SubscribeURL?: string; TopicArn?: string; MessageId?: string },
  signatureVersion: "1" | "2" = "2",
): Record<string, string> {
  const message: Record<string, string> = {
    Type: type,
    MessageId: fields.MessageId ?? randomUUID(),
    TopicArn: fields.TopicArn ?? TEST_TOPIC,
    Message: fields.Message,
    Timestamp: "2026-11-27T04:00:00.000Z",
    ...(type === "SubscriptionConfirmation"
      ? { Token: "token-123", SubscribeURL: fields.SubscribeURL ?? "" }
      : {}),
  };
  const text = SIGNED_FIELDS[type]
    .filter((key) => key in message)
    .map((key) => `${key}\n${message[key]}\n`)
    .join("");
  const signer = createSign(signatureVersion === "1" ? "RSA-SHA1" : "RSA-SHA256");
  signer.update(text);
  return {
    ...message,
    SignatureVersion: signatureVersion,
    Signature: signer.sign(TEST_KEY, "base64"),
    SigningCertURL: TEST_CERT_URL,
  };
}

/** An SES bounce event as SNS carries it in Message. */
export function sesBounce(source: string, email: string, bounceType = "Permanent") {
  return JSON.stringify({
    notificationType: "Bounce",
    bounce: {
      bounceType,
      bounceSubType: bounceType === "Permanent" ? "General" : "MailboxFull",
      bouncedRecipients: [
        { emailAddress: email, status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 user unknown" },
      ],
    },
    mail: { source, messageId: "ses-message-1", destination: [email] },
  });
}

export function sesComplaint(source: string, email: string, complaintFeedbackType = "abuse") {
  return JSON.stringify({
    eventType: "Complaint",
    complaint: { complainedRecipients: [{ emailAddress: email }], complaintFeedbackType },
    mail: { source, messageId: "ses-message-2", destination: [email] },
  });
}
