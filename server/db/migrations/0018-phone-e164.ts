import type { Kysely, Migration } from "kysely";
import { phoneE164 } from "../../../leads/phone";
import { createIndex } from "./ddl";
import { backfill, fill } from "./0007-lead-search";

const TABLES = ["contact_messages", "demo_requests"] as const;

/**
 * One reading of phone numbers (leads/phone.ts, docs/decisions/0041-one-reading-of-phone-numbers.md):
 *
 * - `contact_messages.phone_e164`, `demo_requests.phone_e164`: the lead's number in E.164
 *   ("+233559211848"), beside `phone` as the visitor typed it; null when the text holds no
 *   number. Indexed, for the access request's look-up by phone. Filled for the rows stored
 *   before, a thousand at a time.
 * - `search_text` is written afresh (0007's fill, run again; on SQLite its update trigger keeps
 *   the FTS5 table in step): the number's E.164 form and national digits, as search-text.ts
 *   keeps them now.
 */
export const phoneE164Column: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn("phone_e164", "text").execute();
      await createIndex(db, `${table}_phone_e164`, table, ["phone_e164"]);
      await fill(db, table, ["phone"], (row) => ({ phone_e164: phoneE164(row.phone ?? "") }));
    }
    await backfill(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.dropIndex(`${table}_phone_e164`).execute();
      await db.schema.alterTable(table).dropColumn("phone_e164").execute();
    }
    // The search text stays as it is: it holds the national digits the code before this
    // migration searches for ("0559211848"), and the E.164 form only adds a way to find a lead.
  },
};
