import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";
import * as ddl from "./ddl";

/**
 * The staff console's first tables: accounts, the one-time tokens of e-mailed sign-in links,
 * sessions, fixed-window rate-limit counters shared by every instance, and the audit log.
 *
 * Tokens and session secrets are stored only as their SHA-256 hash (see server/staff/sign-in/tokens.ts).
 * The audit log is append-only: a trigger refuses UPDATE and DELETE on both databases.
 */
export const staff: Migration = {
  async up(db: Kysely<unknown>) {
    await ddl
      .createTableWithId(db, "staff_accounts")
      .$call(ddl.emailAndKey)
      .$call(ddl.requiredText("name", "role", "created_at", "updated_at"))
      .addColumn("disabled_at", "text")
      .execute();

    // A sign-in link and a session are alike: an account's secret, kept as its hash, with when
    // it was made, when it expires or was last used, and when it ended.
    for (const [table, timeColumn, endColumn] of [
      ["staff_sign_in_tokens", "expires_at", "used_at"],
      ["staff_sessions", "last_seen_at", "revoked_at"],
    ] as const) {
      await ddl
        .createTableWithId(db, table)
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .$call(ddl.accountId)
        .$call(ddl.requiredText("created_at", timeColumn))
        .addColumn(endColumn, "text")
        .execute();
      await ddl.createIndex(db, `${table}_account`, table, ["account_id"]);
    }

    await db.schema
      .createTable("staff_rate_limits")
      .$call(ddl.requiredText("key", "window_start"))
      .addColumn("count", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("staff_rate_limits_pk", ["key", "window_start"])
      .execute();

    await ddl
      .createTableWithId(db, "audit_log")
      .$call(ddl.requiredText("at"))
      // Who did it; null for an anonymous or failed attempt. No foreign key: the log outlives
      // whatever it mentions.
      .$call(ddl.optionalText("actor_id", "actor_email"))
      .$call(ddl.requiredText("action"))
      .$call(ddl.optionalText("record_type", "record_id"))
      .$call(ddl.requiredText("detail"))
      .execute();
    await ddl.createIndex(db, "audit_log_at", "audit_log", ["at"]);
    await ddl.createIndex(db, "audit_log_record", "audit_log", ["record_type", "record_id"]);

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
    await ddl.dropTables(db, [
      "audit_log",
      "staff_rate_limits",
      "staff_sessions",
      "staff_sign_in_tokens",
      "staff_accounts",
    ]);
    if (await isPostgres(db)) await sql`drop function audit_log_append_only()`.execute(db);
  },
};

/** Which database this is: the triggers are written differently on each. */
async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
