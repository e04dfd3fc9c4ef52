/**
 * What differs between the three kinds of published content: their public address, the fields a
 * revision stores, and what a new item starts with. The rest of publishing treats them alike.
 */
import * as z from "zod/mini";
import type { ContentKind } from "../../common/published";
import { articlePath, caseStudyPath, positionPath } from "../../common/paths";
import {
  ArticleFields,
  CaseStudyFields,
  type ContentFields,
  PositionFields,
} from "../../staff-api/publishing";
import { instant } from "../http/route-kit";

/** An item's public address from its slug. */
export const PUBLIC_PATHS: Record<ContentKind, (slug: string) => string> = {
  article: articlePath,
  caseStudy: caseStudyPath,
  position: positionPath,
};

/** The complete fields a revision stores, as the contract answers them. */
const FIELDS: Record<ContentKind, z.ZodMiniType<ContentFields>> = {
  article: ArticleFields,
  caseStudy: CaseStudyFields,
  position: PositionFields,
};

/** What a new item has where its body says nothing (the slug and the author are worked out). */
const DEFAULTS: Record<ContentKind, Record<string, unknown>> = {
  article: { tags: [], coverImage: null, coverAlt: "" },
  caseStudy: { quote: null, coverImage: null, coverAlt: "" },
  position: {},
};

/** The slug a title gives when none is chosen, and what an item of no Latin letters gets. */
const FALLBACK_SLUG: Record<ContentKind, string> = {
  article: "article",
  caseStudy: "case-study",
  position: "position",
};

/** A slug's longest (staff-api/publishing.ts refuses longer). */
export const MAX_SLUG = 80;

/**
 * A slug from a title: lowercase ASCII letters and digits joined by hyphens, accents dropped
 * ("Café à Accra" gives "cafe-a-accra"), at most `max` characters cut at a word's end.
 */
export function slugFromTitle(kind: ContentKind, title: string, max = MAX_SLUG): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) break;
    slug = next;
  }
  // A first word longer than the limit is cut rather than lost.
  if (!slug && words[0]) slug = words[0].slice(0, max);
  return slug || FALLBACK_SLUG[kind].slice(0, max);
}

/**
 * The complete fields of a revision: `base` (the latest's, or the kind's defaults for a new one)
 * with what `changes` sends; undefined means "unchanged". A position's closing time is kept as
 * an ISO instant (a date alone closes at that day's end, Accra time being UTC).
 */
export function completeFields(
  kind: ContentKind,
  base: Record<string, unknown> | null,
  changes: Record<string, unknown>,
): ContentFields {
  const merged: Record<string, unknown> = { ...(base ?? DEFAULTS[kind]) };
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) merged[key] = value;
  }
  if (kind === "position" && typeof merged.closesAt === "string") {
    merged.closesAt = instant(merged.closesAt, true) ?? merged.closesAt;
  }
  return z.parse(FIELDS[kind], merged);
}

/** A revision's stored fields, read back. */
export function storedFields(kind: ContentKind, text: string): ContentFields {
  return z.parse(FIELDS[kind], JSON.parse(text));
}

/** The title, which every kind has. */
export function titleOf(fields: ContentFields): string {
  return fields.title;
}

/** A position's closing time; null for the other kinds. */
export function closesAtOf(kind: ContentKind, fields: ContentFields): string | null {
  return kind === "position" ? (fields as PositionFields).closesAt : null;
}
