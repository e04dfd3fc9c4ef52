import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import type { StaffRole } from "./roles";
import { hashSecret, newSecret, SECRET_PATTERN } from "./tokens";

/** How long a session lives: idle (since its last request) and at most (since sign-in). */
export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

/** last_seen_at is written at most this often: a request per second must not mean a write each. */
export const TOUCH_INTERVAL_MS = 60_000;

/** The signed-in member of staff behind a request. */
export interface StaffIdentity {
  sessionId: string;
  accountId: string;
  email: string;
  name: string;
  role: StaffRole;
}

/** Stores a new session for the account; returns the secret for the cookie (never stored). */
export async function createSession(
  trx: Transaction<Database> | DB,
  accountId: string,
  now: Date,
): Promise<{ id: string; secret: string }> {
  const secret = newSecret();
  const id = randomUUID();
  const at = now.toISOString();
  await trx
    .insertInto("staff_sessions")
    .values({
      id,
      token_hash: hashSecret(secret),
      account_id: accountId,
      created_at: at,
      last_seen_at: at,
      revoked_at: null,
    })
    .execute();
  return { id, secret };
}

/**
 * The member of staff whose cookie this is, or null: unknown, revoked, idle too long, older than
 * the maximum, or its account disabled. Refreshes last_seen_at when the last refresh is a minute
 * old or more.
 */
export async function findSession(
  db: DB,
  secret: string | undefined,
  now: Date,
  limits: SessionLimits,
): Promise<StaffIdentity | null> {
  if (!secret || !SECRET_PATTERN.test(secret)) return null;
  const row = await db
    .selectFrom("staff_sessions as s")
    .innerJoin("staff_accounts as a", "a.id", "s.account_id")
    .select([
      "s.id as sessionId",
      "s.created_at",
      "s.last_seen_at",
      "s.revoked_at",
      "a.id as accountId",
      "a.email",
      "a.name",
      "a.role",
      "a.disabled_at",
    ])
    .where("s.token_hash", "=", hashSecret(secret))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.disabled_at) return null;
  const t = now.getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (t >= Date.parse(row.created_at) + limits.maxMs) return null;
  if (t >= lastSeen + limits.idleMs) return null;
  if (t - lastSeen >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("id", "=", row.sessionId)
      .where("revoked_at", "is", null)
      .execute();
  }
  return {
    sessionId: row.sessionId,
    accountId: row.accountId,
    email: row.email,
    name: row.name,
    role: row.role,
  };
}

/** Revokes one session; true when it was still active. */
export async function revokeSession(
  trx: Transaction<Database> | DB,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable("staff_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every active session of an account; returns how many. */
export async function revokeAllSessions(
  trx: Transaction<Database> | DB,
  accountId: string,
  now: Date,
): Promise<number> {
  const result = await trx
    .updateTable("staff_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("account_id", "=", accountId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
