/**
 * The Reply-To of a reply to a lead: `reply+<tag>@INBOUND_MAIL_DOMAIN`, where the tag names the
 * lead and carries an HMAC with INBOUND_MAIL_SECRET (server/mail/signed-tag.ts, which the return
 * path of subscriber mail uses too), so that the customer's answer lands on the lead it is about
 * and nobody can make up an address the inbound listener would take.
 *
 *   <r 1> <lead type 1: c contact, d demo> <lead id 26> <mac 10>
 *
 * The leading `r` keeps the MAC's input apart from a return path's (whose tags start with `c` or
 * `m` and are longer), so neither kind of tag can pass for the other.
 */
import { type LeadType, leadKey } from "../../../leads/workflow";
import * as signed from "../../mail/signed-tag";

export const REPLY_LOCAL_PREFIX = "reply+";
const ID_CHARS = 26;
const TYPE_LETTERS: Record<LeadType, string> = { contact: "c", demo: "d" };

type Inbound = { domain: string; secret: string };

/** `reply+<tag>@domain` for the lead of `type` whose row id (a UUID) is `id`. */
export function replyAddress(inbound: Inbound, type: LeadType, id: string): string {
  const tag = signed.signTag(
    inbound.secret,
    `r${TYPE_LETTERS[type]}${signed.base32(signed.uuidBytes(id))}`,
  );
  return signed.taggedAddress(REPLY_LOCAL_PREFIX, tag, inbound.domain);
}

/**
 * The lead an address `reply+<tag>@domain` of the inbound domain names (its API key,
 * `contact_<id>` or `demo_<id>`), if the address is one and its tag verifies; else undefined.
 */
export function readReplyAddress(inbound: Inbound, address: string): string | undefined {
  const tag = signed.addressTag(REPLY_LOCAL_PREFIX, inbound.domain, address);
  const body = tag && signed.verifiedBody(inbound.secret, tag, 2 + ID_CHARS + signed.MAC_CHARS);
  if (!body || body[0] !== "r") return undefined;
  const type = (Object.keys(TYPE_LETTERS) as LeadType[]).find((t) => TYPE_LETTERS[t] === body[1]);
  const id = signed.fromBase32(body.slice(2), 16);
  return type && id ? leadKey(type, signed.uuidOf(id)) : undefined;
}

/** Whether `address` is a `reply+…` address of the inbound domain, verified or not. */
export function isReplyAddress(domain: string, address: string): boolean {
  return signed.addressTag(REPLY_LOCAL_PREFIX, domain, address) !== undefined;
}
