// zod/mini: the same validation engine with a tree-shakable API, so the browser bundle carries
// only the checks these forms use (a few kilobytes instead of the whole library).
import * as z from "zod/mini";
import { MAX_MESSAGE, MAX_TEXT, UNSAFE_CHARACTERS_MESSAGE } from "./messages";
import { cleanSource } from "./source";

// The limits and the message live with the forms' other words (messages.ts); kept here too for
// the staff API, which builds its fields from this module.
export { MAX_MESSAGE, MAX_TEXT, UNSAFE_CHARACTERS_MESSAGE };

/**
 * Characters no field may hold: control characters (NUL breaks PostgreSQL, ESC sequences reach
 * the terminal of whoever exports leads), unpaired surrogates, and the bidirectional overrides
 * that make a name display as something else. Line and paragraph separators too, since only the
 * message is multi-line.
 */
const UNSAFE_ONE_LINE = /[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** The same, with tabs and line breaks allowed (the contact message). */
const UNSAFE_MULTI_LINE = /[^\P{Cc}\t\n\r]|[\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/**
 * A character a reader can see: not white space, not a format character (zero-width spaces,
 * joiners), not a lone combining mark, not one of the letters that render blank (Hangul fillers,
 * the braille blank). A value made only of invisible characters counts as empty.
 */
const VISIBLE = /[^\s\p{Z}\p{Cf}\p{M}\u115f\u1160\u3164\uffa0\u2800]/u;

/** The length message of a field that names none (the staff API's own fields). */
const atMost = (max: number) => `Must be at most ${max} characters`;

interface TextOptions {
  max?: number;
  /** What the field says when it is longer than `max`; a form names the field (messages.ts). */
  tooLong?: string;
  /** Tabs and line breaks allowed (a message); line breaks are stored as "\n". */
  multiLine?: boolean;
  /** What else a value that is not empty must be (a phone number), checked last. */
  rule?: { test: (value: string) => boolean; message: string };
}

function textChecks(
  message: string | null,
  { max = MAX_TEXT, tooLong = atMost(max), multiLine = false, rule }: TextOptions,
) {
  const unsafe = multiLine ? UNSAFE_MULTI_LINE : UNSAFE_ONE_LINE;
  return [
    z.trim(),
    z.normalize("NFC"),
    ...(multiLine ? [z.overwrite<string>((value) => value.replace(/\r\n?/g, "\n"))] : []),
    ...(message
      ? [
          z.minLength(1, message),
          z.refine<string>((value) => value === "" || VISIBLE.test(value), message),
        ]
      : []),
    z.refine<string>((value) => !unsafe.test(value), UNSAFE_CHARACTERS_MESSAGE),
    z.maxLength(max, tooLong),
    // Only on a value of sane length: the rule may be slow on long hostile input.
    ...(rule
      ? [
          z.refine<string>(
            (value) => value === "" || value.length > max || rule.test(value),
            rule.message,
          ),
        ]
      : []),
  ];
}

/** A required text field: trimmed, then non-empty with something visible in it. */
export const requiredText = (message: string, options: TextOptions = {}) =>
  z.string({ error: message }).check(...textChecks(message, options));

/** An optional text field: trimmed, may be empty or absent. */
export const optionalText = (options: TextOptions = {}) =>
  z._default(z.string().check(...textChecks(null, options)), "");

/**
 * An optional one-line filter a member of staff types (a search box, a product): trimmed, and
 * refused only for the characters no field may hold or for its length. Empty means no filter, so
 * it has no "required" message.
 */
export const filterText = (max = MAX_TEXT) =>
  z.optional(z.string().check(...textChecks(null, { max })));

/** Spam trap: a hidden field people never see, so any value in it comes from a bot. */
export const honeypot = z.optional(z.string().check(z.maxLength(MAX_TEXT)));

/**
 * The `source` of every lead form: where the visit came from, cleaned by cleanSource (source.ts)
 * and never a reason to refuse the form. (source.ts itself stays free of zod: the inline script
 * of every page uses its names.)
 */
export const sourceField = z.optional(z.pipe(z.unknown(), z.transform(cleanSource)));

/** Longest consent version kept; a longer one is treated as unknown. */
const MAX_CONSENT_VERSION = 40;

/**
 * The `consentVersion` of every lead form: which version of its consent wording (consent.ts) the
 * page showed. Optional, so that a page cached before it existed still posts; anything that is
 * not a short text is dropped, and the server then records the current wording. Never a reason
 * to refuse the form.
 */
export const consentVersionField = z.optional(
  z.pipe(
    z.unknown(),
    z.transform((value) =>
      typeof value === "string" && value.length <= MAX_CONSENT_VERSION ? value : undefined,
    ),
  ),
);

/**
 * The fields every lead form posts beside its own: the `website` honeypot, where the visit came
 * from and the version of the consent wording shown. None of them is ever a reason to refuse it.
 */
export const formPostFields = {
  website: honeypot,
  source: sourceField,
  consentVersion: consentVersionField,
};
