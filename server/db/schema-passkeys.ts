/**
 * The staff passkeys' tables (migration 0006), which schema.ts's `Database` takes in: each
 * passkey of an account, and the challenges of ceremonies under way.
 */
import type { ColumnType } from "kysely";

/** A member of staff's passkey: a WebAuthn credential's public key (migration 0006). */
export interface StaffPasskeyTable {
  /** Our id (a UUID), the one the API shows. */
  id: string;
  account_id: string;
  /** The credential's id, base64url; unique. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (0 for most synced passkeys); bigint on PostgreSQL,
   * which node-postgres reads as a string. */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of the transports the browser reported. */
  transports: string;
  /** "singleDevice" or "multiDevice" (synced). */
  device_type: string;
  /** 1 when the authenticator said the credential is backed up (synced), else 0. */
  backed_up: number;
  /** The label its owner gave it, e.g. "Work phone". */
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type PasskeyChallengePurpose = "registration" | "sign-in";

/**
 * A challenge handed out by a passkey ceremony's options and not yet answered; single-use and
 * short-lived. Only its SHA-256 is stored.
 */
export interface StaffPasskeyChallengeTable {
  challenge_hash: string;
  purpose: PasskeyChallengePurpose;
  /** The session that asked to register a passkey; null for sign-in. */
  session_id: string | null;
  created_at: string;
  expires_at: string;
}
