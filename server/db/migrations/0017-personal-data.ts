import type { Kysely, Migration } from "kysely";
import { createIndex, createTableWithId, requiredText } from "./ddl";

/**
 * What a person agreed to, and how long their records are kept (docs/personal-data.md):
 *
 * - `consent_wordings`: the exact words a form showed next to its consent box or policy
 *   agreement, kept once per form and version (`form` and `version` unique together). A
 *   subscription, contact message or demo request names the wording it was sent with
 *   (`consent_wording_id`; null for rows from before this migration).
 * - `newsletter_subscriptions.left_how`: how a subscriber left (the unsubscribe link, a
 *   complaint, staff, a change of address); `replaces_subscription_id`: the subscription a
 *   marketing correction of the address replaces once the new address confirms.
 * - `contact_messages.anonymised_at`, `demo_requests.anonymised_at`: when retention removed the
 *   person's details from a closed lead (the row stays, for the counts in reports).
 * - `outbox.body_removed_at`: when retention removed the message's body; its kind, dates and
 *   delivery state stay.
 */
export const personalData: Migration = {
  async up(db: Kysely<unknown>) {
    await createTableWithId(db, "consent_wordings")
      .$call(requiredText("form", "version", "text", "created_at"))
      .addUniqueConstraint("consent_wordings_version", ["form", "version"])
      .execute();
    for (const column of ["consent_wording_id", "left_how", "replaces_subscription_id"]) {
      await db.schema.alterTable("newsletter_subscriptions").addColumn(column, "text").execute();
    }
    for (const table of ["contact_messages", "demo_requests"]) {
      for (const column of ["consent_wording_id", "anonymised_at"]) {
        await db.schema.alterTable(table).addColumn(column, "text").execute();
      }
    }
    await db.schema.alterTable("outbox").addColumn("body_removed_at", "text").execute();
    await createIndex(db, "outbox_created", "outbox", ["created_at"]);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("outbox_created").execute();
    await db.schema.alterTable("outbox").dropColumn("body_removed_at").execute();
    for (const table of ["demo_requests", "contact_messages"]) {
      for (const column of ["anonymised_at", "consent_wording_id"]) {
        await db.schema.alterTable(table).dropColumn(column).execute();
      }
    }
    for (const column of ["replaces_subscription_id", "left_how", "consent_wording_id"]) {
      await db.schema.alterTable("newsletter_subscriptions").dropColumn(column).execute();
    }
    await db.schema.dropTable("consent_wordings").execute();
  },
};
