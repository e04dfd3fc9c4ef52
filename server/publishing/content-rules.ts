/**
 * The rules a revision must keep before it is saved: its slug free for it (no other item of its
 * kind holds it now or ever published it, and no built page of the site has its address), and
 * its cover a picture of the media library, described.
 */
import type { Transaction } from "kysely";
import type { ContentKind } from "../../common/published";
import { COVER_NEEDS_ALT, type ContentFields, SLUG_TAKEN } from "../../staff-api/publishing";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import { Refused } from "../http/contract-routes";
import { MAX_SLUG, PUBLIC_PATHS, slugFromTitle } from "./content-kinds";

type Db = DB | Transaction<Database>;

/** Whether the site has a built page at a path (the Markdown articles' pages among them). */
export type IsBuiltPage = (path: string) => boolean;

/** The slugs of `kind` held by items other than `itemId`: now, or ever published. */
async function slugsTaken(db: Db, kind: ContentKind, itemId: string | null): Promise<Set<string>> {
  const other = itemId ?? "";
  const [items, history] = await Promise.all([
    db
      .selectFrom("content_items")
      .select(["slug", "published_slug"])
      .where("kind", "=", kind)
      .where("id", "!=", other)
      .execute(),
    db
      .selectFrom("content_slugs")
      .select("slug")
      .where("kind", "=", kind)
      .where("item_id", "!=", other)
      .execute(),
  ]);
  const taken = new Set(history.map((row) => row.slug));
  for (const row of items) {
    taken.add(row.slug);
    if (row.published_slug) taken.add(row.published_slug);
  }
  return taken;
}

/** Refuses (409) a slug another item of the kind holds, or that a built page's address has. */
export async function checkSlugFree(
  db: Db,
  kind: ContentKind,
  slug: string,
  itemId: string | null,
  isBuiltPage: IsBuiltPage,
): Promise<void> {
  const taken = await slugsTaken(db, kind, itemId);
  if (taken.has(slug) || isBuiltPage(PUBLIC_PATHS[kind](slug))) throw new Refused(409, SLUG_TAKEN);
}

/** A new item's slug from its title: the title's, or with -2, -3… when that one is taken. */
export async function freeSlugFromTitle(
  db: Db,
  kind: ContentKind,
  title: string,
  isBuiltPage: IsBuiltPage,
): Promise<string> {
  const taken = await slugsTaken(db, kind, null);
  const free = (slug: string) => !taken.has(slug) && !isBuiltPage(PUBLIC_PATHS[kind](slug));
  const first = slugFromTitle(kind, title);
  if (free(first)) return first;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const slug = `${slugFromTitle(kind, title, MAX_SLUG - suffix.length)}${suffix}`;
    if (free(slug)) return slug;
  }
}

/** Refuses (400) a cover that is no picture of the media library, or one not described. */
export async function checkCover(db: Db, fields: ContentFields): Promise<void> {
  if (!("coverImage" in fields) || fields.coverImage === null) return;
  const picture = await db
    .selectFrom("media")
    .select("id")
    .where("id", "=", fields.coverImage)
    .executeTakeFirst();
  if (!picture) throw new Refused(400, "coverImage: No such picture");
  if (!fields.coverAlt.trim()) throw new Refused(400, `coverAlt: ${COVER_NEEDS_ALT}`);
}
