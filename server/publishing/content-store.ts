/**
 * Items and their revisions: creating one, changing it (a new complete revision each time),
 * restoring an earlier revision, and reading them as the contract answers them.
 */
import { randomUUID } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import type { ContentKind } from "../../common/published";
import { consolePreviewPath } from "../../common/paths";
import { type ContentFields, type ContentSummary, SLUG_TAKEN } from "../../staff-api/publishing";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import type { ContentItemTable } from "../db/schema-publishing";
import { Refused } from "../http/contract-routes";
import { PUBLIC_PATHS, completeFields, storedFields, titleOf } from "./content-kinds";
import { type IsBuiltPage, checkCover, checkSlugFree, freeSlugFromTitle } from "./content-rules";

type Db = DB | Transaction<Database>;
type ItemRow = Selectable<ContentItemTable>;

/** An item as the contract answers it: its state and its latest revision's fields. */
export type ContentItem = Omit<ContentSummary, "title"> & { fields: ContentFields };

/** Who saves, and when. */
export interface Save {
  by: string;
  at: Date;
}

/** Whether a published position's closing time has passed at `now`. */
export function isClosed(row: ItemRow, now: Date): boolean {
  return (
    row.kind === "position" &&
    row.status === "published" &&
    row.closes_at !== null &&
    row.closes_at <= now.toISOString()
  );
}

