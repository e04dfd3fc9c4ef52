/**
 * A change refused as stale (412: a colleague changed the record since the page read it), as
 * every page of the console tells it (decision 0068): who changed it and when, what changed,
 * that this change was not made, and what to do now. And the version a page's form was filled
 * from, which its next change names.
 */
import { useState } from "react";
import { formatDateTime } from "./format";

export interface ChangedWhileOpen {
  /** Who changed it ("Ama"); "Someone else" when the record does not say. */
  who?: string | null;
  /** What was changed, as the sentence names it: "this lead", "this campaign". */
  record: string;
  /** When, said in Accra time; left out when the record does not say. */
  at?: string | null;
  /** What is different now, each part its own phrase ("status is now Qualified"). */
  changes: readonly string[];
  /** That this change was not made: "Your change was not saved." */
  notMade: string;
  /** What to do now: "The form now shows the lead as it is: …". */
  next: string;
}

/**
 * "Ama changed this campaign at 7 Dec 2026, 14:05 Accra time while you had it open: the subject
 * is now “Offers”, and the message. Your save was not made. …"
 */
export function changedWhileOpen({
  who,
  record,
  at,
  changes,
  notMade,
  next,
}: ChangedWhileOpen): string {
  const when = at ? ` at ${formatDateTime(at)}` : "";
  const what = changes.length ? `: ${changes.join(", and ")}` : "";
  return `${who || "Someone else"} changed ${record}${when} while you had it open${what}. ${notMade} ${next}`;
}

/** A value as a short phrase can quote it, or null when it is too long or spans lines. */
export function quoted(value: string): string | null {
  return value.length <= 80 && !value.includes("\n") ? `“${value}”` : null;
}

/** What a page read: the record as its form was filled from it, and that record's version. */
export interface Read<R> {
  record: R;
  version: string;
}

/**
 * The record and version a page's form was filled from: what its next change names (If-Match)
 * and what a refusal as stale is compared with. It moves on only with this page's own answers
 * (`answered`: a save, or a refusal as stale bringing the record as it now is), never with a
 * reload of the page's data behind the person's back (after another button, or on a timer):
 * that would let their next save overwrite a colleague's change they never saw.
 */
export function useRead<R>(
  loaded: Read<R>,
  answered: Read<R> | undefined,
  /** Which record it is (a campaign's id): the page opening another starts from its reading. */
  of = "",
): Read<R> {
  const [read, setRead] = useState({ of, ...loaded });
  const [seen, setSeen] = useState(answered);
  if (read.of !== of) setRead({ of, ...loaded });
  if (answered !== seen) {
    setSeen(answered);
    if (answered) setRead({ of, ...answered });
  }
  return read.of === of ? read : loaded;
}

/** The version a form's ReadFields carry (components/read-fields.tsx). */
export const versionIn = (form: FormData) => String(form.get("version") ?? "");

/** A value of the record as the form's page read it (its ReadFields), as text; "" for none. */
export const wasIn = (form: FormData, name: string) => String(form.get(`was.${name}`) ?? "");

/**
 * A version a list carries in its items (an account's, a subscriber's) as a change names it in
 * If-Match: an entity tag, quoted, as a record's own ETag comes.
 */
export const entityTag = (version: string) => `"${version}"`;
