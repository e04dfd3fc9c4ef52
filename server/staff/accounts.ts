import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { emailKey, isEmailAddress, normalizeEmail } from "../../leads/email";
import { type DB, lockKeyForTransaction } from "../db/database";
import type { Database } from "../db/schema";
import { type AuditEntry, recordAudit } from "./audit";
import { type StaffRole, isStaffRole, STAFF_ROLES } from "./roles";
import { endAccess, issueSignInLink } from "./sign-in";

export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  createdAt: string;
  disabledAt: string | null;
}

/** Who made a change to an account, for the audit log. */
export interface ChangedBy {
  /** The signed-in account, when the change came from the console; null from the command line. */
  actor?: AuditEntry["actor"];
  /** e.g. "command line (user deploy)". */
  via: string;
  now?: Date;
}

/** A mistake in what was asked (bad address or role): the command line prints it. */
export class AccountInputError extends Error {}

const MAX_NAME = 100;

function checkedEmail(address: string): string {
  const email = normalizeEmail(address);
  if (!isEmailAddress(email)) throw new AccountInputError(`Not an e-mail address: ${address}`);
  return email;
}

function toAccount(row: {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
  disabled_at: string | null;
}): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  };
}

export async function findAccountByEmail(db: DB, address: string): Promise<StaffAccount | null> {
  const row = await db
    .selectFrom("staff_accounts")
    .selectAll()
    .where("email_key", "=", emailKey(address))
    .executeTakeFirst();
  return row ? toAccount(row) : null;
}

export interface AddResult {
  account: StaffAccount;
  outcome: "added" | "role-changed" | "renamed" | "unchanged";
}

/**
 * Creates the account, or gives an existing one the role (and the name, when one is given).
 * A disabled account stays disabled: re-enabling is a decision of its own, not a side effect.
 */
export async function addAccount(
  db: DB,
  input: { email: string; role: string; name?: string },
  { actor = null, via, now = new Date() }: ChangedBy,
): Promise<AddResult> {
  const email = checkedEmail(input.email);
  if (!isStaffRole(input.role))
    throw new AccountInputError(
      `Unknown role: ${input.role}. Use one of: ${STAFF_ROLES.join(", ")}`,
    );
  const role = input.role;
  const name = input.name?.trim().slice(0, MAX_NAME);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("staff_accounts")
      .selectAll()
      .where("email_key", "=", emailKey(email))
      .executeTakeFirst();
    if (!existing) {
      const row = {
        id: randomUUID(),
        email,
        email_key: emailKey(email),
        name: name || email.slice(0, email.lastIndexOf("@")),
        role,
        created_at: at,
        updated_at: at,
        disabled_at: null,
      };
      await trx.insertInto("staff_accounts").values(row).execute();
      await recordAudit(trx, {
        action: "staff.account-added",
        at,
        actor,
        record: { type: "staff_account", id: row.id },
        detail: { email, role, via },
      });
      return { account: toAccount(row), outcome: "added" };
    }
    const newName = name && name !== existing.name ? name : existing.name;
    if (existing.role === role && newName === existing.name) {
      return { account: toAccount(existing), outcome: "unchanged" };
    }
    await trx
      .updateTable("staff_accounts")
      .set({ role, name: newName, updated_at: at })
      .where("id", "=", existing.id)
      .execute();
    const roleChanged = existing.role !== role;
    await recordAudit(trx, {
      action: roleChanged ? "staff.role-changed" : "staff.renamed",
      at,
      actor,
      record: { type: "staff_account", id: existing.id },
      detail: {
        email: existing.email,
        ...(roleChanged ? { from: existing.role, to: role } : {}),
        ...(newName !== existing.name ? { nameChanged: true } : {}),
        via,
      },
    });
    return {
      account: toAccount({ ...existing, role, name: newName }),
      outcome: roleChanged ? "role-changed" : "renamed",
    };
  });
}

export async function listAccounts(db: DB): Promise<StaffAccount[]> {
  const rows = await db.selectFrom("staff_accounts").selectAll().orderBy("email_key").execute();
  return rows.map(toAccount);
}

/**
 * Disables an account and, in the same transaction, revokes every session it has (its browsers
 * are signed out at their next request) and voids its unused sign-in links, which enabling it
 * again does not bring back (sign-in.ts endAccess). Its passkeys stay stored but sign nobody in
 * while it is disabled: the passkey sign-in checks the account (passkeys.ts).
 */
