/**
 * The console's account management (admin-routes.ts): accounts with their last sign-in and their
 * invitation, inviting one (the account and its invitation in one transaction) and inviting it
 * again, and changing its role or whether it is disabled, with the lock-out rules. The account
 * store itself is accounts.ts; the invitation e-mail and its link, invitations.ts.
 */
import type { Transaction } from "kysely";
import { type DB, lockKeyForTransaction } from "../../db/database";
import { idByEmail } from "../../db/id-by-email";
import type { Database } from "../../db/schema";
import { versionOfValues } from "../../http/contract-routes";
import {
  AccountInputError,
  type ChangedBy,
  toAccount,
  MAX_NAME,
  checkedEmail,
  createAccount,
  setDisabled,
} from "./accounts";
import { recordAudit } from "../../audit/audit";
import type { StaffAccount } from "../../../staff-api/admin";
import type { StaffRole } from "../../../staff-api/roles";
import { lockedAccount } from "../sign-in/sign-in";
import { sendInvitation } from "./invitations";
import { staffDomainProblem } from "./staff-domains";

type Executor = DB | Transaction<Database>;

/**
 * Accounts with their last sign-in and their latest invitation. The last sign-in is the newest
 * session each has: an account's sessions are deleted only at its next sign-in (the dead ones) or
 * with the account, so its newest session's start is its last sign-in. Who invited it is read
 * from the inviting account, so a renamed admin shows under their current name.
 */
export async function accountSummaries(db: Executor, id?: string): Promise<StaffAccount[]> {
  let query = db
    .selectFrom("staff_accounts as a")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("staff_sessions")
          .select(["account_id", (e) => e.fn.max("created_at").as("last_sign_in_at")])
          .groupBy("account_id")
          .as("s"),
      (join) => join.onRef("s.account_id", "=", "a.id"),
    )
    .leftJoin("staff_accounts as inviter", "inviter.id", "a.invited_by")
    .select([
      "a.id",
      "a.email",
      "a.name",
      "a.role",
      "a.disabled_at",
      "a.created_at",
      "s.last_sign_in_at",
      "a.invited_at",
      "inviter.name as inviter_name",
      "inviter.email as inviter_email",
    ])
    .orderBy("a.email_key");
  if (id !== undefined) query = query.where("a.id", "=", id);
  const rows = await query.execute();
  return rows.map((row) => {
    const { disabledAt, ...account } = toAccount(row);
    const disabled = disabledAt !== null;
    return {
      ...account,
      disabled,
      lastSignInAt: row.last_sign_in_at ?? null,
      invitedAt: row.invited_at,
      invitedBy: row.inviter_name || row.inviter_email || null,
      version: versionOfValues([
        account.email,
        account.name,
        account.role,
        disabled,
        row.invited_at,
      ]),
    };
  });
}

/**
 * A change made on a version of the account that is no longer its own (decision 0068): another
 * admin changed it since the page listed it. Nothing was changed; `account` is how it now is.
 */
export class StaleAccountError extends Error {
  constructor(readonly account: StaffAccount) {
    super("The account changed since this change was made on it");
  }
}

/**
 * Throws StaleAccountError when the account is not at a version the change names (`isCurrent`;
 * none given, from the command line: any version), read under the change's lock.
 */
async function checkCurrent(
  trx: Transaction<Database>,
  id: string,
  isCurrent: ((version: string) => boolean) | undefined,
): Promise<void> {
  if (!isCurrent) return;
  // The row's lock, which a resend takes too: a change and a resend are checked one at a time.
  await lockedAccount(trx, id);
  const [account] = await accountSummaries(trx, id);
  if (account && !isCurrent(account.version)) throw new StaleAccountError(account);
}

/** What a change from the console names: the version of the account it was made on. */
type OfVersion = { isCurrent?: (version: string) => boolean };

/**
 * Creates an account and e-mails it its invitation (invitations.ts), in one transaction with its
 * audit entry. "exists" when the address already has an account, enabled or not: changing one is
 * PATCH's business. An AccountInputError when the address is not at one of `emailDomains`
 * (STAFF_EMAIL_DOMAINS, staff-domains.ts).
 */
export async function inviteAccount(
  db: DB,
  input: { email: string; role: StaffRole; name?: string | undefined },
  {
    actor = null,
    via,
    now = new Date(),
    publicUrl,
    emailDomains = [],
  }: ChangedBy & { publicUrl: string; emailDomains?: readonly string[] },
): Promise<StaffAccount | "exists"> {
  const email = checkedEmail(input.email);
  // Before looking the address up: outside the domains, whether it has an account is not told.
  const outside = staffDomainProblem(email, emailDomains);
  if (outside) throw new AccountInputError(outside);
  const name = input.name?.trim().slice(0, MAX_NAME);
  return db.transaction().execute(async (trx) => {
    if ((await idByEmail(trx, "staff_accounts", email)) !== undefined) return "exists";
    const row = await createAccount(
      trx,
      { email, role: input.role, name },
      { actor, via, now },
      { signInLinkSent: true },
    );
    await sendInvitation(trx, row, { actor, now, publicUrl });
    return summaryOf(trx, row.id);
  });
}

