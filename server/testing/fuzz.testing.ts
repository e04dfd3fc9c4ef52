import fc from "fast-check";
import { STAFF_ROLES } from "../../staff-api/roles";
import { attackMarkdown } from "../newsletter/markdown/markdown.testing";
import { type StaffApi, signedInStaff } from "./staff-api";

// What every generated attack on the staff API draws from: text of every kind with control
// characters spliced in, JSON values of it, content types, and the sessions of every role.

/**
 * Characters no staff input may hold (leads/fields.ts): NUL (PostgreSQL refuses it in text, FTS5
 * ends its query at it), ESC, BEL, DEL, NEL, a bidirectional override, a line separator and a
 * lone surrogate.
 */
const CONTROLS = ["\u0000", "\u001b", "\u0007", "\u007f", "\u0085", "\u202e", "\u2028", "\ud800"];

/**
 * The kinds of text every generated string is drawn from, one line each: another generator
 * (generated Markdown, say) joins them with one line more.
 */
const TEXT_KINDS: fc.Arbitrary<string>[] = [
  fc.string(),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom("", "a@b.gh", "ama@example.com", "A".repeat(43), "__proto__", "%00", "none"),
  fc.constantFrom("won", "admin", "demo", "banking", "confirmed", "failed", "2026-11-01", "50"),
  // What SQLite's FTS5 would read as query syntax, were the search not one quoted phrase.
  fc.constantFrom('"', 'a"b', "***", "^abc", "NEAR(abc def)", "abc AND def", "OR", "NOT abc"),
  fc.constantFrom("(abc", "abc)", "search_text:abc", "{abc}", "-abc", "abc*", "x".repeat(200)),
  // Hostile Markdown (raw HTML, entities, links of every scheme, deep nesting) for the campaigns.
  attackMarkdown,
];

/** Text of any kind, two times in three with a control character spliced in somewhere. */
export const text = fc
  .tuple(fc.oneof(...TEXT_KINDS), fc.option(fc.constantFrom(...CONTROLS), { freq: 3 }), fc.nat())
  .map(([base, control, at]) => {
    if (control === null) return base;
    const i = at % (base.length + 1);
    return base.slice(0, i) + control + base.slice(i);
  });

export const value = fc.oneof(
  { weight: 3, arbitrary: text },
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string(), text, { maxKeys: 3 }),
);

/** Mostly JSON, as the console sends it. */
export const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constant("application/json") },
  fc.constantFrom("application/json; charset=utf-8", "text/plain", ""),
);

/** Staff of every role signed in, their cookies, and the cookies of nobody signed in. */
export async function sessions(api: StaffApi) {
  const signedIn: string[] = [];
  for (const role of STAFF_ROLES) {
    signedIn.push((await signedInStaff(api, `${role}@example.com`, role)).cookie);
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...signedIn) },
    fc.constantFrom(undefined, "staff_session=nonsense"),
  );
}
