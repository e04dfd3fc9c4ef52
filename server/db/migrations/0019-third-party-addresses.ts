import type { Kysely, Migration } from "kysely";
import * as thirdParties from "../../privacy/third-parties";

/**
 * Returned mail stored before decision 0039 (docs/decisions/0039-third-party-addresses-in-
 * returned-mail.md) may hold a third party's address in clear: a bounce or complaint for one
 * subscriber that named another address. Each event's `detail` and `raw`, and each suppression
 * entry's `detail`, is rewritten as recordReturnedMail now stores it: every address but the
 * row's own (`email`; none for an erased entry's, kept under a hash) becomes "another address
 * (sha256:…); an event's `source_ref` naming another address becomes the hash of the whole ref.
 * Rows are read a batch at a time (a `raw` may be up to 1 MB), by id.
 */
export const thirdPartyAddresses: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ["mail_events", "mail_suppressions"] as const) {
      const columns = table === "mail_events" ? ["detail", "raw", "source_ref"] : ["detail"];
      await rewrite(db, table, columns);
    }
  },
  async down() {
    // Nothing to undo, and no way to: a hash does not give the address back. The code before
    // this migration reads the rewritten texts as any other.
  },
};

const BATCH = 100;

/** Each column as recordReturnedMail now stores it, cut to the same lengths. */
const KEPT = {
  detail: (text: string, email: string | null) =>
    thirdParties.withoutThirdParties(text, email, thirdParties.DETAIL_LENGTH),
  raw: (text: string, email: string | null) =>
    thirdParties.withoutThirdParties(text, email, thirdParties.RAW_LENGTH),
  source_ref: (text: string, email: string | null) =>
    thirdParties.refWithoutThirdParties(text, email),
};

async function rewrite(db: Kysely<unknown>, table: string, columns: string[]) {
  const store = db as Kysely<Record<string, Record<string, string | null>>>;
  let after = "";
  for (;;) {
    const rows = await store
      .selectFrom(table)
      .select(["id", "email", ...columns])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const changed: Record<string, string | null> = {};
      for (const column of columns) {
        const text = row[column];
        if (!text) continue;
        const kept = KEPT[column as keyof typeof KEPT](text, row.email || null);
        if (kept !== text) changed[column] = kept;
      }
      if (Object.keys(changed).length) {
        await store
          .updateTable(table)
          .set(changed)
          .where("id", "=", row.id as string)
          .execute();
      }
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]?.id as string;
  }
}
