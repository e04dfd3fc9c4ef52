import type { Kysely, Migration } from "kysely";
import { createIndex } from "./ddl";

/**
 * What ending a staff member's access needs to know (server/staff/sign-in/sessions.ts, sign-in.ts):
 *
 * - `staff_sessions.passkey_id`, the passkey that opened each session, so that removing a lost
 *   device's passkey ends the sessions it opened. Null for a session opened by an e-mailed link,
 *   and for every session opened before this migration (nobody can tell now which passkey opened
 *   those; they end within the sessions' maximum age anyway).
 * - `staff_sign_in_tokens.voided_at`: when a newer link or the account's disabling voided an
 *   unused link. The row stays, so that a later try with it is in the audit log under its account
 *   and with its reason, as a used or expired link is.
 */
export const staffRevocation: Migration = {
  async up(db: Kysely<unknown>) {
    // A session can only name a passkey that exists. Removing a passkey revokes its sessions
    // before it deletes the passkey (server/staff/sign-in/own-passkeys.ts); the revoked rows then just lose
    // the name, and deleting an account, which takes both along, is not held up.
    await db.schema
      .alterTable("staff_sessions")
      .addColumn("passkey_id", "text", (c) =>
        c.references("staff_passkeys.id").onDelete("set null"),
      )
      .execute();
    await createIndex(db, "staff_sessions_passkey", "staff_sessions", ["passkey_id"]);
    await db.schema.alterTable("staff_sign_in_tokens").addColumn("voided_at", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("staff_sign_in_tokens").dropColumn("voided_at").execute();
    await db.schema.dropIndex("staff_sessions_passkey").execute();
    await db.schema.alterTable("staff_sessions").dropColumn("passkey_id").execute();
  },
};
