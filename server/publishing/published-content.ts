/**
 * What the site shows of the published content, read from the database for the pages the server
 * renders (server/static/published-pages.ts) and for a draft's preview.
 */
import type {
  ContentKind,
  PublishedArticle,
  PublishedCaseStudy,
  PublishedContent,
  PublishedImage,
  PublishedPosition,
} from "../../common/published";
import type {
  ArticleFields,
  CaseStudyFields,
  ContentFields,
  PositionFields,
} from "../../staff-api/publishing";
import { sql } from "kysely";
import type { DB } from "../db/database";
import { PUBLIC_PATHS, storedFields } from "./content-kinds";

/** An item as the site shows it: which revision, since when, and its fields. */
interface Shown {
  id: string;
  kind: ContentKind;
  fields: ContentFields;
  publishedAt: string;
  updatedAt: string;
}

/** A preview's item: its latest revision shown as if published now. */
interface Override {
  id: string;
  kind: ContentKind;
}

/**
 * Everything on the site at `now`: published items (a scheduled one whose time has come counts,
 * a position past its closing date does not), newest first, with the redirects of renamed slugs
 * and the addresses of items taken off.
 */
export async function loadPublishedContent(db: DB, now: Date): Promise<PublishedContent> {
  return (await loadContent(db, now, null)).content;
}

/**
 * The content as it would be with item `id`'s latest revision published: what its preview
 * renders, and the address it would have. Null when there is no such item of `kind`.
 */
export async function loadPreviewContent(
  db: DB,
  kind: ContentKind,
  id: string,
  now: Date,
): Promise<{ content: PublishedContent; path: string } | null> {
  const { content, previewPath } = await loadContent(db, now, { id, kind });
  return previewPath === null ? null : { content, path: previewPath };
}

/**
 * Three queries whatever is published: the items but drafts with the revisions they show, every
 * slug ever published, and the covers' pictures.
 */
async function loadContent(
  db: DB,
  now: Date,
  preview: Override | null,
): Promise<{ content: PublishedContent; previewPath: string | null }> {
  const at = now.toISOString();
  const previewId = preview?.id ?? null;
  // The revision each item shows: a preview's latest; a scheduled item's latest once its time
  // has come (the schedule publishes it at its next tick); else the published one, if any.
  const shownRevision = sql`case
    when content_items.id = ${previewId} then content_items.revision
    when content_items.status = 'scheduled' and content_items.publish_at <= ${at}
      then content_items.revision
    else content_items.published_revision end`;
  const items = await db
    .selectFrom("content_items")
    .leftJoin("content_revisions", (join) =>
      join
        .onRef("content_revisions.item_id", "=", "content_items.id")
        .on(sql<boolean>`content_revisions.revision = ${shownRevision}`),
    )
    .select([
      "content_items.id",
      "content_items.kind",
      "content_items.status",
      "content_items.published_slug",
      "content_items.publish_at",
      "content_items.published_at",
      "content_items.revision_published_at",
      "content_revisions.fields",
    ])
    .where((eb) =>
      eb.or([eb("content_items.status", "!=", "draft"), eb("content_items.id", "=", previewId)]),
    )
    .execute();
  const target = items.find((item) => item.id === previewId && item.kind === preview?.kind);
  if (preview && !target) return { content: emptyContent(), previewPath: null };

  const shown: Shown[] = items.flatMap((item) => {
    if (item.fields === null) return [];
    const fields = storedFields(item.kind, item.fields);
    const due = item.status === "scheduled" && item.publish_at !== null && item.publish_at <= at;
    const times =
      item.id === previewId
        ? { publishedAt: item.published_at ?? at, updatedAt: at }
        : due
          ? {
              publishedAt: item.published_at ?? (item.publish_at as string),
              updatedAt: item.publish_at as string,
            }
          : {
              publishedAt: item.published_at ?? at,
              updatedAt: item.revision_published_at ?? at,
            };
    return [{ id: item.id, kind: item.kind, fields, ...times }];
  });
  const slugs = await db.selectFrom("content_slugs").select(["kind", "slug", "item_id"]).execute();
  const kindOf = new Map(items.map((item) => [item.id, item.kind]));
  // A position past its closing time leaves the site (its preview still shows it).
  const open = shown.filter(
    (item) =>
      item.id === target?.id ||
      item.kind !== "position" ||
      (item.fields as PositionFields).closesAt > at,
  );
  const covers = await picturesOf(db, open);

  const content = emptyContent();
  const pathOf = (item: { kind: ContentKind; fields: ContentFields }) =>
    PUBLIC_PATHS[item.kind](item.fields.slug);
  for (const item of open.toSorted((a, b) => b.publishedAt.localeCompare(a.publishedAt))) {
    addShown(content, item, covers);
  }
  content.media = Object.fromEntries(
    [...covers].map(([id, { width, height }]) => [id, { width, height }]),
  );
  // Every earlier address of an item on the site leads to its current one; every address of an
  // item off it (unpublished, or a position closed) is gone.
  const current = new Map(open.map((item) => [item.id, pathOf(item)]));
  const off = new Set(items.filter((item) => !current.has(item.id)).map((item) => item.id));
  for (const item of items) {
    if (off.has(item.id) && item.published_slug) {
      content.gone.push(PUBLIC_PATHS[item.kind](item.published_slug));
    }
  }
  for (const slug of slugs) {
    const path = PUBLIC_PATHS[slug.kind](slug.slug);
    const to = current.get(slug.item_id);
    if (to !== undefined && to !== path) content.redirects[path] = to;
    else if (to === undefined && kindOf.has(slug.item_id)) content.gone.push(path);
  }
  // An address an item is shown at is served, never redirected nor gone (the slug rules keep
  // two items from one address; this holds for a preview too).
  const live = new Set(current.values());
  for (const path of live) delete content.redirects[path];
  content.gone = [...new Set(content.gone)].filter((path) => !live.has(path));
  return { content, previewPath: target ? (current.get(target.id) ?? null) : null };
}