export async function disableAccount(
  db: DB,
  address: string,
  { actor = null, via, now = new Date() }: ChangedBy,
): Promise<"disabled" | "already-disabled" | "not-found"> {
  const email = checkedEmail(address);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("staff_accounts")
      .select(["id", "email", "disabled_at"])
      .where("email_key", "=", emailKey(email))
      .executeTakeFirst();
    if (!account) return "not-found";
    if (account.disabled_at) return "already-disabled";
    await trx
      .updateTable("staff_accounts")
      .set({ disabled_at: at, updated_at: at })
      .where("id", "=", account.id)
      .execute();
    const ended = await endAccess(trx, account.id, now);
    await recordAudit(trx, {
      action: "staff.disabled",
      at,
      actor,
      record: { type: "staff_account", id: account.id },
      detail: { email: account.email, ...ended, via },
    });
    return "disabled";
  });
}

// ---------------------------------------------------------------------------------------------
// The console's account management (admin-routes.ts)

/** An account as the console's admin pages show it. */
export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: string;
  /** When it last opened a session; null if never (or not since its sessions were cleared). */
  lastSignInAt: string | null;
}

type Executor = DB | Transaction<Database>;

/**
 * Accounts with their last sign-in: the newest session each has. An account's sessions are
 * deleted only at its next sign-in (the dead ones) or with the account, so its newest session's
 * start is its last sign-in.
 */
export async function accountSummaries(db: Executor, id?: string): Promise<AccountSummary[]> {
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
    .select([
      "a.id",
      "a.email",
      "a.name",
      "a.role",
      "a.disabled_at",
      "a.created_at",
      "s.last_sign_in_at",
    ])
    .orderBy("a.email_key");
  if (id !== undefined) query = query.where("a.id", "=", id);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at ?? null,
  }));
}

/**
 * Creates an account and e-mails it a sign-in link (the invitation), in one transaction with
 * its audit entry. "exists" when the address already has an account, enabled or not: changing
 * one is PATCH's business.
 */
export async function inviteAccount(
  db: DB,
  input: { email: string; role: StaffRole; name?: string | undefined },
  { actor = null, via, now = new Date(), publicUrl }: ChangedBy & { publicUrl: string },
): Promise<AccountSummary | "exists"> {
  const email = checkedEmail(input.email);
  const name = input.name?.trim().slice(0, MAX_NAME);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("staff_accounts")
      .select("id")
      .where("email_key", "=", emailKey(email))
      .executeTakeFirst();
    if (existing) return "exists";
    const row = {
      id: randomUUID(),
      email,
      email_key: emailKey(email),
      name: name || email.slice(0, email.lastIndexOf("@")),
      role: input.role,
      created_at: at,
      updated_at: at,
      disabled_at: null,
    };
    await trx.insertInto("staff_accounts").values(row).execute();
    await issueSignInLink(trx, row, { publicUrl, now });
    await recordAudit(trx, {
      action: "staff.account-added",
      at,
      actor,
      record: { type: "staff_account", id: row.id },
      detail: { email, role: row.role, via, signInLinkSent: true },
    });
    return { ...toSummary(row), lastSignInAt: null };
  });
}

function toSummary(row: {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
  disabled_at: string | null;
}): AccountSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
    lastSignInAt: null,
  };
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
 * both succeed. Null when there is no such account.
 */
export async function changeAccount(
  db: DB,
  id: string,
  change: { role?: StaffRole | undefined; disabled?: boolean | undefined },
  { actor = null, via, now = new Date() }: ChangedBy,
): Promise<AccountSummary | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lockKeyForTransaction(trx, ACCOUNT_CHANGES_LOCK);
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
      await trx
        .updateTable("staff_accounts")
        .set({ disabled_at: disabled ? at : null, updated_at: at })
        .where("id", "=", account.id)
        .execute();
      if (disabled) {
        const ended = await endAccess(trx, account.id, now);
        await recordAudit(trx, {
          action: "staff.disabled",
          at,
          actor,
          record,
          detail: { email: account.email, ...ended, via },
        });
      } else {
        await recordAudit(trx, {
          action: "staff.enabled",
          at,
          actor,
          record,
          detail: { email: account.email, via },
        });
      }
    }
    const [summary] = await accountSummaries(trx, account.id);
    return summary ?? null;
  });
}
