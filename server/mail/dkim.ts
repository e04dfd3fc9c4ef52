import { createPublicKey, generateKeyPairSync } from "node:crypto";
import type { DKIMSignOptions } from "mailauth";
import { dkimSign } from "mailauth/lib/dkim/sign.js";
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

/** The key types DKIM signs with (RFC 8463 added Ed25519 beside RSA). */
export type DkimKeyType = DkimConfig["keyType"];

/**
 * The DKIM-Signature header for a composed message, ending in `newline`, to go on top of it.
 * mailauth signs both key types: nodemailer's own signer signs RSA only. Signing that fails
 * throws, so the message is retried rather than sent unsigned.
 */
export async function dkimSignature(
  dkim: DkimConfig,
  message: Buffer,
  newline: "\r\n" | "\n",
): Promise<string> {
  // Cast: mailauth's typings want the key at the top level, but it signs with the signatureData
  // entries only (its README's form).
  const { signatures, errors } = await dkimSign(message, {
    algorithm: `${dkim.keyType}-sha256`,
    canonicalization: "relaxed/relaxed",
    // mailauth reads the list as one colon-separated string; given an array, as its typings ask,
    // it signs its own default list instead, which leaves out Feedback-ID.
    headerList: SIGNED_HEADERS.join(":") as unknown as string[],
    signatureData: [
      { signingDomain: dkim.domain, selector: dkim.selector, privateKey: dkim.privateKey },
    ],
  } as DKIMSignOptions);
  const failure = errors[0] as { err?: Error } | undefined;
  if (failure || !signatures.trim()) {
    throw new Error(`DKIM signing failed: ${failure?.err?.message ?? "no signature"}`);
  }
  return signatures.replace(/\r\n/g, newline);
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

/**
 * The public key as a DKIM record's p= holds it: for RSA the SubjectPublicKeyInfo (RFC 6376),
 * for Ed25519 the bare 32-byte key (RFC 8463), which is the JWK's x.
 */
function publicKeyValue(privateKey: string): { type: DkimKeyType; p: string } {
  const key = createPublicKey(privateKey);
  if (key.asymmetricKeyType === "ed25519") {
    const { x } = key.export({ format: "jwk" });
    return { type: "ed25519", p: Buffer.from(x ?? "", "base64url").toString("base64") };
  }
  return { type: "rsa", p: key.export({ type: "spki", format: "der" }).toString("base64") };
}

/** The TXT record that publishes the public half of a PEM private key. */
export function dkimTxtRecord(domain: string, selector: string, privateKey: string): DkimTxtRecord {
  const { type, p } = publicKeyValue(privateKey);
  const value = `v=DKIM1; k=${type}; p=${p}`;
  const strings: string[] = [];
  for (let at = 0; at < value.length; at += TXT_STRING_MAX) {
    strings.push(value.slice(at, at + TXT_STRING_MAX));
  }
  return { name: `${selector}._domainkey.${domain}`, value, strings };
}

/** RSA 2048: what every receiver verifies, and what fits a TXT record without trouble. */
export const DKIM_KEY_BITS = 2048;

/** A new private key for signing, PEM (PKCS #8); RSA unless asked otherwise. */
export function newDkimKey(type: DkimKeyType = "rsa"): string {
  const key =
    type === "ed25519"
      ? generateKeyPairSync("ed25519").privateKey
      : generateKeyPairSync("rsa", { modulusLength: DKIM_KEY_BITS }).privateKey;
  return key.export({ type: "pkcs8", format: "pem" }).toString();
}
