/**
 * Publishing from the console (server/publishing/, docs/publishing.md): articles, case studies
 * and open positions that marketing writes, saves as revisions, previews, publishes now or at a
 * time, and unpublishes. One set of endpoints per kind, alike but for the fields. For marketing
 * and admins. The pictures they use are the media library's (staff-api/media.ts).
 */
import * as z from "zod/mini";
import { type ContentKind, CONTENT_KINDS } from "../common/published";
import { SLUG_PATTERN } from "../common/paths";
import { filterText, requiredText } from "../leads/fields";
import { Failed, RECORD_REFUSALS, REFUSALS } from "./answers";
import { endpoint } from "./endpoint";
import { isoDate, sessionRead } from "./query";
import { MARKETING_ROLES } from "./roles";

/**
 * Where an item is: a `draft` never published (or taken back before its time); `scheduled` to be
 * published at `publishAt`; `published` (a position past its closing date stays published but
 * `closed`, off the site); `unpublished`, taken off the site after it was on it.
 */
export const CONTENT_STATUSES = ["draft", "scheduled", "published", "unpublished"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const NO_SUCH_ITEM = "No such item";
export const SLUG_TAKEN = "This address is taken: choose another slug";
export const COVER_NEEDS_ALT = "Describe the cover picture for people who cannot see it";

const slug = z.optional(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(80, "A slug is at most 80 characters"),
      z.regex(SLUG_PATTERN, "A slug is lowercase letters and digits joined by hyphens"),
    ),
);
/** A picture of the media library, by its id. */
export const mediaId = z.string().check(z.regex(/^[0-9a-f-]{36}$/, "No such picture"));
const cover = { coverImage: z.optional(z.nullable(mediaId)), coverAlt: filterText(200) };
const markdown = (message: string, max: number) => requiredText(message, { max, multiLine: true });

const title = requiredText("Enter a title", { max: 120 });
/** An article's and a case study's headline: what the site's lists and cards show of them. */
const headline = { title, summary: requiredText("Enter a summary", { max: 300 }) };

/** What a new article is written with; a change sends any of them. */
const ArticleShape = {
  ...headline,
  markdown: markdown("Write the article", 50_000),
  slug,
  tags: z.optional(
    z
      .array(requiredText("A tag cannot be empty", { max: 30 }))
      .check(z.maxLength(8, "At most 8 tags")),
  ),
  /** A name from the team; left out, the name of whoever writes it. */
  author: filterText(100),
  ...cover,
};

const CaseStudyShape = {
  ...headline,
  client: requiredText("Name the client", { max: 100 }),
  sector: requiredText("Name the client's sector", { max: 60 }),
  challenge: markdown("Describe the challenge", 10_000),
  solution: markdown("Describe the solution", 10_000),
  results: z
    .array(
      z.strictObject({
        figure: requiredText("Give the figure", { max: 20 }),
        label: requiredText("Say what the figure measures", { max: 120 }),
      }),
    )
    .check(z.minLength(1, "Give at least one result"), z.maxLength(6, "At most 6 results")),
  quote: z.optional(
    z.nullable(
      z.strictObject({
        text: requiredText("Enter the quote", { max: 500 }),
        by: requiredText("Say who said it", { max: 100 }),
      }),
    ),
  ),
  slug,
  ...cover,
};

const PositionShape = {
  category: requiredText("Choose a category", { max: 60 }),
  title,
  location: requiredText("Enter a location", { max: 100 }),
  workType: requiredText("Enter the work type", { max: 60 }),
  description: markdown("Describe the position", 20_000),
  howToApply: markdown("Say how to apply", 5_000),
  /** When applications close: an instant (the console sends Accra time with its offset). */
  closesAt: isoDate(),
  slug,
};

/** An item's fields as stored in a revision and answered: every field present. */
const storedCover = { coverImage: z.nullable(z.string()), coverAlt: z.string() };
const storedHeadline = { title: z.string(), summary: z.string() };
export const ArticleFields = z.strictObject({
  ...storedHeadline,
  markdown: z.string(),
  slug: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  ...storedCover,
});
export const CaseStudyFields = z.strictObject({
  ...storedHeadline,
  client: z.string(),
  sector: z.string(),
  challenge: z.string(),
  solution: z.string(),
  results: z.array(z.strictObject({ figure: z.string(), label: z.string() })),
  quote: z.nullable(z.strictObject({ text: z.string(), by: z.string() })),
  slug: z.string(),
  ...storedCover,
});
export const PositionFields = z.strictObject({
  category: z.string(),
  title: z.string(),
  location: z.string(),
  workType: z.string(),
  description: z.string(),
  howToApply: z.string(),
  closesAt: z.string(),
  slug: z.string(),
});
export type ArticleFields = z.output<typeof ArticleFields>;
export type CaseStudyFields = z.output<typeof CaseStudyFields>;
export type PositionFields = z.output<typeof PositionFields>;
export type ContentFields = ArticleFields | CaseStudyFields | PositionFields;

