import {
  MAC_CHARS,
  addressTag,
  base32,
  fromBase32,
  signTag,
  taggedAddress,
  uuidBytes,
  uuidOf,
  verifiedBody,
} from "../../mail/signed-tag";

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
 *
 * The base32 and the MAC are server/mail/signed-tag.ts's, shared with the Reply-To of a reply to
 * a lead (`reply+<tag>`, server/leads/replies/reply-address.ts).
 */
export type ReturnTagKind = "c" | "m";

export interface ReturnTag {
  kind: ReturnTagKind;
  subscriptionId: string;
  /** The first 16 hex digits of the campaign's id (kind c) or the outbox row's (kind m). */
  refPrefix: string;
}

const SUBSCRIPTION_CHARS = 26;
const REF_BYTES = 8;
const REF_CHARS = 13;
export const BOUNCE_LOCAL_PREFIX = "bounce+";

/** The tag for one message to one subscriber. `refId`: the campaign's id (c) or the outbox row's (m). */
export function returnTag(
  secret: string,
  kind: ReturnTagKind,
  subscriptionId: string,
  refId: string,
): string {
  const body =
    kind + base32(uuidBytes(subscriptionId)) + base32(uuidBytes(refId).subarray(0, REF_BYTES));
  return signTag(secret, body);
}

/** `bounce+<tag>@domain`: the envelope sender of one message to one subscriber. */
export function returnAddress(
  inbound: { domain: string; secret: string },
  kind: ReturnTagKind,
  subscriptionId: string,
  refId: string,
): string {
  return taggedAddress(
    BOUNCE_LOCAL_PREFIX,
    returnTag(inbound.secret, kind, subscriptionId, refId),
    inbound.domain,
  );
}

/** What a tag names, if its HMAC verifies; undefined for anything else. */
export function readReturnTag(secret: string, tag: string): ReturnTag | undefined {
  const body = verifiedBody(secret, tag, 1 + SUBSCRIPTION_CHARS + REF_CHARS + MAC_CHARS);
  const kind = body?.[0];
  if (!body || (kind !== "c" && kind !== "m")) return undefined;
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
  const tag = addressTag(BOUNCE_LOCAL_PREFIX, inbound.domain, address);
  return tag === undefined ? undefined : readReturnTag(inbound.secret, tag);
}
