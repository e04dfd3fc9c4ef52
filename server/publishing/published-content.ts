/**
 * What the site shows of the published content, read from the database for the pages the server
 * renders (server/static/published-pages.ts) and for a draft's preview.
 */
import type { ContentKind, PublishedContent } from "../../common/published";
import { NOTHING_PUBLISHED } from "../../common/published";
import type { DB } from "../db/database";

/**
 * Everything on the site at `now`: published items (a scheduled one whose time has come counts,
 * a position past its closing date does not), newest first, with the redirects of renamed slugs
 * and the addresses of items taken off.
 */
export async function loadPublishedContent(_db: DB, _now: Date): Promise<PublishedContent> {
  return NOTHING_PUBLISHED;
}

/**
 * The content as it would be with item `id`'s latest revision published: what its preview
 * renders, and the address it would have. Null when there is no such item of `kind`.
 */
export async function loadPreviewContent(
  _db: DB,
  _kind: ContentKind,
  _id: string,
  _now: Date,
): Promise<{ content: PublishedContent; path: string } | null> {
  return null;
}
