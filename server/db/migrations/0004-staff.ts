import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";

/**
 * The staff console's first tables: accounts, the one-time tokens of e-mailed sign-in links,
 * sessions, fixed-window rate-limit counters shared by every instance, and the audit log.
 *
 * Tokens and session secrets are stored only as their SHA-256 hash (see server/staff/sign-in/tokens.ts).
 * The audit log is append-only: a trigger refuses UPDATE and DELETE on both databases.
 */
export const staff: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("staff_accounts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      // emailKey() of the address (leads/email.ts): one account per person, however typed.
      .addColumn("email_key", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("disabled_at", "text")
      .execute();

    await db.schema
      .createTable("staff_sign_in_tokens")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("staff_accounts.id").onDelete("cascade"),
      )
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute();
    await db.schema
      .createIndex("staff_sign_in_tokens_account")
      .on("staff_sign_in_tokens")
      .column("account_id")
      .execute();

    await db.schema
      .createTable("staff_sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("staff_accounts.id").onDelete("cascade"),
      )
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("revoked_at", "text")
      .execute();
    await db.schema
      .createIndex("staff_sessions_account")
      .on("staff_sessions")
      .column("account_id")
      .execute();

    await db.schema
      .createTable("staff_rate_limits")
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("window_start", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("staff_rate_limits_pk", ["key", "window_start"])
      .execute();

    await db.schema
      .createTable("audit_log")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "text", (c) => c.notNull())
      // Who did it; null for an anonymous or failed attempt. No foreign key: the log outlives
      // whatever it mentions.
      .addColumn("actor_id", "text")
      .addColumn("actor_email", "text")
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("record_type", "text")
      .addColumn("record_id", "text")
      .addColumn("detail", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
    await db.schema
      .createIndex("audit_log_record")
      .on("audit_log")
      .columns(["record_type", "record_id"])
      .execute();

    if (await isPostgres(db)) {
      await sql`
        create function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'audit_log is append-only: % refused', tg_op;
        end $$`.execute(db);
      await sql`
        create trigger audit_log_append_only before update or delete on audit_log
        for each row execute function audit_log_append_only()`.execute(db);
      await sql`
        create trigger audit_log_no_truncate before truncate on audit_log
        for each statement execute function audit_log_append_only()`.execute(db);
    } else {
      await sql`
        create trigger audit_log_no_update before update on audit_log
        begin select raise(abort, 'audit_log is append-only: UPDATE refused'); end`.execute(db);
      await sql`
        create trigger audit_log_no_delete before delete on audit_log
        begin select raise(abort, 'audit_log is append-only: DELETE refused'); end`.execute(db);
    }
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      "audit_log",
      "staff_rate_limits",
      "staff_sessions",
      "staff_sign_in_tokens",
      "staff_accounts",
    ]) {
      await db.schema.dropTable(table).execute();
    }
    if (await isPostgres(db)) await sql`drop function audit_log_append_only()`.execute(db);
  },
};

/** Which database this is: the triggers are written differently on each. */
async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
