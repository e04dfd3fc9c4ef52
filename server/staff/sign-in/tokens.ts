import { createHash, randomBytes } from "node:crypto";

/**
 * A secret for a sign-in link or a session cookie: 32 random bytes, base64url (43 characters).
 * The database keeps only hashSecret() of it, so a copy of the database lets nobody sign in.
 */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 of a secret, hex: what is stored and looked up. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** What a secret looks like; anything else is refused before the database is asked. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43,128}$/;
