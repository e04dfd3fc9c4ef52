import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The return path of subscriber mail: `bounce+<tag>@INBOUND_MAIL_DOMAIN`, where the tag names the
 * message and its recipient and carries an HMAC, so a bounce or complaint that comes back maps to
 * its recipient without reading (or guessing from) its text, and nobody can make up an address
 * the inbound listener would accept. docs/mail-deliverability.md explains the layout.
 *
 * The tag fits the 64 characters SMTP allows a local part, `bounce+` included, and survives an
 * MTA that changes its case (base32, read case-insensitively):
 *
 *   <kind 1> <subscription id 26> <message ref 13> <mac 10>
 *
 * - kind: `c` for a campaign copy (the ref is the campaign's id), `m` for other subscriber mail
 *   (the ref is the outbox row's id);
 * - the ids are UUIDs; the subscription's is whole (16 bytes), the ref its first 8 bytes: enough
 *   to tell a subscriber's messages apart (lookup: returns.ts), and it keeps the tag
 *   within bounds;
 * - the mac is the first 50 bits of HMAC-SHA256(INBOUND_MAIL_SECRET, kind + ids).
 */
export type ReturnTagKind = "c" | "m";

export interface ReturnTag {
  kind: ReturnTagKind;
  subscriptionId: string;
  /** The first 16 hex digits of the campaign's id (kind c) or the outbox row's (kind m). */
  refPrefix: string;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const SUBSCRIPTION_CHARS = 26;
const REF_BYTES = 8;
const REF_CHARS = 13;
const MAC_CHARS = 10;
export const BOUNCE_LOCAL_PREFIX = "bounce+";

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string, bytes: number): Buffer | undefined {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return out.length >= bytes ? Buffer.from(out.slice(0, bytes)) : undefined;
}

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error("not a UUID");
  return Buffer.from(hex, "hex");
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(secret: string, body: string): string {
  return base32(createHmac("sha256", secret).update(body).digest()).slice(0, MAC_CHARS);
}

/** The tag for one message to one subscriber. `refId`: the campaign's id (c) or the outbox row's (m). */
export function returnTag(
  secret: string,
  kind: ReturnTagKind,
  subscriptionId: string,
  refId: string,
): string {
  const body =
    kind + base32(uuidBytes(subscriptionId)) + base32(uuidBytes(refId).subarray(0, REF_BYTES));
  return body + mac(secret, body);
}

/** `bounce+<tag>@domain`: the envelope sender of one message to one subscriber. */
export function returnAddress(
  inbound: { domain: string; secret: string },
  kind: ReturnTagKind,
  subscriptionId: string,
  refId: string,
): string {
  return `${BOUNCE_LOCAL_PREFIX}${returnTag(inbound.secret, kind, subscriptionId, refId)}@${inbound.domain}`;
}

/** What a tag names, if its HMAC verifies; undefined for anything else. */
export function readReturnTag(secret: string, tag: string): ReturnTag | undefined {
  const text = tag.toLowerCase();
  if (text.length !== 1 + SUBSCRIPTION_CHARS + REF_CHARS + MAC_CHARS) return undefined;
  const kind = text[0];
  if (kind !== "c" && kind !== "m") return undefined;
  const body = text.slice(0, -MAC_CHARS);
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(text.slice(-MAC_CHARS));
  if (!timingSafeEqual(expected, given)) return undefined;
  const subscription = fromBase32(body.slice(1, 1 + SUBSCRIPTION_CHARS), 16);
  const ref = fromBase32(body.slice(1 + SUBSCRIPTION_CHARS), REF_BYTES);
  if (!subscription || !ref) return undefined;
  return { kind, subscriptionId: uuidOf(subscription), refPrefix: ref.toString("hex") };
}

/**
 * The tag of an address `bounce+<tag>@domain` of the inbound domain (any case), if the address is
 * one and its tag verifies.
 */
export function readReturnAddress(
  inbound: { domain: string; secret: string },
  address: string,
): ReturnTag | undefined {
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1).toLowerCase() !== inbound.domain) return undefined;
  const local = address.slice(0, at);
  if (local.slice(0, BOUNCE_LOCAL_PREFIX.length).toLowerCase() !== BOUNCE_LOCAL_PREFIX)
    return undefined;
  return readReturnTag(inbound.secret, local.slice(BOUNCE_LOCAL_PREFIX.length));
}
