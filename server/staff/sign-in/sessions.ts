import { randomUUID } from "node:crypto";
import { type Transaction, sql } from "kysely";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";
import type { Me } from "../../../staff-api/session";
import { hashSecret, newSecret, SECRET_PATTERN } from "./tokens";

/** How long a session lives: idle (since its last request) and at most (since sign-in). */
export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

/** The signed-in member of staff behind a request: who they are (`me`), and their session. */
export interface StaffIdentity extends Me {
  sessionId: string;
  accountId: string;
}

/** Stores a new session for the account; returns the secret for the cookie (never stored). */
export async function createSession(
  trx: Transaction<Database> | DB,
  accountId: string,
  now: Date,
  /** The passkey it is opened with; none for an e-mailed link. */
  passkeyId: string | null = null,
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
      passkey_id: passkeyId,
    })
    .execute();
  return { id, secret };
}

/**
 * The member of staff whose cookie this is, or null: unknown, revoked, idle too long, older than
 * the maximum, or its account disabled. Records the request as the session's latest.
 *
 * Every request writes last_seen_at, so that the idle timeout is exact: a session ends only when
 * no request came for the whole idle period. (Written at most once a minute, it ended sessions
 * that had been used less than a minute before.) Staff are few, so one small write per request
 * costs little. The check and the write are one conditional UPDATE: a request recorded by
 * another instance an instant before is seen (PostgreSQL re-checks a row another transaction
 * just changed; SQLite writes one at a time), and a request that finishes after a later one
 * does not move last_seen_at back.
 */
export async function findSession(
  db: DB,
  secret: string | undefined,
  now: Date,
  limits: SessionLimits,
): Promise<StaffIdentity | null> {
  if (!secret || !SECRET_PATTERN.test(secret)) return null;
  const t = now.getTime();
  const at = now.toISOString();
  const session = await db
    .updateTable("staff_sessions")
    .set({
      last_seen_at: sql<string>`case when last_seen_at < ${at} then ${at} else last_seen_at end`,
    })
    .where("token_hash", "=", hashSecret(secret))
    .where("revoked_at", "is", null)
    .where("created_at", ">", new Date(t - limits.maxMs).toISOString())
    .where("last_seen_at", ">", new Date(t - limits.idleMs).toISOString())
    .returning(["id", "account_id"])
    .executeTakeFirst();
  if (!session) return null;
  const account = await db
    .selectFrom("staff_accounts")
    .select(["id", "email", "name", "role"])
    .where("id", "=", session.account_id)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (!account) return null;
  return {
    sessionId: session.id,
    accountId: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
  };
}

/**
 * Revokes the active sessions whose `column` is `value`, and deletes their pending passkey
 * registrations: a revoked session can never answer one, and the account's next sessions must
 * not find one waiting. Returns the ids of the sessions revoked.
 */
async function revokeWhere(
  trx: Transaction<Database> | DB,
  column: "id" | "account_id" | "passkey_id",
  value: string,
  now: Date,
): Promise<string[]> {
  const revoked = await trx
    .updateTable("staff_sessions")
    .set({ revoked_at: now.toISOString() })
    .where(column, "=", value)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  const ids = revoked.map((row) => row.id);
  if (ids.length) {
    await trx.deleteFrom("staff_passkey_challenges").where("session_id", "in", ids).execute();
  }
  return ids;
}

/** Revokes one session; true when it was still active. */
export async function revokeSession(
  trx: Transaction<Database> | DB,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  return (await revokeWhere(trx, "id", sessionId, now)).length === 1;
}

/** Revokes every active session of an account; returns how many. */
export async function revokeAllSessions(
  trx: Transaction<Database> | DB,
  accountId: string,
  now: Date,
): Promise<number> {
  return (await revokeWhere(trx, "account_id", accountId, now)).length;
}

/** Revokes every active session a passkey opened; returns their ids. */
export function revokeSessionsOpenedBy(
  trx: Transaction<Database>,
  passkeyId: string,
  now: Date,
): Promise<string[]> {
  return revokeWhere(trx, "passkey_id", passkeyId, now);
}
