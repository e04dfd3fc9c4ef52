import type { Kysely, Migration } from "kysely";
import {
  createIndex,
  createTableWithId,
  dropTables,
  emailAndKey,
  optionalText,
  requiredText,
} from "./ddl";

// Types are the portable subset (text, integer) so the same migration runs on SQLite and
// PostgreSQL; see schema.ts for why timestamps are ISO strings.
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await createTableWithId(db, "newsletter_subscriptions")
      .$call(emailAndKey)
      .$call(requiredText("status"))
      .addColumn("confirm_token", "text", (c) => c.notNull().unique())
      .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
      .$call(requiredText("consent_at"))
      .$call(optionalText("confirmed_at", "unsubscribed_at"))
      .$call(requiredText("source", "created_at", "updated_at"))
      .execute();

    await createTableWithId(db, "contact_messages")
      .$call(requiredText("first_name", "last_name", "email", "phone", "message"))
      .$call(requiredText("policy_agreed_at", "created_at"))
      .execute();
    await createIndex(db, "contact_messages_created_at", "contact_messages", ["created_at"]);

    await createTableWithId(db, "demo_requests")
      .$call(requiredText("product", "page"))
      .$call(requiredText("name", "email", "phone", "company", "job_title", "industry"))
      .$call(requiredText("created_at"))
      .execute();
    await createIndex(db, "demo_requests_created_at", "demo_requests", ["created_at"]);

    await createTableWithId(db, "outbox")
      .$call(requiredText("kind", "lead_id", "payload", "status"))
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .$call(requiredText("next_attempt_at"))
      .$call(optionalText("last_error", "claimed_by", "claimed_until"))
      .$call(requiredText("created_at"))
      .$call(optionalText("sent_at"))
      .execute();
    await createIndex(db, "outbox_due", "outbox", ["status", "next_attempt_at"]);
  },

  async down(db: Kysely<unknown>) {
    await dropTables(db, [
      "outbox",
      "demo_requests",
      "contact_messages",
      "newsletter_subscriptions",
    ]);
  },
};
