import { ATOM_CHARACTERS, LABEL_CHARACTERS } from "../leads/email";

/** A character of a local part as the forms accept it (leads/email.ts), or one of its dots. */
const LOCAL_CHARACTER = new RegExp(`^[.${ATOM_CHARACTERS}]$`, "u");
/** A domain after an @; labels may hold `%` too, so that one percent-encoded in a path counts. */
const LABEL = `[%${LABEL_CHARACTERS}](?:[%${LABEL_CHARACTERS}-]*[%${LABEL_CHARACTERS}])?`;
const DOMAIN = new RegExp(`${LABEL}(?:\\.${LABEL})+`, "uy");

/**
 * Logs must not carry personal data beyond what an operator needs. Error messages from mail
 * servers and databases sometimes quote an address ("550 <ama@example.com> rejected"); this keeps
 * the domain (useful to diagnose delivery) and hides the person: every character before the @
 * that a local part may hold (letters of any script, `!#$%&'*+/=?^_`{|}~-`, dots), even its
 * first, which narrows down who it was.
 */
export function maskEmails(text: string): string {
  // A "domain" running straight into another @ has swallowed the next local part: hidden too.
  return replaceEmails(text, (_local, domain, runsOn) => `***@${runsOn ? "***" : domain}`);
}

/**
 * Replaces each address-shaped piece of `text` (`local@domain`, as maskEmails reads it) by what
 * `replace` makes of its local part and domain; `runsOn` says another @ follows the domain at
 * once. Also used to keep only a hash of third parties' addresses (server/mail/third-parties.ts).
 *
 * Written as a walk from each @ back to where its local part starts, not as one regular
 * expression: that would try every character of a long text as a start, and could begin inside
 * a local part and leave its first characters beside the replacement.
 */
export function replaceEmails(
  text: string,
  replace: (local: string, domain: string, runsOn: boolean) => string,
): string {
  let replaced = "";
  let done = 0; // text before this index is in `replaced`
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", Math.max(at + 1, done))) {
    DOMAIN.lastIndex = at + 1;
    const domain = DOMAIN.exec(text)?.[0];
    if (!domain) continue;
    const start = localPartStart(text, at, done);
    if (start === at) continue; // nothing before the @: no address
    const end = at + 1 + domain.length;
    replaced += text.slice(done, start) + replace(text.slice(start, at), domain, text[end] === "@");
    done = end;
  }
  return replaced + text.slice(done);
}

/** Where the local part of the address whose @ is at `at` starts, not before `floor`. */
function localPartStart(text: string, at: number, floor: number): number {
  let start = at;
  while (start > floor) {
    const last = text.charCodeAt(start - 1);
    // A letter beyond the first 65,536 is two UTF-16 units.
    const width = last >= 0xdc00 && last <= 0xdfff && start - 2 >= floor ? 2 : 1;
    if (!LOCAL_CHARACTER.test(text.slice(start - width, start))) break;
    start -= width;
  }
  return start;
}

/** An error reduced to a masked message, for a log line. */
export function safeError(error: unknown): string {
  return maskEmails(error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * The path of a request as logged: never the query string (it carries tokens), addresses masked
 * (also when percent-encoded), and cut short, so that a path cannot smuggle personal data or
 * flood the log.
 */
export function loggablePath(url: string): string {
  const path = url.split("?")[0] ?? "";
  // %2540 is an @ encoded twice: some clients and proxies do that.
  return maskEmails(path.replace(/%(?:25)*40/gi, "@")).slice(0, 200);
}
