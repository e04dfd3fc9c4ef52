/**
 * Staff accounts: the store, and what `npm run staff` (server/cli/staff.ts) does with it: add,
 * change role or name, list, disable. The console's list, invite and change, with its lock-out
 * rules, are accounts-admin.ts.
 */
import { randomUUID } from "node:crypto";
import { emailKey, isEmailAddress, normalizeEmail } from "../../../leads/email";
import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../db/database";
import type { Database, StaffAccountTable } from "../../db/schema";
import { type AuditEntry, recordAudit } from "../../audit/audit";
import { type StaffRole, isStaffRole, STAFF_ROLES } from "../../../staff-api/roles";
import { endAccess } from "../sign-in/sign-in";
import { staffDomainProblem } from "./staff-domains";

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

/** The longest name an account keeps; a longer one is cut. */
export const MAX_NAME = 100;

/** The address normalised, or an AccountInputError when it is not one. */
export function checkedEmail(address: string): string {
  const email = normalizeEmail(address);
  if (!isEmailAddress(email)) throw new AccountInputError(`Not an e-mail address: ${address}`);
  return email;
}

/** The columns of an account both the command line and the console show. */
export type StaffAccountRow = Pick<
  Selectable<StaffAccountTable>,
  "id" | "email" | "name" | "role" | "created_at" | "disabled_at"
>;

export function toAccount(row: StaffAccountRow): StaffAccount {
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
 * A new account's address must be at one of `emailDomains` when there are any; an existing one
 * outside them keeps working and may change role. A disabled account stays disabled: re-enabling is a decision of its own, not a side effect.
 */
export async function addAccount(
  db: DB,
  input: { email: string; role: string; name?: string },
  { actor = null, via, now = new Date() }: ChangedBy,
  /** STAFF_EMAIL_DOMAINS: a new account's address must be at one (staff-domains.ts). */
  { emailDomains = [] }: { emailDomains?: readonly string[] } = {},
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
      const outside = staffDomainProblem(email, emailDomains);
      if (outside) throw new AccountInputError(outside);
      const row = await createAccount(trx, { email, role, name }, { actor, via, now });
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

/**
 * Stores a new account with its `staff.account-added` entry, in the caller's transaction: what
 * the command line's `add` and the console's invitation both do. Without a name, the address's
 * local part stands in. `detail` adds to the entry (an invitation says its link was sent).
 */
export async function createAccount(
  trx: Transaction<Database>,
  input: { email: string; role: StaffRole; name?: string | undefined },
  { actor = null, via, now = new Date() }: ChangedBy,
  detail: Record<string, unknown> = {},
) {
  const at = now.toISOString();
  const row = {
    id: randomUUID(),
    email: input.email,
    email_key: emailKey(input.email),
    name: input.name || input.email.slice(0, input.email.lastIndexOf("@")),
    role: input.role,
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
    detail: { email: row.email, role: row.role, via, ...detail },
  });
  return row;
}

/**
 * Disables or enables an account with its audit entry, in the caller's transaction. Disabling
 * also revokes every session it has (its browsers are signed out at their next request) and
 * voids its unused sign-in links, which enabling it again does not bring back (sign-in.ts
 * endAccess). Its passkeys stay stored but sign nobody in while it is disabled.
 */
export async function setDisabled(
  trx: Transaction<Database>,
  account: { id: string; email: string },
  disabled: boolean,
  { actor = null, via, now = new Date() }: ChangedBy,
) {
  const at = now.toISOString();
  await trx
    .updateTable("staff_accounts")
    .set({ disabled_at: disabled ? at : null, updated_at: at })
    .where("id", "=", account.id)
    .execute();
  const ended = disabled ? await endAccess(trx, account.id, now) : {};
  await recordAudit(trx, {
    action: disabled ? "staff.disabled" : "staff.enabled",
    at,
    actor,
    record: { type: "staff_account", id: account.id },
    detail: { email: account.email, ...ended, via },
  });
}

export async function listAccounts(db: DB): Promise<StaffAccount[]> {
  const rows = await db.selectFrom("staff_accounts").selectAll().orderBy("email_key").execute();
  return rows.map(toAccount);
}

/** `npm run staff -- disable`: the account of that address disabled (setDisabled). */
export async function disableAccount(
  db: DB,
  address: string,
  changedBy: ChangedBy,
): Promise<"disabled" | "already-disabled" | "not-found"> {
  const email = checkedEmail(address);
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("staff_accounts")
      .select(["id", "email", "disabled_at"])
      .where("email_key", "=", emailKey(email))
      .executeTakeFirst();
    if (!account) return "not-found";
    if (account.disabled_at) return "already-disabled";
    await setDisabled(trx, account, true, changedBy);
    return "disabled";
  });
}
