import type { ContentKind } from "../../common/published";
import type { ContentStatus } from "../../staff-api/publishing";

/** Publishing's tables (migration 0026, server/publishing/). */
export interface PublishingTables {
  content_items: ContentItemTable;
  content_revisions: ContentRevisionTable;
  content_slugs: ContentSlugTable;
}

/** One article, case study or open position. */
export interface ContentItemTable {
  id: string;
  kind: ContentKind;
  status: ContentStatus;
  /** The latest revision's slug: unique per kind. */
  slug: string;
  /** The latest revision's number (1 for the first save): also the item's version (ETag). */
  revision: number;
  /** The revision on the site; null when none is. */
  published_revision: number | null;
  /** The slug of the published revision, kept once unpublished (its address answers 410). */
  published_slug: string | null;
  /** A position's closing time, of its published revision (an ISO instant). */
  closes_at: string | null;
  /** When a scheduled item goes on the site. */
  publish_at: string | null;
  /** When it first went on the site; kept when republished. */
  published_at: string | null;
  /** When the version on the site was published. */
  revision_published_at: string | null;
  unpublished_at: string | null;
  created_at: string;
  /** Addresses, kept when the account goes. */
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/** One save of an item, complete. */
export interface ContentRevisionTable {
  item_id: string;
  revision: number;
  /** The kind's fields (staff-api/publishing.ts ArticleFields, …) as JSON text. */
  fields: string;
  saved_at: string;
  saved_by: string;
}

/** A slug an item held when published: its address redirects, or answers 410, forever. */
export interface ContentSlugTable {
  kind: ContentKind;
  slug: string;
  item_id: string;
  first_published_at: string;
}
