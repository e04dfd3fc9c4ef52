/**
 * The media library in the database (migration 0025): a picture's row and its sizes' bytes, so
 * that every instance serves the same pictures (decision 0065).
 */
import { randomUUID } from "node:crypto";
import { LISTED_WIDTH, MAIL_WIDTH, type MediaFormat, mediaPath } from "../../common/media";
import type { MediaItem } from "../../staff-api/media";
import { type DB, lockKeyForTransaction } from "../db/database";
import type { MediaTable } from "../db/schema-media";
import type { ProcessedPicture } from "./processing";

function itemOf(row: MediaTable): MediaItem {
  return {
    id: row.id,
    url: mediaPath(row.id, LISTED_WIDTH, "webp"),
    width: row.width,
    height: row.height,
    name: row.name,
    uploadedAt: row.uploaded_at,
    uploadedBy: row.uploaded_by,
  };
}

/**
 * Stores a processed upload, or finds the picture already stored from the same bytes: the
 * library holds a file once, whoever uploaded it again and under whatever name. Two uploads of
 * the same file at once store it once (the key's lock; on SQLite one write runs at a time).
 */
export async function saveMedia(
  db: DB,
  picture: ProcessedPicture,
  { name, uploadedBy, at }: { name: string; uploadedBy: string; at: string },
): Promise<MediaItem> {
  return db.transaction().execute(async (trx) => {
    await lockKeyForTransaction(trx, `media:${picture.sha256}`);
    const known = await trx
      .selectFrom("media")
      .selectAll()
      .where("sha256", "=", picture.sha256)
      .executeTakeFirst();
    if (known) return itemOf(known);
    const row: MediaTable = {
      id: randomUUID(),
      name,
      width: picture.width,
      height: picture.height,
      sha256: picture.sha256,
      uploaded_by: uploadedBy,
      uploaded_at: at,
    };
    await trx.insertInto("media").values(row).execute();
    await trx
      .insertInto("media_variants")
      .values(
        picture.variants.map((variant) => ({
          media_id: row.id,
          width: variant.width,
          format: variant.format,
          height: variant.height,
          bytes: variant.bytes,
        })),
      )
      .execute();
    return itemOf(row);
  });
}

/** The whole library, newest first (a marketing team's pictures: hundreds, not millions). */
export async function listMedia(db: DB): Promise<MediaItem[]> {
  const rows = await db
    .selectFrom("media")
    .selectAll()
    .orderBy("uploaded_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(itemOf);
}

/** One size's bytes as served, with what its entity tag is made of; null when there is none. */
export async function readVariant(db: DB, id: string, width: number, format: MediaFormat) {
  const row = await db
    .selectFrom("media_variants")
    .innerJoin("media", "media.id", "media_variants.media_id")
    .select(["media_variants.bytes", "media.sha256"])
    .where("media_variants.media_id", "=", id)
    .where("media_variants.width", "=", width)
    .where("media_variants.format", "=", format)
    .executeTakeFirst();
  return row ? { bytes: Buffer.from(row.bytes), sha256: row.sha256 } : null;
}

/**
 * Adds a size a picture lacks (one made after its upload, processing.ts's `reencoded`). Two
 * instances making the same size at once store it once; the bytes are alike either way.
 */
export async function addVariant(
  db: DB,
  id: string,
  variant: { width: number; format: MediaFormat; height: number; bytes: Buffer },
): Promise<void> {
  await db
    .insertInto("media_variants")
    .values({ media_id: id, ...variant })
    .onConflict((conflict) => conflict.columns(["media_id", "width", "format"]).doNothing())
    .execute();
}

/** The mail size of a picture as an e-mail's `<img>` gives it: its real width and height. */
export interface MailPictureSize {
  width: number;
  height: number;
}

/**
 * The mail size (JPEG at MAIL_WIDTH) of each of `ids` the library holds; ids it does not hold
 * are left out. Its width is the picture's own when narrower, as it was never enlarged.
 */
export async function mailPictureSizes(
  db: DB,
  ids: readonly string[],
): Promise<Record<string, MailPictureSize>> {
  if (ids.length === 0) return {};
  const rows = await db
    .selectFrom("media_variants")
    .innerJoin("media", "media.id", "media_variants.media_id")
    .select(["media.id", "media.width as originalWidth", "media_variants.height"])
    .where("media_variants.media_id", "in", [...new Set(ids)])
    .where("media_variants.width", "=", MAIL_WIDTH)
    .where("media_variants.format", "=", "jpeg")
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      row.id,
      { width: Math.min(MAIL_WIDTH, row.originalWidth), height: row.height },
    ]),
  );
}