function emptyContent(): PublishedContent {
  return { articles: [], caseStudies: [], positions: [], redirects: {}, gone: [] };
}

/** An address of the media library in Markdown: `/media/<id>/…`, the id captured. */
const PICTURE_IN_TEXT = /\/media\/([0-9a-f-]{36})\//g;

/**
 * The media rows of the pictures shown, by id: the covers, and those the Markdown shows (the
 * page gives each its size, so that it takes its room before it loads).
 */
async function picturesOf(
  db: DB,
  shown: Shown[],
): Promise<Map<string, Omit<PublishedImage, "alt">>> {
  const ids = [
    ...new Set(
      shown.flatMap((item) => [
        ...("coverImage" in item.fields && item.fields.coverImage ? [item.fields.coverImage] : []),
        ...Object.values(item.fields).flatMap((value) =>
          typeof value === "string"
            ? [...value.matchAll(PICTURE_IN_TEXT)].map((match) => match[1] as string)
            : [],
        ),
      ]),
    ),
  ];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("media")
    .select(["id", "width", "height"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

function coverOf(
  fields: ArticleFields | CaseStudyFields,
  covers: Map<string, Omit<PublishedImage, "alt">>,
): PublishedImage | null {
  const picture = fields.coverImage ? covers.get(fields.coverImage) : undefined;
  return picture ? { ...picture, alt: fields.coverAlt } : null;
}

/**
 * An article's or a case study's fields as the site shows them: the cover's picture and alt
 * text made one image, and the slug left to the item's address.
 */
function withCover<F extends ArticleFields | CaseStudyFields>(
  fields: F,
  covers: Map<string, Omit<PublishedImage, "alt">>,
) {
  const { slug: _slug, coverImage: _picture, coverAlt: _alt, ...shown } = fields;
  return { ...shown, cover: coverOf(fields, covers) };
}

/** Adds an item to its kind's list in the shape the site renders. */
function addShown(
  content: PublishedContent,
  item: Shown,
  covers: Map<string, Omit<PublishedImage, "alt">>,
) {
  const times = {
    slug: item.fields.slug,
    publishedAt: item.publishedAt,
    updatedAt: item.updatedAt,
  };
  if (item.kind === "article") {
    const article: PublishedArticle = {
      ...times,
      ...withCover(item.fields as ArticleFields, covers),
    };
    content.articles.push(article);
  } else if (item.kind === "caseStudy") {
    const study: PublishedCaseStudy = {
      ...times,
      ...withCover(item.fields as CaseStudyFields, covers),
    };
    content.caseStudies.push(study);
  } else {
    const { slug: _slug, ...shown } = item.fields as PositionFields;
    const position: PublishedPosition = { ...times, ...shown };
    content.positions.push(position);
  }
}
