import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed address tags of the inbound domain: `<prefix><tag>@INBOUND_MAIL_DOMAIN`, where the tag
 * names a record and carries an HMAC with INBOUND_MAIL_SECRET, so that mail coming back maps to
 * its record without reading (or guessing from) its text, and nobody can make up an address the
 * inbound listener would accept. Two kinds use it: the return path of subscriber mail
 * (`bounce+`, newsletter/returns/return-path.ts) and the Reply-To of a reply to a lead
 * (`reply+`, leads/replies/reply-address.ts). Each lays out its own tag; this holds what they
 * share: base32 (a tag survives an MTA that changes its case), UUIDs as bytes, the MAC and the
 * address's reading. docs/mail-deliverability.md explains the addresses.
 */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
/** The MAC's characters at the end of every tag: its first 50 bits. */
export const MAC_CHARS = 10;

export function base32(bytes: Buffer): string {
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

/** The first `bytes` bytes `text` encodes; undefined when it is not base32 or too short. */
export function fromBase32(text: string, bytes: number): Buffer | undefined {
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

export function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error("not a UUID");
  return Buffer.from(hex, "hex");
}

export function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(secret: string, body: string): string {
  return base32(createHmac("sha256", secret).update(body).digest()).slice(0, MAC_CHARS);
}

/** `body` (lower-case base32 and kind letters) followed by its MAC under `secret`. */
export function signTag(secret: string, body: string): string {
  return body + mac(secret, body);
}

/**
 * The body of a tag of `length` characters (MAC included), read case-insensitively, if its MAC
 * verifies under `secret`; undefined for anything else. Compared in constant time.
 */
export function verifiedBody(secret: string, tag: string, length: number): string | undefined {
  const text = tag.toLowerCase();
  if (text.length !== length) return undefined;
  const body = text.slice(0, -MAC_CHARS);
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(text.slice(-MAC_CHARS));
  return timingSafeEqual(expected, given) ? body : undefined;
}

/** `<prefix><tag>@domain`. */
export function taggedAddress(prefix: string, tag: string, domain: string): string {
  return `${prefix}${tag}@${domain}`;
}

/**
 * The tag of an address `<prefix><tag>@domain` (prefix and domain in any case), unverified;
 * undefined when the address is not one of `prefix` at `domain`.
 */
export function addressTag(prefix: string, domain: string, address: string): string | undefined {
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return undefined;
  const local = address.slice(0, at);
  if (local.slice(0, prefix.length).toLowerCase() !== prefix) return undefined;
  return local.slice(prefix.length);
}
