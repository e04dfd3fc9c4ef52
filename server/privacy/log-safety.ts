import { ATOM_CHARACTERS, LABEL_CHARACTERS } from "../../leads/email";

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
 * once. Also used to keep only a hash of third parties' addresses (server/privacy/third-parties.ts).
 *
 * An address written with a full-width ＠ (U+FF20) or small ﹫ (U+FE6B) is one too, and so are the
 * dots that IDNA reads as a domain's (。．｡, and the small ﹒): each is what NFKC makes an @ or a
 * dot. They are read as those, one character for one, and the text is otherwise kept as written.
 *
 * Written as a walk from each @ back to where its local part starts, not as one regular
 * expression: that would try every character of a long text as a start, and could begin inside
 * a local part and leave its first characters beside the replacement.
 */
export function replaceEmails(
  text: string,
  replace: (local: string, domain: string, runsOn: boolean) => string,
): string {
  // Same length as `text` (each replacement one UTF-16 unit for one): its indexes are text's.
  const plain = text.replace(/[＠﹫]/gu, "@").replace(/[。．｡﹒]/gu, ".");
  let replaced = "";
  let done = 0; // text before this index is in `replaced`
  for (let at = plain.indexOf("@"); at >= 0; at = plain.indexOf("@", Math.max(at + 1, done))) {
    DOMAIN.lastIndex = at + 1;
    const domain = DOMAIN.exec(plain)?.[0];
    if (!domain) continue;
    const start = localPartStart(plain, at, done);
    if (start === at) continue; // nothing before the @: no address
    const end = at + 1 + domain.length;
    replaced +=
      text.slice(done, start) +
      replace(text.slice(start, at), text.slice(at + 1, end), plain[end] === "@");
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

/** A run of 7 or more digits: a phone number (0559211848, 233559211848), an account number. */
const LONG_NUMBER = /\d{7,}/g;

/**
 * An @ percent-encoded in a path: once or twice (%2540: some clients and proxies do that), the
 * plain one, the full-width ＠ or the small ﹫ (UTF-8 EF BC A0, EF B9 AB).
 */
const ENCODED_AT = /%(?:25)*(?:40|EF%(?:25)*(?:BC%(?:25)*A0|B9%(?:25)*AB))/gi;

/**
 * The path of a request to one of our routes or pages, as logged: never the query string (it
 * carries tokens), addresses masked (also when percent-encoded), every run of 7+ digits as `#`s,
 * and cut short, so that a path cannot smuggle personal data or flood the log.
 */
export function loggablePath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return hideNumbers(maskEmails(path.replace(ENCODED_AT, "@"))).slice(0, 200);
}

/** A segment that can only be a dot-file a scanner asks for (`.env`, `.git`, `.well-known`). */
const DOT_FILE = /^\.[a-z][a-z0-9_-]{0,19}$/;
/** A file's extension (`.php`, `.asp`), which tells a scanner's aim. */
const EXTENSION = /\.[a-z][a-z0-9]{0,4}$/i;

/**
 * The path of a request that none of our routes or pages answers (a 404, a 405, a console
 * address the browser routes), as logged. Such a path is whatever was typed or linked, a person's
 * name or number included ("/Kwame-Mensah/0559211848"), so only what cannot be personal stays:
 * the first segment when it is one of `sections` (the first segments of our own pages and
 * routes: "api", "articles", "staff"…), a dot-file's name, and a last segment's extension; every
 * other segment becomes its length in brackets. "/wp-admin/setup-config.php" is logged as
 * "/[8]/[12].php", "/articles/kwame" as "/articles/[5]": enough to tell a scanner from a broken
 * link. Runs of 7+ digits become `#`s wherever they are left.
 */
export function loggableUnknownPath(url: string, sections: ReadonlySet<string>): string {
  const segments = (url.split("?")[0] ?? "").split("/").slice(1);
  const kept = segments.map((segment, i) => {
    if (segment === "" || (i === 0 && sections.has(segment)) || DOT_FILE.test(segment)) {
      return segment;
    }
    const extension = i === segments.length - 1 ? (EXTENSION.exec(segment)?.[0] ?? "") : "";
    return `[${segment.length - extension.length}]${extension}`;
  });
  return hideNumbers(`/${kept.join("/")}`).slice(0, 200);
}

function hideNumbers(text: string): string {
  return text.replace(LONG_NUMBER, (digits) => "#".repeat(digits.length));
}
