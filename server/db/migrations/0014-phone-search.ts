import type { Kysely, Migration } from "kysely";
import { backfill } from "./0007-lead-search";

/**
 * The inbox finds a lead by its phone number however it is written (server/db/search-text.ts;
 * read then by a regex of its own, by leads/phone.ts since 0018): each lead's `search_text` gains
 * the number's digits as a field of its own, so the search indexes of 0007 answer for it as for a
 * name. The column is written afresh for the leads stored before; on SQLite its update trigger
 * keeps the FTS5 table in step. See docs/decisions/0025-inbox-triage-and-search.md.
 */
export const phoneSearch: Migration = {
  async up(db: Kysely<unknown>) {
    await backfill(db);
  },
  async down() {
    // Nothing to undo: the code before this migration searches the same column, where a lead's
    // phone digits then only add a way to find it.
  },
};
