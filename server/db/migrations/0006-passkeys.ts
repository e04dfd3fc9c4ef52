import type { Kysely, Migration } from "kysely";
import { accountId, createIndex, createTableWithId, requiredText } from "./ddl";

/**
 * Staff passkeys (server/staff/sign-in/passkeys.ts): the public keys of WebAuthn credentials, and the
 * pending challenges of registration and sign-in ceremonies. Challenges are kept in the database,
 * not in memory, because several server instances share it: the options may come from one
 * instance and the answer reach another. See docs/decisions/0013-staff-passkeys.md.
 */
export const passkeys: Migration = {
  async up(db: Kysely<unknown>) {
    // Our own id (a UUID), the one the API shows; the credential's id is the authenticator's.
    await createTableWithId(db, "staff_passkeys")
      .$call(accountId)
      // The credential id (base64url), as the authenticator sends it back at sign-in.
      .addColumn("credential_id", "text", (c) => c.notNull().unique())
      // The COSE public key, base64url; text so that both databases store it the same way.
      .addColumn("public_key", "text", (c) => c.notNull())
      // The signature counter: 32 bits unsigned, more than PostgreSQL's integer holds.
      .addColumn("counter", "bigint", (c) => c.notNull())
      // JSON array of transports ("internal", "hybrid", "usb"…), a hint for later ceremonies.
      .addColumn("transports", "text", (c) => c.notNull())
      .$call(requiredText("device_type"))
      .addColumn("backed_up", "integer", (c) => c.notNull())
      .$call(requiredText("name", "created_at"))
      .addColumn("last_used_at", "text")
      .execute();
    await createIndex(db, "staff_passkeys_account", "staff_passkeys", ["account_id"]);

    await db.schema
      .createTable("staff_passkey_challenges")
      // SHA-256 of the challenge: the verify looks the challenge it was answered with up by it.
      .addColumn("challenge_hash", "text", (c) => c.primaryKey())
      // "registration" or "sign-in".
      .addColumn("purpose", "text", (c) => c.notNull())
      // A registration's session (and its account): only that session can answer it.
      .addColumn("session_id", "text", (c) => c.references("staff_sessions.id").onDelete("cascade"))
      .$call(requiredText("created_at", "expires_at"))
      .execute();
    await createIndex(db, "staff_passkey_challenges_expires", "staff_passkey_challenges", [
      "expires_at",
    ]);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("staff_passkey_challenges").execute();
    await db.schema.dropTable("staff_passkeys").execute();
  },
};
