/**
 * Publishing's words and rules in the console, one set for the three kinds (articles, case
 * studies, open positions): an item's status in words, its fields as the editor holds them and
 * as the API takes them, what changed between two versions, and which field a refusal is about.
 * The pages (pages/content-*.tsx) and their components read only this and the contract
 * (staff-api/publishing.ts); decision 0067.
 */
import * as z from "zod/mini";
import { consolePaths } from "@common/paths";
import type { ContentKind } from "@common/published";
import {
  COVER_NEEDS_ALT,
  CONTENT_APIS,
  type ContentSummary,
  SLUG_TAKEN,
} from "../staff-api/publishing";
import type { TeamMember } from "../staff-api/admin";
import { nameOf } from "./components/staff-name";
import { TIME_ZONE_LABEL, formatDateTime, fromAccraInput, toAccraInput } from "./format";

/** Each kind's list in the console; `/new` is a new item's editor, `/<id>` an item's. */
export const CONSOLE_CONTENT_PATHS: Record<ContentKind, string> = {
  article: consolePaths.articles,
  caseStudy: consolePaths.caseStudies,
  position: consolePaths.positions,
};

/** One result of a case study as typed: a figure and what it measures. */
export interface ResultRow {
  /** Stable across removals, for React and for the focus. */
  key: number;
  figure: string;
  label: string;
}

/**
 * Every field of every kind as the editor holds it: text as typed (tags comma separated, the
 * closing time as Accra's datetime-local value), the results as rows, the quote as two texts.
 * A kind uses its own (`FIELDS_OF`); the others stay empty.
 */
export interface ContentValues {
  title: string;
  summary: string;
  markdown: string;
  slug: string;
  tags: string;
  author: string;
  coverImage: string | null;
  coverAlt: string;
  client: string;
  sector: string;
  challenge: string;
  solution: string;
  results: ResultRow[];
  quoteText: string;
  quoteBy: string;
  category: string;
  location: string;
  workType: string;
  description: string;
  howToApply: string;
  closesAt: string;
}

/** The fields the API takes of each kind, in the order the editor shows them. */
export const FIELDS_OF = {
  article: ["title", "summary", "markdown", "slug", "tags", "author", "coverImage", "coverAlt"],
  caseStudy: [
    "title",
    "summary",
    "client",
    "sector",
    "challenge",
    "solution",
    "results",
    "quote",
    "slug",
    "coverImage",
    "coverAlt",
  ],
  position: [
    "category",
    "title",
    "location",
    "workType",
    "description",
    "howToApply",
    "closesAt",
    "slug",
  ],
} as const satisfies Record<ContentKind, readonly string[]>;

export type ApiField = (typeof FIELDS_OF)[ContentKind][number];

/** Each field's name in words: the editor's labels and the revision comparison's rows. */
export const FIELD_LABELS: Record<ApiField, string> = {
  title: "Title",
  summary: "Summary",
  markdown: "Article (Markdown)",
  slug: "Slug (the address's last part)",
  tags: "Tags",
  author: "Author",
  coverImage: "Cover picture",
  coverAlt: "Cover picture's description",
  client: "Client",
  sector: "Sector",
  challenge: "Challenge (Markdown)",
  solution: "Solution (Markdown)",
  results: "Results",
  quote: "Quote",
  category: "Category",
  location: "Location",
  workType: "Work type",
  description: "Description (Markdown)",
  howToApply: "How to apply (Markdown)",
  closesAt: `Applications close (${TIME_ZONE_LABEL})`,
};

let nextRowKey = 0;
export const resultRow = (figure = "", label = ""): ResultRow => ({
  key: nextRowKey++,
  figure,
  label,
});

/** A new item's editor: everything empty, one result row to fill. */
export function blankValues(): ContentValues {
  return {
    ...valuesOf({}),
    results: [resultRow()],
  };
}

