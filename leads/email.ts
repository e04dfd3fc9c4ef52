import * as z from "zod/mini";
import { EMAIL_MESSAGES, type EmailMessages, MAX_EMAIL } from "./messages";

/**
 * What an e-mail address is, for every form and everything the server stores, compares or
 * erases: one mailbox, `local@domain`, nothing else. No display name (`Ama <ama@x.gh>`), group,
 * comment, list or quoted local part, no trailing dot, no spaces, control or invisible
 * characters. Each of those once let one inbox be reached under many "different" addresses, and
 * a display name carried the sender's words into our e-mails. Letters of any script are allowed
 * (internationalised addresses).
 */
export { MAX_EMAIL };
const MAX_LOCAL_PART = 64;
const MAX_DOMAIN_LABEL = 63;

/**
 * The characters of a local part's dot-separated atoms, and of a domain label (a hyphen only
 * inside), as regular-expression class contents; server/privacy/log-safety.ts masks with the same ones.
 */
export const ATOM_CHARACTERS = "\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-";
export const LABEL_CHARACTERS = "\\p{L}\\p{M}\\p{N}";
const ATOM = `[${ATOM_CHARACTERS}]+`;
const LABEL = `[${LABEL_CHARACTERS}](?:[${LABEL_CHARACTERS}-]*[${LABEL_CHARACTERS}])?`;
const ADDRESS = new RegExp(`^(${ATOM}(?:\\.${ATOM})*)@(${LABEL}(?:\\.${LABEL})+)$`, "u");

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

/** Google's two names for the same Gmail inboxes. */
const GMAIL_DOMAINS: ReadonlySet<string> = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, for limits per recipient (never for storing or erasing: a
 * person may use two spellings as filters, and each stays their own row). It folds only what
 * certainly reaches the same inbox, since a limit that folds too little can be bypassed:
 * "+tag" sub-addresses ("ama+1@x.gh" and "ama+2@x.gh" count as one); an internationalised
 * domain and its ASCII form ("bücher.example", "xn--bcher-kva.example"), which DNS knows only
 * as the latter; and for Gmail, which ignores dots in the local part and answers under both of
 * Google's domains, "a.m.a@googlemail.com" as "ama@gmail.com". Other providers may give dots a
 * meaning, so elsewhere they are kept.
 */
export function mailboxKey(address: string): string {
  const key = emailKey(address);
  const at = key.lastIndexOf("@");
  const local = key.slice(0, at).replace(/\+.*$/, "");
  const domain = asciiDomain(key.slice(at + 1));
  return GMAIL_DOMAINS.has(domain)
    ? `${local.replaceAll(".", "")}@gmail.com`
    : `${local}@${domain}`;
}

/**
 * A domain in the ASCII form DNS uses (IDNA, as browsers and Node apply it to URLs); as it was
 * when it has none (a name no URL would take is left for the limit to count as written).
 */
function asciiDomain(domain: string): string {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return domain;
  }
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

/**
 * The e-mail field of every form: one message when it is empty, one when it is too long, one
 * when it is not an address (messages.ts). Only the first that applies is shown.
 */
export const email = (messages: EmailMessages = EMAIL_MESSAGES) =>
  z.string({ error: messages.required }).check(
    z.overwrite(normalizeEmail),
    z.minLength(1, messages.required),
    z.maxLength(MAX_EMAIL, messages.tooLong),
    z.refine<string>(
      (value) => value === "" || value.length > MAX_EMAIL || isEmailAddress(value),
      messages.format,
    ),
  );