/** What every item says of itself besides its fields: where it is, and where it is shown. */
const ItemState = {
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  status: z.enum(CONTENT_STATUSES),
  /** The latest revision's number (1 for the first save); the fields are that revision's. */
  revision: z.number(),
  /** The revision the site shows, or null when none is on the site. */
  publishedRevision: z.nullable(z.number()),
  /** When a scheduled item goes on the site. */
  publishAt: z.nullable(z.string()),
  /** When it first went on the site. */
  publishedAt: z.nullable(z.string()),
  /** A position past its closing date: published, but off the site. */
  closed: z.boolean(),
  /** Its public address (common/paths.ts), from the published slug once it has one. */
  publicPath: z.string(),
  /** Its preview for signed-in staff (consolePreviewPath). */
  previewPath: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who saved the latest revision, by address. */
  updatedBy: z.string(),
};

const itemOf = <F extends z.ZodMiniType>(fields: F) => z.strictObject({ ...ItemState, fields });

/** An item in its kind's list: its state and its title. */
export const ContentSummary = z.strictObject({ ...ItemState, title: z.string() });
export type ContentSummary = z.output<typeof ContentSummary>;

const revisionsOf = <F extends z.ZodMiniType>(fields: F) =>
  z.strictObject({
    items: z.array(
      z.strictObject({
        revision: z.number(),
        savedAt: z.string(),
        savedBy: z.string(),
        fields,
      }),
    ),
  });

const itemIdText = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, NO_SUCH_ITEM));
const ItemId = z.object({ id: itemIdText });
const RevisionId = z.object({
  id: itemIdText,
  revision: z.string().check(z.regex(/^[1-9]\d{0,5}$/, "No such revision")),
});

/**
 * The endpoints of one kind at `base`: list, create, read, change (If-Match), revisions, restore
 * one (If-Match: a new revision with its fields), publish (now, or `at` an instant to come; an
 * If-Match, when sent, must be current) and unpublish. Refusals of a publish: 409 when the item
 * cannot be (a position whose closing date has passed).
 */
function contentApi<
  const Base extends string,
  Shape extends Record<string, z.ZodMiniType>,
  Fields extends z.ZodMiniType,
>(base: Base, shape: Shape, fields: Fields) {
  const Item = itemOf(fields);
  const one = { roles: MARKETING_ROLES, params: ItemId, notFound: NO_SUCH_ITEM } as const;
  // A change answers the item, or 409 (it cannot be made) or 412 (made on an older version).
  const changeAnswers = { 200: Item, ...RECORD_REFUSALS, 409: Failed, 412: Item } as const;
  return {
    list: sessionRead(base, MARKETING_ROLES, z.strictObject({ items: z.array(ContentSummary) })),
    create: endpoint({
      method: "POST",
      path: base,
      roles: MARKETING_ROLES,
      body: z.strictObject(shape),
      answers: {
        201: z.strictObject({ id: z.string(), slug: z.string() }),
        ...REFUSALS,
        409: Failed,
      },
    }),
    get: endpoint({
      method: "GET",
      path: `${base}/:id`,
      ...one,
      versioned: true,
      answers: { 200: Item, ...RECORD_REFUSALS },
    }),
    update: endpoint({
      method: "PATCH",
      path: `${base}/:id`,
      ...one,
      versioned: true,
      body: z.partial(z.strictObject(shape)),
      answers: { ...changeAnswers, 428: Failed },
    }),
    revisions: endpoint({
      method: "GET",
      path: `${base}/:id/revisions`,
      ...one,
      answers: { 200: revisionsOf(fields), ...RECORD_REFUSALS },
    }),
    restore: endpoint({
      method: "POST",
      path: `${base}/:id/revisions/:revision/restore`,
      roles: MARKETING_ROLES,
      params: RevisionId,
      notFound: NO_SUCH_ITEM,
      versioned: true,
      answers: { ...changeAnswers, 428: Failed },
    }),
    publish: endpoint({
      method: "POST",
      path: `${base}/:id/publish`,
      ...one,
      body: z.optional(z.strictObject({ at: z.optional(isoDate()) })),
      answers: { 202: Item, ...RECORD_REFUSALS, 409: Failed, 412: Item },
    }),
    unpublish: endpoint({
      method: "POST",
      path: `${base}/:id/unpublish`,
      ...one,
      answers: changeAnswers,
    }),
  };
}

export const articlesApi = contentApi("/api/staff/articles", ArticleShape, ArticleFields);
export const caseStudiesApi = contentApi(
  "/api/staff/case-studies",
  CaseStudyShape,
  CaseStudyFields,
);
export const positionsApi = contentApi("/api/staff/positions", PositionShape, PositionFields);

/** Each kind's endpoints, by kind: the console's pages and the server's routes are one per kind. */
export const CONTENT_APIS = {
  article: articlesApi,
  caseStudy: caseStudiesApi,
  position: positionsApi,
} as const satisfies Record<ContentKind, unknown>;

/** A kind in words, for the console's headings and the audit log. */
export const CONTENT_LABELS: Record<ContentKind, { one: string; many: string }> = {
  article: { one: "Article", many: "Articles" },
  caseStudy: { one: "Case study", many: "Case studies" },
  position: { one: "Open position", many: "Open positions" },
};