/** An item's stored fields (any kind's, as the API answers them) as the editor holds them. */
export function valuesOf(fields: Partial<Record<string, unknown>>): ContentValues {
  const text = (name: string) => (typeof fields[name] === "string" ? fields[name] : "");
  const results = Array.isArray(fields.results)
    ? (fields.results as { figure: string; label: string }[])
    : [];
  const quote = fields.quote as { text: string; by: string } | null | undefined;
  const closesAt = text("closesAt");
  return {
    title: text("title"),
    summary: text("summary"),
    markdown: text("markdown"),
    slug: text("slug"),
    tags: Array.isArray(fields.tags) ? (fields.tags as string[]).join(", ") : "",
    author: text("author"),
    coverImage: typeof fields.coverImage === "string" ? fields.coverImage : null,
    coverAlt: text("coverAlt"),
    client: text("client"),
    sector: text("sector"),
    challenge: text("challenge"),
    solution: text("solution"),
    results: results.map((row) => resultRow(row.figure, row.label)),
    quoteText: quote?.text ?? "",
    quoteBy: quote?.by ?? "",
    category: text("category"),
    location: text("location"),
    workType: text("workType"),
    description: text("description"),
    howToApply: text("howToApply"),
    closesAt: closesAt ? toAccraInput(new Date(closesAt)) : "",
  };
}

/**
 * What the API is sent for a field as typed. The closing time is Accra's wall clock, sent as the
 * instant it names (empty or impossible, it is sent as typed and refused at its field). Tags are
 * the comma-separated words. A quote with neither part is none.
 */
function apiValueOf(values: ContentValues, field: ApiField): unknown {
  switch (field) {
    case "tags":
      return values.tags
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean);
    case "results":
      return values.results.map(({ figure, label }) => ({ figure, label }));
    case "quote":
      return values.quoteText.trim() || values.quoteBy.trim()
        ? { text: values.quoteText, by: values.quoteBy }
        : null;
    case "closesAt":
      return fromAccraInput(values.closesAt)?.toISOString() ?? values.closesAt;
    case "coverImage":
      return values.coverImage;
    default:
      return values[field];
  }
}

/** The whole of a kind's fields as the API takes them (a new item's body). */
export function bodyOf(kind: ContentKind, values: ContentValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of FIELDS_OF[kind]) body[field] = apiValueOf(values, field);
  // Left empty, the server chooses: a slug from the title, the writer as the author.
  if (body.slug === "") delete body.slug;
  if (body.author === "") delete body.author;
  return body;
}

/** The fields of `values` that differ from `base` (as read): what a save sends. */
export function changesOf(
  kind: ContentKind,
  base: ContentValues,
  values: ContentValues,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of FIELDS_OF[kind]) {
    const now = apiValueOf(values, field);
    if (JSON.stringify(now) !== JSON.stringify(apiValueOf(base, field))) changes[field] = now;
  }
  return changes;
}

/** The fields whose values differ between two versions of an item, in the editor's order. */
export function changedFields(
  kind: ContentKind,
  before: ContentValues,
  after: ContentValues,
): ApiField[] {
  return Object.keys(changesOf(kind, before, after)) as ApiField[];
}

/** A field's value in words, for the revision comparison and a colleague's save. */
export function fieldText(
  values: ContentValues,
  field: ApiField,
  pictureName: (id: string) => string,
): string {
  switch (field) {
    case "results":
      return values.results.map((row) => `${row.figure} ${row.label}`).join("\n") || "None";
    case "quote":
      return values.quoteText || values.quoteBy
        ? `“${values.quoteText}” — ${values.quoteBy}`
        : "None";
    case "coverImage":
      return values.coverImage ? pictureName(values.coverImage) : "None";
    case "closesAt": {
      const at = fromAccraInput(values.closesAt);
      return at ? formatDateTime(at.toISOString()) : "None";
    }
    default:
      return values[field] || "Empty";
  }
}

/** Field errors by the editor's field key: "title", "results.0.figure", "quote.by". */
export type FieldErrors = Record<string, string>;

const keyOf = (path: readonly PropertyKey[]) => path.map(String).join(".");

/**
 * What the kind's rules refuse in `body` (the contract's schema of a change), by field: checked
 * before sending, so a refusal is said at its field with the server's own words.
 */
