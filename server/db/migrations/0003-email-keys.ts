import { type Kysely, type Migration, sql } from "kysely";
import { emailKey } from "../../../leads/email";

/** The tables as this migration knows them (later migrations may change them). */
interface Tables {
  newsletter_subscriptions: { id: string; email: string; email_key: string };
  contact_messages: { id: string; email: string; email_key: string | null };
  demo_requests: { id: string; email: string; email_key: string | null };
}

/**
 * Every table that holds an address gets the same comparison key, computed in JavaScript
 * (leads/email.ts): erasure matched contact and demo rows with the database's lower(), which in
 * SQLite folds only ASCII, so "ÄMA@Example.com" survived a request to forget "äma@example.com".
 *
 * Also: a fingerprint of each submission next to its idempotency key, so that a repeated key can
 * be told from a different lead that reuses it; and on the outbox, the mailbox a newsletter
 * confirmation went to, for the daily limit per recipient.
 */
export const emailKeys: Migration = {
  async up(untyped: Kysely<unknown>) {
    const db = untyped as unknown as Kysely<Tables>;
    for (const table of ["contact_messages", "demo_requests"] as const) {
      await db.schema.alterTable(table).addColumn("email_key", "text").execute();
      await db.schema.alterTable(table).addColumn("request_hash", "text").execute();
      await db.schema.createIndex(`${table}_email_key`).on(table).column("email_key").execute();
      for (const row of await db.selectFrom(table).select(["id", "email"]).execute()) {
        await db
          .updateTable(table)
          .set({ email_key: emailKey(row.email) })
          .where("id", "=", row.id)
          .execute();
      }
    }
    // Newsletter keys were lower-cased in JavaScript already; only the Unicode form can differ.
    // Two rows that now share a key keep their old ones rather than break the unique index.
    const subscriptions = await db
      .selectFrom("newsletter_subscriptions")
      .select(["id", "email", "email_key"])
      .execute();
    const taken = new Set(subscriptions.map((row) => row.email_key));
    for (const row of subscriptions) {
      const key = emailKey(row.email);
      if (key === row.email_key || taken.has(key)) continue;
      taken.add(key);
      await db
        .updateTable("newsletter_subscriptions")
        .set({ email_key: key })
        .where("id", "=", row.id)
        .execute();
    }

    await db.schema.alterTable("outbox").addColumn("recipient_key", "text").execute();
    // Partial: only newsletter confirmations carry the key, and the notifications of every
    // contact and demo request need not pay for an index entry.
    await db.schema
      .createIndex("outbox_recipient_key")
      .on("outbox")
      .columns(["recipient_key", "created_at"])
      .where(sql.ref("recipient_key"), "is not", null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("outbox_recipient_key").execute();
    await db.schema.alterTable("outbox").dropColumn("recipient_key").execute();
    for (const table of ["contact_messages", "demo_requests"]) {
      await db.schema.dropIndex(`${table}_email_key`).execute();
      await db.schema.alterTable(table).dropColumn("request_hash").execute();
      await db.schema.alterTable(table).dropColumn("email_key").execute();
    }
  },
};
