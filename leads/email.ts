import * as z from "zod/mini";

/**
 * What an e-mail address is, for every form and everything the server stores, compares or
 * erases: one mailbox, `local@domain`, nothing else. No display name (`Ama <ama@x.gh>`), group,
 * comment, list or quoted local part, no trailing dot, no spaces, control or invisible
 * characters. Each of those once let one inbox be reached under many "different" addresses, and
 * a display name carried the sender's words into our e-mails. Letters of any script are allowed
 * (internationalised addresses).
 */
export const MAX_EMAIL = 254;
const MAX_LOCAL_PART = 64;
const MAX_DOMAIN_LABEL = 63;

const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?";
const ADDRESS = new RegExp(`^(${ATOM}(?:\\.${ATOM})*)@(${LABEL}(?:\\.${LABEL})+)$`, "u");

export const EMAIL_REQUIRED = "Email is required";
export const EMAIL_INVALID = "Email is invalid";

/** Trimmed, in Unicode's composed form, with the domain lower-cased (domains ignore case). */
export function normalizeEmail(address: string): string {
  const text = address.trim().normalize("NFC");
  const at = text.lastIndexOf("@");
  return at < 0 ? text : `${text.slice(0, at)}@${text.slice(at + 1).toLowerCase()}`;
}

/**
 * The key under which an address is compared and erased: the normalised address lower-cased as
 * a whole. Mail providers treat the local part case-insensitively, so "Ama@X.gh" and "ama@x.gh"
 * are one person. Computed here, never with the database's lower(), which in SQLite only folds
 * ASCII.
 */
export function emailKey(address: string): string {
  return normalizeEmail(address).toLowerCase();
}

/**
 * The mailbox an address delivers to, for limits per recipient: "+tag" sub-addresses reach the
 * same inbox, so "ama+1@x.gh" and "ama+2@x.gh" count as one.
 */
export function mailboxKey(address: string): string {
  const key = emailKey(address);
  const at = key.lastIndexOf("@");
  return `${key.slice(0, at).replace(/\+.*$/, "")}${key.slice(at)}`;
}

/** True when a normalised address is one mailbox of sane length. */
export function isEmailAddress(address: string): boolean {
  // Length first: the pattern backtracks, which is harmless only on short input.
  if (address.length > MAX_EMAIL) return false;
  const match = ADDRESS.exec(address);
  if (!match) return false;
  const [, local = "", domain = ""] = match;
  const labels = domain.split(".");
  return (
    local.length <= MAX_LOCAL_PART &&
    labels.every((label) => label.length <= MAX_DOMAIN_LABEL) &&
    // A top-level domain has a letter in it; all-digit endings are IP addresses, not domains.
    !/^\d+$/.test(labels.at(-1) ?? "")
  );
}

/** The e-mail field of every form. */
export const email = () =>
  z.string({ error: EMAIL_REQUIRED }).check(
    z.overwrite(normalizeEmail),
    z.minLength(1, EMAIL_REQUIRED),
    z.refine<string>((value) => value === "" || isEmailAddress(value), EMAIL_INVALID),
  );
