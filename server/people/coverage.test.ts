import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../db/database";
import { testDialects, useTestDatabase } from "../testing/lead-api";
import { uncoveredColumns } from "./schema-walk";

// Every column the migrations create is either in an access request's export or left out for a
// stated reason (columns.ts): a column added later without that decision fails here.

describe.each(testDialects)("the access request's schema walk on $name", ({ url }) => {
  let db: DB;
  useTestDatabase(url, (opened) => (db = opened), { once: true });

  it("finds every column of every table exported or listed as not personal", async () => {
    expect(await uncoveredColumns(db)).toEqual([]);
  });

  // After the test above: the column added here makes the database a throwaway one.
  it("names a column added without a decision, and says what to do", async () => {
    await sql`alter table contact_messages add column whatsapp text`.execute(db);
    expect(await uncoveredColumns(db)).toEqual([
      "contact_messages.whatsapp is neither exported nor listed as not personal: add it to " +
        "the export and EXPORTED_COLUMNS, or to NOT_PERSONAL with the reason it is left out " +
        "(server/people/columns.ts).",
    ]);
    const exported = { contact_messages: ["whatsapp"] };
    const notPersonal = { contact_messages: { whatsapp: "a test" } };
    const both = await uncoveredColumns(db, { exported, notPersonal });
    expect(both).toContain(
      "contact_messages.whatsapp is both exported and in NOT_PERSONAL: keep it in one list.",
    );
  });
});
