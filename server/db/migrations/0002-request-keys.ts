import type { Kysely, Migration } from "kysely";

/**
 * An idempotency key per submission: a browser that retries after a timeout sends the same key,
 * and the second request finds the lead already stored instead of storing it twice.
 */
export const requestKeys: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ["contact_messages", "demo_requests"]) {
      await db.schema.alterTable(table).addColumn("request_key", "text").execute();
      await db.schema
        .createIndex(`${table}_request_key`)
        .on(table)
        .column("request_key")
        .unique()
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["contact_messages", "demo_requests"]) {
      await db.schema.dropIndex(`${table}_request_key`).execute();
      await db.schema.alterTable(table).dropColumn("request_key").execute();
    }
  },
};