export function fieldErrorsOf(kind: ContentKind, body: Record<string, unknown>): FieldErrors {
  const checked = z.safeParse(CONTENT_APIS[kind].update.body, body);
  const errors: FieldErrors = {};
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const key = keyOf(issue.path);
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The field a refusal of the server is about, when it names one: the address taken, the cover's
 * missing description, or a rule of one field of what was sent (its message is that rule's).
 */
export function fieldOfRefusal(
  kind: ContentKind,
  message: string,
  sent: Record<string, unknown>,
): string | null {
  if (message === SLUG_TAKEN) return "slug";
  if (message === COVER_NEEDS_ALT) return "coverAlt";
  for (const [field, value] of Object.entries(sent)) {
    const errors = fieldErrorsOf(kind, { [field]: value });
    const key = Object.keys(errors).find((at) => errors[at] === message);
    if (key) return key;
  }
  return null;
}

/**
 * An item's status in words, as its list and its page say it. A published item whose latest
 * revision is not the one on the site has unpublished changes; a position past its closing date
 * is closed, off the site.
 */
export function statusWords(
  item: Pick<ContentSummary, "status" | "publishAt" | "revision" | "publishedRevision" | "closed">,
): string {
  switch (item.status) {
    case "draft":
      return "Draft";
    case "scheduled":
      return `Scheduled for ${formatDateTime(item.publishAt)}`;
    case "unpublished":
      return "Unpublished";
    case "published":
      if (item.closed) return "Closed";
      return item.publishedRevision !== null && item.publishedRevision !== item.revision
        ? "Published with unpublished changes"
        : "Published";
  }
}

/** What a position's closing time says when it is not a day and time. */
export const CLOSES_AT_NEEDED = `Choose the day and time applications close, in ${TIME_ZONE_LABEL}`;

/**
 * Everything refused in what a save sends (`body`: the whole item, or the fields changed), by
 * field: the contract's rules, a chosen cover without its description, a closing time that is
 * not one.
 */
export function problemsOf(
  kind: ContentKind,
  values: ContentValues,
  body: Record<string, unknown>,
): FieldErrors {
  const errors = fieldErrorsOf(kind, body);
  if (kind !== "position" && values.coverImage && !values.coverAlt.trim()) {
    errors.coverAlt ??= COVER_NEEDS_ALT;
  }
  if ("closesAt" in body && !fromAccraInput(values.closesAt)) errors.closesAt = CLOSES_AT_NEEDED;
  return errors;
}

/** The editor's values that hold an API field. */
const HOLDERS: Partial<Record<ApiField, (keyof ContentValues)[]>> = {
  quote: ["quoteText", "quoteBy"],
};

/**
 * The editor after a colleague's save (a 412): the fields this person changed keep what they
 * typed, every other field takes the colleague's value, so the next save sends this person's
 * changes only and overwrites nothing else.
 */
export function mergeTheirs(
  kind: ContentKind,
  base: ContentValues,
  values: ContentValues,
  theirs: ContentValues,
): ContentValues {
  const mine = new Set(changedFields(kind, base, values));
  const merged = { ...values };
  for (const field of FIELDS_OF[kind]) {
    if (mine.has(field)) continue;
    for (const key of HOLDERS[field] ?? [field as keyof ContentValues]) {
      Object.assign(merged, { [key]: theirs[key] });
    }
  }
  return merged;
}

/**
 * What a save refused as stale (412) says: who saved meanwhile and when, each field they changed
 * with its value now when it is short, and that this person's own changes are kept.
 */
export function formatStale(
  kind: ContentKind,
  before: ContentValues,
  theirs: ContentValues,
  current: Pick<ContentSummary, "revision" | "updatedAt" | "updatedBy">,
  team: readonly TeamMember[],
  pictureName: (id: string) => string,
): string {
  const fields = changedFields(kind, before, theirs).map((field) => {
    const now = fieldText(theirs, field, pictureName);
    return now.length <= 80 && !now.includes("\n")
      ? `${FIELD_LABELS[field]} (now “${now}”)`
      : FIELD_LABELS[field];
  });
  const who = `${nameOf(team, current.updatedBy)} saved revision ${current.revision} at ${formatDateTime(current.updatedAt)} while you had it open, so your save was not made.`;
  const what = fields.length
    ? ` They changed: ${fields.join("; ")}.`
    : " They changed no field you see here.";
  return `${who}${what} The form now holds their version with your own changes kept: check it, then save again.`;
}
