import { createPublicKey, generateKeyPairSync } from "node:crypto";
import type DKIM from "nodemailer/lib/dkim/index.js";
import type { DkimConfig } from "../config-deliverability";

/**
 * The headers every signature covers (docs/mail-deliverability.md, "Signing (DKIM)"). The list
 * and the unsubscribe headers are what a mailbox provider acts on, so nobody on the way may change
 * them; Feedback-ID is how the provider's complaint reports name a campaign. Listed headers a
 * message does not have are left out of its signature.
 */
export const SIGNED_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "To",
  "Cc",
  "Subject",
  "Date",
  "Message-ID",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
  "List-Id",
  "Feedback-ID",
] as const;

/** nodemailer's signing options for the configured key; nodemailer signs RSA keys only. */
export function nodemailerDkim(dkim: DkimConfig): DKIM.SingleKeyOptions {
  return {
    domainName: dkim.domain,
    keySelector: dkim.selector,
    privateKey: dkim.privateKey,
    headerFieldNames: SIGNED_HEADERS.join(":"),
  };
}

/** DNS takes a TXT record's text as strings of at most 255 characters each. */
const TXT_STRING_MAX = 255;

export interface DkimTxtRecord {
  /** Where to publish it: `<selector>._domainkey.<domain>`. */
  name: string;
  /** The record's text, as one line. */
  value: string;
  /** The same text cut into strings DNS accepts; published together, they read as `value`. */
  strings: string[];
}

/** The TXT record that publishes the public half of a PEM private key. */
export function dkimTxtRecord(domain: string, selector: string, privateKey: string): DkimTxtRecord {
  const spki = createPublicKey(privateKey).export({ type: "spki", format: "der" });
  const value = `v=DKIM1; k=rsa; p=${spki.toString("base64")}`;
  const strings: string[] = [];
  for (let at = 0; at < value.length; at += TXT_STRING_MAX) {
    strings.push(value.slice(at, at + TXT_STRING_MAX));
  }
  return { name: `${selector}._domainkey.${domain}`, value, strings };
}

/** RSA 2048: what every receiver verifies, and what fits a TXT record without trouble. */
export const DKIM_KEY_BITS = 2048;

/** A new private key for signing, PEM (PKCS #8). */
export function newDkimKey(): string {
  return generateKeyPairSync("rsa", {
    modulusLength: DKIM_KEY_BITS,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey;
}
