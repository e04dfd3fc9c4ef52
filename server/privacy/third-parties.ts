/**
 * What is kept of an address that may not be kept as it is: a one-way hash of it.
 *
 * - An erased person's suppression entry (decision 0035) is kept under erasedSuppressionKey(), so
 *   that the address, given again, still finds it.
 * - A third party in returned mail (docs/decisions/0039-third-party-addresses-in-returned-mail.md):
 *   a bounce or complaint may name an address other than the subscriber's (a forwarding target, a
 *   made-up report); it is kept as a label with the same hash, whole, so that the address, given
 *   again, finds every mention (the person's erasure, server/people/forget-person.ts; the
 *   suppression list's search).
 *
 * Every domain keeps to these rules, and so does the migration that rewrote returned mail stored
 * before them (server/db/migrations/0019): this module imports no domain.
 */
import { createHash } from "node:crypto";
import { emailKey } from "../../leads/email";
import { replaceEmails } from "./log-safety";

/**
 * What an erased address's entry is kept under: "sha256:" and the hex SHA-256 of its emailKey.
 * Unsalted on purpose: the same address must find it again, whichever server asks, for ever.
 */
export function erasedSuppressionKey(email: string): string {
  return `sha256:${createHash("sha256").update(emailKey(email)).digest("hex")}`;
}

/** The words an address that is not the subscriber's is kept as; THIRD_PARTY and its hash. */
export const THIRD_PARTY = "another address";

/** What `address` is kept as in a report about someone else: "another address (sha256:…)". */
export function thirdPartyLabel(address: string): string {
  return `${THIRD_PARTY} (${erasedSuppressionKey(address)})`;
}

/**
 * `text` (a report's detail, diagnostic or whole message) with every address in it that is not
 * `subscriberEmail` replaced by its label; with no subscriber, every address. Only addresses
 * written out as local@domain are found: one encoded (base64, quoted-printable) or a local part
 * alone is not, which decision 0039 says. Cut to `maxLength`: a label is longer than most
 * addresses, and a message made of addresses must not be stored many times its size.
 */
export function withoutThirdParties(
  text: string,
  subscriberEmail: string | null,
  maxLength: number,
): string {
  const subscriber = subscriberEmail ? emailKey(subscriberEmail) : null;
  const kept = replaceEmails(text, (local, domain) => {
    const address = `${local}@${domain}`;
    return emailKey(address) === subscriber ? address : thirdPartyLabel(address);
  });
  return kept.slice(0, maxLength);
}

/** The text withoutThirdParties() reads in one turn of the event loop, at most (about 1 ms). */
const SLICE_LENGTH = 16 * 1024;

/**
 * withoutThirdParties() for a whole returned message (up to 1 MB, perhaps thousands of
 * addresses): read in slices that end at a line's end, the event loop free between them, so that
 * hashing a report's addresses never keeps a request waiting. An address never spans two lines.
 */
export async function withoutThirdPartiesInTurns(
  text: string,
  subscriberEmail: string | null,
  maxLength: number,
): Promise<string> {
  let kept = "";
  for (let start = 0; start < text.length && kept.length < maxLength;) {
    const newline = text.indexOf("\n", start + SLICE_LENGTH);
    const end = newline < 0 ? text.length : newline + 1;
    kept += withoutThirdParties(text.slice(start, end), subscriberEmail, Infinity);
    start = end;
    if (start < text.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return kept.slice(0, maxLength);
}

/**
 * A report's ref as stored (`mail_events.source_ref`: its Message-ID, which whoever writes a
 * report chooses and may make any address; a provider's id with the recipient): as it came, or,
 * when it holds an address that is not the subscriber's, "sha256:" and the hash of the whole ref.
 * Still one value per report, so a repeat is still recorded once.
 */
export function refWithoutThirdParties(
  ref: string | null,
  subscriberEmail: string | null,
): string | null {
  if (ref === null || withoutThirdParties(ref, subscriberEmail, Infinity) === ref) return ref;
  return `sha256:${createHash("sha256").update(ref).digest("hex")}`;
}

/** What a detail is cut to when stored. */
export const DETAIL_LENGTH = 500;
/** What a kept message is cut to once hashed: the largest the inbound listener takes (1 MB). */
export const RAW_LENGTH = 1024 * 1024;

/**
 * `text` with the erased person's address, in any case (`key` is its emailKey) and inside any
 * longer address-shaped text, and its label, each replaced by THIRD_PARTY alone: once the person
 * is erased, nothing in other people's records points at them, not even the hash.
 */
export function withoutErasedAddress(text: string, key: string): string {
  const label = thirdPartyLabel(key);
  return replaceEmails(text.split(label).join(THIRD_PARTY), (local, domain) => {
    const address = `${local}@${domain}`;
    return emailKey(address).includes(key) ? THIRD_PARTY : address;
  });
}
