import type { Kysely, Migration } from "kysely";
import { createIndex, createTableWithId, dropTables, optionalText, requiredText } from "./ddl";

/**
 * Publishing from the console (server/publishing/): articles, case studies and open positions.
 *
 * - `content_items`: one row per item: its kind, status, latest revision and that revision's
 *   slug (unique per kind, so two items never share an address), the revision on the site
 *   (`published_revision`, null when none is) with its slug and, for a position, its closing
 *   time; when it is to be published (`publish_at`), when it first was and when the version on
 *   the site was; who created and last saved it, by address (kept when the account goes).
 * - `content_revisions`: every save, complete: the fields as JSON text, when and by whom.
 * - `content_slugs`: every slug an item held when published, so that its old addresses redirect
 *   and no other item of its kind takes them.
 *
 * See docs/decisions/0064-publishing.md.
 */
export const publishing: Migration = {
  async up(db: Kysely<unknown>) {
    await createTableWithId(db, "content_items")
      .$call(requiredText("kind", "status", "slug"))
      .addColumn("revision", "integer", (c) => c.notNull())
      .addColumn("published_revision", "integer")
      .$call(optionalText("published_slug", "closes_at", "publish_at"))
      .$call(optionalText("published_at", "revision_published_at", "unpublished_at"))
      .$call(requiredText("created_at", "created_by", "updated_at", "updated_by"))
      .execute();
    await db.schema
      .createIndex("content_items_slug")
      .on("content_items")
      .columns(["kind", "slug"])
      .unique()
      .execute();
    // The scheduled publisher's look-up, every 15 s on every instance.
    await createIndex(db, "content_items_due", "content_items", ["status", "publish_at"]);
    await db.schema
      .createTable("content_revisions")
      .addColumn("item_id", "text", (c) =>
        c.notNull().references("content_items.id").onDelete("cascade"),
      )
      .addColumn("revision", "integer", (c) => c.notNull())
      .$call(requiredText("fields", "saved_at", "saved_by"))
      .addPrimaryKeyConstraint("content_revisions_pk", ["item_id", "revision"])
      .execute();
    await db.schema
      .createTable("content_slugs")
      .$call(requiredText("kind", "slug"))
      .addColumn("item_id", "text", (c) =>
        c.notNull().references("content_items.id").onDelete("cascade"),
      )
      .$call(requiredText("first_published_at"))
      .addPrimaryKeyConstraint("content_slugs_pk", ["kind", "slug"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    // A table's indexes go with it, on both databases.
    await dropTables(db, ["content_slugs", "content_revisions", "content_items"]);
  },
};
