/**
 * A member of staff's own passkeys, as the console's account page manages them: list, rename,
 * remove. Removing one ends the sessions it opened. The ceremonies that add passkeys and sign in
 * with them are in passkeys.ts.
 */
import type { OwnPasskey, Passkey } from "../../../staff-api/passkeys";
import { type DB, isPostgres } from "../../db/database";
import { recordAudit } from "../../audit/audit";
import { type StaffIdentity, revokeSessionsOpenedBy } from "./sessions";

/** Passkey ids are UUIDs; anything else is no passkey, refused before the database is asked. */
const PASSKEY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isPasskeyId(id: string): boolean {
  return PASSKEY_ID.test(id);
}

function toItem(row: {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** A person's own passkeys, oldest first. */
export async function listPasskeys(db: DB, staff: StaffIdentity): Promise<OwnPasskey[]> {
  const [rows, session] = await Promise.all([
    db
      .selectFrom("staff_passkeys")
      .select(["id", "name", "created_at", "last_used_at"])
      .where("account_id", "=", staff.accountId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("staff_sessions")
      .select("passkey_id")
      .where("id", "=", staff.sessionId)
      .executeTakeFirst(),
  ]);
  return rows.map((row) => ({ ...toItem(row), signedInWith: row.id === session?.passkey_id }));
}

/** Renames one of the person's own passkeys; null when they have none with this id. */
export async function renamePasskey(
  db: DB,
  staff: StaffIdentity,
  id: string,
  name: string,
  now: Date,
): Promise<Passkey | null> {
  if (!isPasskeyId(id)) return null;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("staff_passkeys")
      .set({ name })
      .where("id", "=", id)
      .where("account_id", "=", staff.accountId)
      .returning(["id", "name", "created_at", "last_used_at"])
      .executeTakeFirst();
    if (!row) return null;
    await recordAudit(trx, {
      action: "passkey.renamed",
      at: now.toISOString(),
      actor: { id: staff.accountId, email: staff.email },
      record: { type: "staff_passkey", id },
    });
    return toItem(row);
  });
}

/** What removing a passkey ended. */
export interface Removed {
  /** How many sessions the passkey had opened that were still active. */
  sessionsRevoked: number;
  /** Whether the session that asked was one of them: its browser is signed out. */
  signedOut: boolean;
}

/**
 * Removes one of the person's own passkeys and revokes every session it opened, in one
 * transaction: whoever holds a lost device keeps no way in. The session asking may be one of
 * them (removed from the device that holds it); it ends too, rather than outlive the passkey
 * that proved who opened it. Null when they have no passkey with this id.
 */
export async function removePasskey(
  db: DB,
  staff: StaffIdentity,
  id: string,
  now: Date,
): Promise<Removed | null> {
  if (!isPasskeyId(id)) return null;
  return db.transaction().execute(async (trx) => {
    // Locked first: a sign-in with it under way (which locks it too, passkeys.ts) finishes before,
    // and its session is among those revoked; a sign-in after finds it gone.
    const row = await trx
      .selectFrom("staff_passkeys")
      .select("id")
      .where("id", "=", id)
      .where("account_id", "=", staff.accountId)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
    if (!row) return null;
    const revoked = await revokeSessionsOpenedBy(trx, id, now);
    await trx.deleteFrom("staff_passkeys").where("id", "=", id).execute();
    await recordAudit(trx, {
      action: "passkey.removed",
      at: now.toISOString(),
      actor: { id: staff.accountId, email: staff.email },
      record: { type: "staff_passkey", id },
      detail: { sessionsRevoked: revoked.length },
    });
    return { sessionsRevoked: revoked.length, signedOut: revoked.includes(staff.sessionId) };
  });
}
