import { randomUUID } from "node:crypto";
import { type Transaction, sql } from "kysely";
import { consoleNext, consolePaths } from "../../../common/paths";
import { emailKey } from "../../../leads/email";
import { type DB, isPostgres } from "../../db/database";
import type { Database, OutboxKind } from "../../db/schema";
import { enqueueMail } from "../../mail/outbox";
import { staffSignInLink } from "../../mail/emails/staff-sign-in";
import { recordAudit } from "../../audit/audit";
import type { StaffRole } from "../../../staff-api/roles";
import { createSession, revokeAllSessions } from "./sessions";
import { hashSecret, newSecret, SECRET_PATTERN } from "./tokens";

/** How long an e-mailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;
const SIGN_IN_LINK_MS = SIGN_IN_LINK_MINUTES * 60_000;

/** The outbox kind of the sign-in e-mail. */
export const SIGN_IN_MAIL_KIND = "staff-sign-in" satisfies OutboxKind;

/**
 * The address of the page a sign-in link opens, carrying where the person was going in the
 * console when `next` is a safe console path (consoleNext); an unsafe one is left out.
 */
export function signInUrl(publicUrl: string, token: string, next?: string | null): string {
  const safe = consoleNext(next);
  const then = safe ? `&next=${encodeURIComponent(safe)}` : "";
  return `${publicUrl}${consolePaths.signIn}?token=${token}${then}`;
}

/** What a sign-in link is made with: the site's address, the time, and where it leads after. */
interface LinkOptions {
  publicUrl: string;
  now: Date;
  /** A console path to open after the sign-in (an unsafe one is ignored). */
  next?: string | null;
}

/**
 * Sends a sign-in link to `email` if it is an enabled account's address: a new single-use token
 * (stored as its hash) and the e-mail in the outbox, in one transaction. Says whether it did;
 * the caller must not tell the client.
 */
export async function requestSignInLink(
  db: DB,
  email: string,
  options: LinkOptions,
): Promise<boolean> {
  const account = await db
    .selectFrom("staff_accounts")
    .select(["id", "email", "name", "disabled_at"])
    .where("email_key", "=", emailKey(email))
    .executeTakeFirst();
  if (!account || account.disabled_at) return false;
  return db.transaction().execute((trx) => issueSignInLink(trx, account, options));
}

/**
 * The account's row, locked until the transaction ends (PostgreSQL; SQLite writes one transaction
 * at a time). Issuing a link, signing in by link (here) or passkey (passkeys.ts, with the passkey)
 * and disabling (its UPDATE of the row) all lock it before they touch the account's links or
 * sessions, so they happen one after the other: a disable waits for a sign-in under way and then
 * revokes its session, and a link or sign-in after a disable sees the account disabled. Always
 * the account before its links, so that no two of them wait for each other forever.
 */
