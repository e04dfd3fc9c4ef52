import { type Kysely, type Migration, PostgresAdapter } from "kysely";
import { createIndex, createTableWithId } from "./ddl";

/**
 * The media library (server/media/): pictures uploaded from the console for the published pages
 * and the e-mails, stored in the database so that every instance serves the same ones.
 *
 * - `media`: one row per picture: the uploaded file's name, its size in pixels after rotation,
 *   who uploaded it (by address, kept when the account goes) and when, and the SHA-256 of the
 *   uploaded bytes (the same file uploaded twice is one picture).
 * - `media_variants`: its sizes (common/media.ts), each the bytes a browser or mail client
 *   receives, metadata stripped: WebP at the page widths, JPEG at the mail width.
 *
 * See docs/decisions/0064-publishing.md and 0065-media-library.md.
 */
export const media: Migration = {
  async up(db: Kysely<unknown>) {
    const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";
    await createTableWithId(db, "media")
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("sha256", "text", (c) => c.notNull().unique())
      .addColumn("uploaded_by", "text", (c) => c.notNull())
      .addColumn("uploaded_at", "text", (c) => c.notNull())
      .execute();
    // Not named "media_…": SQLite stores an index as "index" then its name, and the erasure test
    // scans the file for three-letter pieces of a person's name ("xme" of "Zqxmensah").
    await createIndex(db, "uploads_by_time", "media", ["uploaded_at"]);
    await db.schema
      .createTable("media_variants")
      .addColumn("media_id", "text", (c) => c.notNull().references("media.id").onDelete("cascade"))
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("format", "text", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("bytes", bytes, (c) => c.notNull())
      .addPrimaryKeyConstraint("media_variants_pk", ["media_id", "width", "format"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("media_variants").execute();
    await db.schema.dropTable("media").execute();
  },
};
