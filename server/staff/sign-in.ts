import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { consolePaths } from "../../common/paths";
import { emailKey } from "../../leads/email";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { staffSignInLink } from "../mail/templates";
import { recordAudit } from "./audit";
import type { StaffRole } from "./roles";
import { createSession } from "./sessions";
import { hashSecret, newSecret, SECRET_PATTERN } from "./tokens";

/** How long an e-mailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;
const SIGN_IN_LINK_MS = SIGN_IN_LINK_MINUTES * 60_000;

/** The outbox kind of the sign-in e-mail. */
export const SIGN_IN_MAIL_KIND = "staff-sign-in";

/** The address of the page a sign-in link opens. */
export function signInUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${consolePaths.signIn}?token=${token}`;
}

/**
 * Sends a sign-in link to `email` if it is an enabled account's address: a new single-use token
 * (stored as its hash) and the e-mail in the outbox, in one transaction. Says whether it did;
 * the caller must not tell the client.
 */
export async function requestSignInLink(
  db: DB,
  email: string,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<boolean> {
  const account = await db
    .selectFrom("staff_accounts")
    .select(["id", "email", "name", "disabled_at"])
    .where("email_key", "=", emailKey(email))
    .executeTakeFirst();
  if (!account || account.disabled_at) return false;
  await db.transaction().execute((trx) => issueSignInLink(trx, account, { publicUrl, now }));
  return true;
}

/**
 * A new single-use link for the account (its token stored as its hash) and the e-mail that
 * carries it, in the caller's transaction: a sign-in request, or an admin's invitation.
 */
export async function issueSignInLink(
  trx: Transaction<Database>,
  account: { id: string; email: string; name: string },
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<void> {
  const token = newSecret();
  const at = now.toISOString();
  // The account's links that have expired are of no more use to anyone.
  await trx
    .deleteFrom("staff_sign_in_tokens")
    .where("account_id", "=", account.id)
    .where("expires_at", "<", new Date(now.getTime() - SIGN_IN_LINK_MS).toISOString())
    .execute();
  await trx
    .insertInto("staff_sign_in_tokens")
    .values({
      id: randomUUID(),
      token_hash: hashSecret(token),
      account_id: account.id,
      created_at: at,
      expires_at: new Date(now.getTime() + SIGN_IN_LINK_MS).toISOString(),
      used_at: null,
    })
    .execute();
  await enqueueMail(trx, {
    kind: SIGN_IN_MAIL_KIND,
    leadId: account.id,
    // To the address stored on the account, not as typed by whoever asked.
    message: staffSignInLink(
      account.email,
      account.name,
      signInUrl(publicUrl, token),
      SIGN_IN_LINK_MINUTES,
    ),
    now: at,
  });
}

/** A successful sign-in, by link or passkey: who, and the secret for the session cookie. */
export interface SignedIn {
  ok: true;
  account: { id: string; email: string; name: string; role: StaffRole };
  sessionSecret: string;
}

export type VerifyResult =
  SignedIn | { ok: false; reason: "unknown" | "used" | "expired" | "account-disabled" };

/**
 * Opens a session for an account that has just proved who it is (a link's token, a passkey), in
 * the caller's transaction: deletes the account's sessions that can never be used again, stores
 * the new one, and writes `staff.sign-in` to the audit log with `detail` (the method, the client).
 */
export async function openSession(
  trx: Transaction<Database>,
  account: { id: string; email: string },
  {
    now,
    sessionMaxMs,
    detail,
  }: {
    now: Date;
    sessionMaxMs: number;
    detail: { method: string; client: string; [more: string]: unknown };
  },
): Promise<{ id: string; secret: string }> {
  // The account's sessions that can never be used again go; the audit log keeps their story.
  await trx
    .deleteFrom("staff_sessions")
    .where("account_id", "=", account.id)
    .where((eb) =>
      eb.or([
        eb("revoked_at", "is not", null),
        eb("created_at", "<=", new Date(now.getTime() - sessionMaxMs).toISOString()),
      ]),
    )
    .execute();
  const session = await createSession(trx, account.id, now);
  await recordAudit(trx, {
    action: "staff.sign-in",
    at: now.toISOString(),
    actor: { id: account.id, email: account.email },
    record: { type: "staff_session", id: session.id },
    detail,
  });
  return session;
}

/**
 * Signs in with a link's token: marks it used and opens a session, in one transaction. The
 * conditional UPDATE (`where used_at is null and expires_at > now`) is what makes the token
 * single-use: of two verifies racing with one token, only one updates the row (PostgreSQL's row
 * lock makes the other re-check and find it used; SQLite writes one transaction at a time).
 * Every attempt, good or bad, is in the audit log.
 */
export async function verifySignInToken(
  db: DB,
  token: string,
  {
    now,
    client,
    sessionMaxMs,
  }: {
    now: Date;
    client: string;
    /** Sessions of the account older than this (and revoked ones) are deleted on sign-in. */
    sessionMaxMs: number;
  },
): Promise<VerifyResult> {
  const at = now.toISOString();
  const tokenHash = SECRET_PATTERN.test(token) ? hashSecret(token) : null;
  if (tokenHash) {
    const result = await db.transaction().execute(async (trx): Promise<VerifyResult | null> => {
      const used = await trx
        .updateTable("staff_sign_in_tokens")
        .set({ used_at: at })
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", at)
        .returning(["id", "account_id"])
        .executeTakeFirst();
      if (!used) return null;
      const account = await trx
        .selectFrom("staff_accounts")
        .select(["id", "email", "name", "role", "disabled_at"])
        .where("id", "=", used.account_id)
        .executeTakeFirstOrThrow();
      const actor = { id: account.id, email: account.email };
      if (account.disabled_at) {
        await recordAudit(trx, {
          action: "staff.sign-in-failed",
          at,
          actor,
          record: { type: "staff_sign_in_token", id: used.id },
          detail: { reason: "account-disabled", client },
        });
        return { ok: false, reason: "account-disabled" };
      }
      const session = await openSession(trx, account, {
        now,
        sessionMaxMs,
        detail: { method: "email-link", client },
      });
      return {
        ok: true,
        account: { id: account.id, email: account.email, name: account.name, role: account.role },
        sessionSecret: session.secret,
      };
    });
    if (result) return result;
  }
  // Why it failed, for the audit log only: the client is told nothing more than 401.
  const known = tokenHash
    ? await db
        .selectFrom("staff_sign_in_tokens as t")
        .innerJoin("staff_accounts as a", "a.id", "t.account_id")
        .select(["t.id", "t.used_at", "a.id as accountId", "a.email"])
        .where("t.token_hash", "=", tokenHash)
        .executeTakeFirst()
    : undefined;
  const reason = !known ? "unknown" : known.used_at ? "used" : "expired";
  await recordAudit(db, {
    action: "staff.sign-in-failed",
    at,
    actor: known ? { id: known.accountId, email: known.email } : null,
    record: known ? { type: "staff_sign_in_token", id: known.id } : null,
    detail: { reason, client },
  });
  return { ok: false, reason };
}