export function lockedAccount(trx: Transaction<Database>, accountId: string) {
  return trx
    .selectFrom("staff_accounts")
    .select(["id", "email", "name", "role", "disabled_at"])
    .where("id", "=", accountId)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** A link that still works at `at`: not used, not voided, not expired. */
const stillWorks = (at: string) =>
  sql<boolean>`used_at is null and voided_at is null and expires_at > ${at}`;

/**
 * Voids the account's links that still work: a newer link replaces them, a disable takes them
 * away (so that enabling the account again does not bring them back). Returns how many.
 */
export async function voidSignInLinks(
  trx: Transaction<Database>,
  accountId: string,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const result = await trx
    .updateTable("staff_sign_in_tokens")
    .set({ voided_at: at })
    .where("account_id", "=", accountId)
    .where(stillWorks(at))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Everything disabling an account takes away, in the caller's transaction (after the account's
 * row is marked disabled, which locks it): its sessions, their pending passkey registrations, its
 * links. What was ended, for the audit entry.
 */
export async function endAccess(trx: Transaction<Database>, accountId: string, now: Date) {
  return {
    sessionsRevoked: await revokeAllSessions(trx, accountId, now),
    signInLinksVoided: await voidSignInLinks(trx, accountId, now),
  };
}

/**
 * A new single-use link's token for the account (stored as its hash), working for `validMs`, in
 * the caller's transaction: a sign-in request's (15 minutes), or an admin's invitation's (days;
 * server/staff/accounts/invitations.ts). The account's earlier links stop working: only the newest
 * one mailed signs in. Null when the account has been disabled meanwhile: then send nothing.
 */
export async function newSignInToken(
  trx: Transaction<Database>,
  accountId: string,
  { now, validMs }: { now: Date; validMs: number },
): Promise<string | null> {
  const locked = await lockedAccount(trx, accountId);
  if (!locked || locked.disabled_at) return null;
  const token = newSecret();
  // The account's links that expired a while ago are of no more use to anyone (a try with one
  // just after its end is still in the audit log as "expired").
  await trx
    .deleteFrom("staff_sign_in_tokens")
    .where("account_id", "=", accountId)
    .where("expires_at", "<", new Date(now.getTime() - SIGN_IN_LINK_MS).toISOString())
    .execute();
  await voidSignInLinks(trx, accountId, now);
  await trx
    .insertInto("staff_sign_in_tokens")
    .values({
      id: randomUUID(),
      token_hash: hashSecret(token),
      account_id: accountId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + validMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * A new sign-in link for the account and the e-mail that carries it, in the caller's
 * transaction (newSignInToken). False, and nothing sent, when the account has been disabled
 * meanwhile.
 */
export async function issueSignInLink(
  trx: Transaction<Database>,
  account: { id: string; email: string; name: string },
  { publicUrl, now, next }: LinkOptions,
): Promise<boolean> {
  const token = await newSignInToken(trx, account.id, { now, validMs: SIGN_IN_LINK_MS });
  if (!token) return false;
  await enqueueMail(trx, {
    kind: SIGN_IN_MAIL_KIND,
    leadId: account.id,
    // To the address stored on the account, not as typed by whoever asked.
    message: await staffSignInLink({
      email: account.email,
      name: account.name,
      signInUrl: signInUrl(publicUrl, token, next),
      validMinutes: SIGN_IN_LINK_MINUTES,
    }),
    now: now.toISOString(),
  });
  return true;
}

/** A successful sign-in, by link or passkey: who, and the secret for the session cookie. */
export interface SignedIn {
  ok: true;
  account: { id: string; email: string; name: string; role: StaffRole };
  sessionSecret: string;
}

export type VerifyResult =
  SignedIn | { ok: false; reason: "unknown" | "used" | "voided" | "expired" | "account-disabled" };

/**
 * Opens a session for an account that has just proved who it is (a link's token, a passkey), in
 * the caller's transaction, which holds the account's row lock (see lockedAccount): deletes the
 * account's sessions that can never be used again, stores the new one (with the passkey that
 * opened it), and writes `staff.sign-in` to the audit log with `detail` (the method, the client).
 */
export async function openSession(
  trx: Transaction<Database>,
  account: { id: string; email: string },
  {
    now,
    sessionMaxMs,
    detail,
    passkeyId = null,
  }: {
    now: Date;
    sessionMaxMs: number;
    detail: { method: string; client: string; [more: string]: unknown };
    passkeyId?: string | null;
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
  const session = await createSession(trx, account.id, now, passkeyId);
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
 * conditional UPDATE (`where used_at is null and voided_at is null and expires_at > now`) is what
 * makes the token single-use: of two verifies racing with one token, only one updates the row
 * (PostgreSQL's row lock makes the other re-check and find it used; SQLite writes one transaction
 * at a time). Every attempt, good or bad, is in the audit log.
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
      const link = await trx
        .selectFrom("staff_sign_in_tokens")
        .select("account_id")
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      // The account's lock first, then the link's row (see lockedAccount).
      const account = link && (await lockedAccount(trx, link.account_id));
      if (!account) return null;
      const used = await trx
        .updateTable("staff_sign_in_tokens")
        .set({ used_at: at })
        .where("token_hash", "=", tokenHash)
        .where(stillWorks(at))
        .returning(["id"])
        .executeTakeFirst();
      if (!used) return null;
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
        .select(["t.id", "t.used_at", "t.voided_at", "a.id as accountId", "a.email"])
        .where("t.token_hash", "=", tokenHash)
        .executeTakeFirst()
    : undefined;
  const reason = !known
    ? "unknown"
    : known.used_at
      ? "used"
      : known.voided_at
        ? "voided"
        : "expired";
  await recordAudit(db, {
    action: "staff.sign-in-failed",
    at,
    actor: known ? { id: known.accountId, email: known.email } : null,
    record: known ? { type: "staff_sign_in_token", id: known.id } : null,
    detail: { reason, client },
  });
  return { ok: false, reason };
}
