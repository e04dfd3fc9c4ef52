import type { Kysely, Migration } from "kysely";

/**
 * Staff passkeys (server/staff/sign-in/passkeys.ts): the public keys of WebAuthn credentials, and the
 * pending challenges of registration and sign-in ceremonies. Challenges are kept in the database,
 * not in memory, because several server instances share it: the options may come from one
 * instance and the answer reach another. See docs/decisions/0013-passkey-challenges.md.
 */
export const passkeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("staff_passkeys")
      // Our own id (a UUID), the one the API shows; the credential's id is the authenticator's.
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) =>
        c.notNull().references("staff_accounts.id").onDelete("cascade"),
      )
      // The credential id (base64url), as the authenticator sends it back at sign-in.
      .addColumn("credential_id", "text", (c) => c.notNull().unique())
      // The COSE public key, base64url; text so that both databases store it the same way.
      .addColumn("public_key", "text", (c) => c.notNull())
      // The signature counter: 32 bits unsigned, more than PostgreSQL's integer holds.
      .addColumn("counter", "bigint", (c) => c.notNull())
      // JSON array of transports ("internal", "hybrid", "usb"…), a hint for later ceremonies.
      .addColumn("transports", "text", (c) => c.notNull())
      .addColumn("device_type", "text", (c) => c.notNull())
      .addColumn("backed_up", "integer", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema
      .createIndex("staff_passkeys_account")
      .on("staff_passkeys")
      .column("account_id")
      .execute();

    await db.schema
      .createTable("staff_passkey_challenges")
      // SHA-256 of the challenge: the verify looks the challenge it was answered with up by it.
      .addColumn("challenge_hash", "text", (c) => c.primaryKey())
      // "registration" or "sign-in".
      .addColumn("purpose", "text", (c) => c.notNull())
      // A registration's session (and its account): only that session can answer it.
      .addColumn("session_id", "text", (c) => c.references("staff_sessions.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("staff_passkey_challenges_expires")
      .on("staff_passkey_challenges")
      .column("expires_at")
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("staff_passkey_challenges").execute();
    await db.schema.dropTable("staff_passkeys").execute();
  },
};