/** Why an invitation was not sent again. */
export type ResendRefusal = "not-found" | "signed-in" | "disabled";

/**
 * Sends the account's invitation again, with its `staff.invitation-resent` entry, in one
 * transaction: its earlier links stop working. Only for an enabled account that has never
 * signed in (it has no session: an account's sessions go only with newer ones, sign-in.ts
 * openSession); one that has can ask for a sign-in link itself. Takes the account's lock first,
 * so a sign-in or a disable under way finishes before it is decided.
 */
export async function resendInvitation(
  db: DB,
  id: string,
  {
    actor = null,
    via,
    now = new Date(),
    publicUrl,
    isCurrent,
  }: ChangedBy & OfVersion & { publicUrl: string },
): Promise<StaffAccount | ResendRefusal> {
  return db.transaction().execute(async (trx) => {
    const account = await lockedAccount(trx, id);
    if (!account) return "not-found";
    await checkCurrent(trx, id, isCurrent);
    if (account.disabled_at) return "disabled";
    const session = await trx
      .selectFrom("staff_sessions")
      .select("id")
      .where("account_id", "=", id)
      .limit(1)
      .executeTakeFirst();
    if (session) return "signed-in";
    await sendInvitation(trx, account, { actor, now, publicUrl });
    await recordAudit(trx, {
      action: "staff.invitation-resent",
      at: now.toISOString(),
      actor,
      record: { type: "staff_account", id },
      detail: { email: account.email, role: account.role, via },
    });
    return summaryOf(trx, id);
  });
}

/** The account as the console lists it, read in the transaction that has just changed it. */
async function summaryOf(trx: Transaction<Database>, id: string): Promise<StaffAccount> {
  const [summary] = await accountSummaries(trx, id);
  if (!summary) throw new Error(`Account ${id} vanished in its own transaction`);
  return summary;
}

/** The lock every change of an account's role or state takes (PostgreSQL; see changeAccount). */
export const ACCOUNT_CHANGES_LOCK = "staff_accounts:admins";

/** A change an admin may not make; the message says why. */
export class AccountChangeRefused extends Error {}

/**
 * Changes an account's role and/or whether it is disabled, each change with its audit entry, in
 * one transaction; disabling revokes all of the account's sessions and voids its links. Refused:
 * an admin disabling themselves or giving up their own admin role, and any change that would
 * leave no enabled admin. Changes to accounts are made one at a time (an advisory lock on
 * PostgreSQL; SQLite writes one transaction at a time), so two admins demoting each other cannot
 * both succeed. Null when there is no such account; StaleAccountError when it is not at the
 * version `isCurrent` names.
 */
export async function changeAccount(
  db: DB,
  id: string,
  change: { role?: StaffRole | undefined; disabled?: boolean | undefined },
  { actor = null, via, now = new Date(), isCurrent }: ChangedBy & OfVersion,
): Promise<StaffAccount | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lockKeyForTransaction(trx, ACCOUNT_CHANGES_LOCK);
    await checkCurrent(trx, id, isCurrent);
    const account = await trx
      .selectFrom("staff_accounts")
      .select(["id", "email", "role", "disabled_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!account) return null;
    const self = actor?.id === account.id;
    const role = change.role ?? account.role;
    const disabled = change.disabled ?? account.disabled_at !== null;
    if (self && change.disabled === true) {
      throw new AccountChangeRefused("You cannot disable your own account.");
    }
    if (self && role !== "admin" && account.role === "admin") {
      throw new AccountChangeRefused(
        "You cannot remove your own admin role: ask another admin to do it.",
      );
    }
    const wasEnabledAdmin = account.role === "admin" && account.disabled_at === null;
    if (wasEnabledAdmin && (role !== "admin" || disabled)) {
      const others = await trx
        .selectFrom("staff_accounts")
        .select("id")
        .where("role", "=", "admin")
        .where("disabled_at", "is", null)
        .where("id", "!=", account.id)
        .limit(1)
        .execute();
      if (!others.length) {
        throw new AccountChangeRefused("This would leave no enabled admin account.");
      }
    }
    const record = { type: "staff_account", id: account.id };
    if (role !== account.role) {
      await trx
        .updateTable("staff_accounts")
        .set({ role, updated_at: at })
        .where("id", "=", account.id)
        .execute();
      await recordAudit(trx, {
        action: "staff.role-changed",
        at,
        actor,
        record,
        detail: { email: account.email, from: account.role, to: role, via },
      });
    }
    if (disabled !== (account.disabled_at !== null)) {
      await setDisabled(trx, account, disabled, { actor, via, now });
    }
    const [summary] = await accountSummaries(trx, account.id);
    return summary ?? null;
  });
}
