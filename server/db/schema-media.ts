import type { MediaFormat } from "../../common/media";

/** The media library's tables (migration 0025, server/media/). */
export interface MediaTables {
  media: MediaTable;
  media_variants: MediaVariantTable;
}

/** One uploaded picture. */
export interface MediaTable {
  id: string;
  name: string;
  width: number;
  height: number;
  sha256: string;
  /** The uploader's address, kept when the account goes. */
  uploaded_by: string;
  uploaded_at: string;
}

/** One size of a picture, as served: `/media/<media_id>/<width>.<format>` (common/media.ts). */
export interface MediaVariantTable {
  media_id: string;
  /** The width asked for (PAGE_WIDTHS, MAIL_WIDTH); `bytes` are no wider, never enlarged. */
  width: number;
  format: MediaFormat;
  height: number;
  bytes: Buffer;
}