function stateOf(row: ItemRow, now: Date): Omit<ContentSummary, "title"> {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    revision: row.revision,
    publishedRevision: row.published_revision,
    publishAt: row.publish_at,
    publishedAt: row.published_at,
    closed: isClosed(row, now),
    publicPath: PUBLIC_PATHS[row.kind](row.published_slug ?? row.slug),
    previewPath: consolePreviewPath(row.kind, row.id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** Items joined to their latest revision, whose fields hold the title and the rest. */
function itemsWithLatestFields(db: Db) {
  return db
    .selectFrom("content_items")
    .innerJoin("content_revisions", (join) =>
      join
        .onRef("content_revisions.item_id", "=", "content_items.id")
        .onRef("content_revisions.revision", "=", "content_items.revision"),
    )
    .selectAll("content_items")
    .select("content_revisions.fields");
}

/** The item `id` of `kind` with its latest fields; null when there is none. */
export async function readItem(
  db: Db,
  kind: ContentKind,
  id: string,
  now: Date,
): Promise<ContentItem | null> {
  const row = await itemsWithLatestFields(db)
    .where("content_items.id", "=", id)
    .where("content_items.kind", "=", kind)
    .executeTakeFirst();
  if (!row) return null;
  const { fields, ...item } = row;
  return { ...stateOf(item, now), fields: storedFields(kind, fields) };
}

/** Every item of `kind`, the latest changed first, with its latest title. */
export async function listItems(db: Db, kind: ContentKind, now: Date): Promise<ContentSummary[]> {
  const rows = await itemsWithLatestFields(db)
    .where("content_items.kind", "=", kind)
    .orderBy("content_items.updated_at", "desc")
    .orderBy("content_items.id")
    .execute();
  return rows.map(({ fields, ...row }) => ({
    ...stateOf(row, now),
    title: titleOf(storedFields(kind, fields)),
  }));
}

/** Every revision of an item, the latest first; null when there is no such item. */
export async function listRevisions(db: Db, kind: ContentKind, id: string) {
  const item = await db
    .selectFrom("content_items")
    .select("id")
    .where("id", "=", id)
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!item) return null;
  const rows = await db
    .selectFrom("content_revisions")
    .selectAll()
    .where("item_id", "=", id)
    .orderBy("revision", "desc")
    .execute();
  return rows.map((row) => ({
    revision: row.revision,
    savedAt: row.saved_at,
    savedBy: row.saved_by,
    fields: storedFields(kind, row.fields),
  }));
}

/** The row of a new item: a draft at revision 1, never published. */
export function draftItemRow(id: string, kind: ContentKind, slug: string, save: Save) {
  const at = save.at.toISOString();
  return {
    id,
    kind,
    status: "draft" as const,
    slug,
    revision: 1,
    published_revision: null,
    published_slug: null,
    closes_at: null,
    publish_at: null,
    published_at: null,
    revision_published_at: null,
    unpublished_at: null,
    created_at: at,
    created_by: save.by,
    updated_at: at,
    updated_by: save.by,
  };
}

/** A unique index refused the slug: another item took it in the meantime. */
function slugRace(error: unknown): never {
  const text = String(error);
  if (/unique|duplicate/i.test(text) && text.includes("slug")) throw new Refused(409, SLUG_TAKEN);
  throw error;
}

/**
 * A new item from the contract's body: revision 1, a draft. Its slug is the one sent (409 when
 * taken) or its title's made free; an article's author, left out, is who writes it.
 */
export async function createItem(
  trx: Transaction<Database>,
  kind: ContentKind,
  body: Record<string, unknown>,
  save: Save & { name: string },
  isBuiltPage: IsBuiltPage,
): Promise<{ id: string; slug: string }> {
  const chosen = typeof body.slug === "string" && body.slug !== "" ? body.slug : null;
  if (chosen) await checkSlugFree(trx, kind, chosen, null, isBuiltPage);
  const slug = chosen ?? (await freeSlugFromTitle(trx, kind, String(body.title), isBuiltPage));
  const author = kind === "article" && !body.author ? { author: save.name || save.by } : {};
  const fields = completeFields(kind, null, { ...body, ...author, slug });
  await checkCover(trx, fields);
  const id = randomUUID();
  await trx
    .insertInto("content_items")
    .values(draftItemRow(id, kind, slug, save))
    .execute()
    .catch(slugRace);
  await insertRevision(trx, id, 1, fields, save);
  return { id, slug };
}

async function insertRevision(
  trx: Db,
  itemId: string,
  revision: number,
  fields: ContentFields,
  save: Save,
) {
  await trx
    .insertInto("content_revisions")
    .values({
      item_id: itemId,
      revision,
      fields: JSON.stringify(fields),
      saved_at: save.at.toISOString(),
      saved_by: save.by,
    })
    .execute();
}

/**
 * Saves `fields` as the item's next revision if its latest is still `revision` (the version the
 * change was made on); false when another change came first. Checks the slug (when it changes)
 * and the cover first.
 */
export async function saveRevision(
  trx: Transaction<Database>,
  item: ContentItem,
  fields: ContentFields,
  save: Save,
  isBuiltPage: IsBuiltPage,
): Promise<boolean> {
  if (fields.slug !== item.fields.slug) {
    await checkSlugFree(trx, item.kind, fields.slug, item.id, isBuiltPage);
  }
  await checkCover(trx, fields);
  const next = item.revision + 1;
  const changed = await trx
    .updateTable("content_items")
    .set({
      revision: next,
      slug: fields.slug,
      updated_at: save.at.toISOString(),
      updated_by: save.by,
    })
    .where("id", "=", item.id)
    .where("revision", "=", item.revision)
    .executeTakeFirst()
    .catch(slugRace);
  if (Number(changed.numUpdatedRows) !== 1) return false;
  await insertRevision(trx, item.id, next, fields, save);
  return true;
}

/**
 * The fields of an item changed by a partial body: the latest's with what it sends. An article's
 * author emptied keeps the one it had: a byline is never blank.
 */
export function changedFields(item: ContentItem, body: Record<string, unknown>): ContentFields {
  const { author, ...rest } = body;
  return completeFields(item.kind, { ...item.fields }, author === "" ? rest : body);
}

/** The fields of revision `revision` of an item; null when it has no such revision. */
export async function revisionFields(
  db: Db,
  item: Pick<ContentItem, "id" | "kind">,
  revision: number,
): Promise<ContentFields | null> {
  const row = await db
    .selectFrom("content_revisions")
    .select("fields")
    .where("item_id", "=", item.id)
    .where("revision", "=", revision)
    .executeTakeFirst();
  return row ? storedFields(item.kind, row.fields) : null;
}
