import type { Kysely, Migration } from "kysely";
import { accountId, createIndex, createTableWithId } from "./ddl";

/**
 * The sales desk (server/leads/desk/), each table keyed by a staff account, whose deletion
 * deletes its rows:
 *
 * - `staff_inbox_visits`: one row per account, its last view of the lead inbox (`seen_at`) and
 *   where that visit's "new since your last visit" starts (`since`, null on its first visit), so
 *   that a phone and a desktop of one person mark the same leads.
 * - `staff_saved_filters`: a person's saved filters of the inbox, a name and the search string.
 *
 * See docs/decisions/0060-sales-desk.md.
 */
export const salesDesk: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("staff_inbox_visits")
      .addColumn("account_id", "text", (c) =>
        c.primaryKey().references("staff_accounts.id").onDelete("cascade"),
      )
      .addColumn("seen_at", "text", (c) => c.notNull())
      .addColumn("since", "text")
      .execute();
    await accountId(createTableWithId(db, "staff_saved_filters"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("query", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await createIndex(db, "staff_saved_filters_account", "staff_saved_filters", [
      "account_id",
      "created_at",
    ]);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("staff_saved_filters").execute();
    await db.schema.dropTable("staff_inbox_visits").execute();
  },
};
