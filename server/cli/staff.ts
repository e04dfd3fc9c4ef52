/**
 * Staff accounts from the command line, for whoever runs the server (the console has no admin
 * pages yet):
 *
 *   npm run staff -- add --email ADDRESS --role admin|sales|marketing [--name NAME]
 *   npm run staff -- list
 *   npm run staff -- disable --email ADDRESS
 *
 * Same database as the server (DATABASE_URL, or DATA_DIR/leads.sqlite), and the same
 * STAFF_EMAIL_DOMAINS: a new account's address must be at one of them when it is set. Every
 * change is in the audit log, marked as made from the command line by the operating-system user.
 */
import * as z from "zod/mini";
import { optionalText } from "../../leads/fields";
import { loadConfig } from "../config";
import type { DB } from "../db/database";
import {
  AccountInputError,
  addAccount,
  disableAccount,
  listAccounts,
} from "../staff/accounts/accounts";
import { STAFF_ROLES } from "../../staff-api/roles";
import { toCsv } from "../../common/csv";
import {
  UsageError,
  commandLineVia as via,
  readCommandLine,
  runAsCommand,
  withDatabase,
} from "./command";

/** A name as the console's invitation takes it: one line, no hidden or control characters. */
const Name = optionalText({ max: 100 });

const USAGE = `Usage:
  npm run staff -- add --email ADDRESS --role ${STAFF_ROLES.join("|")} [--name NAME]
  npm run staff -- list
  npm run staff -- disable --email ADDRESS`;

export async function run(
  argv: string[],
  out: (text: string) => void,
  /**
   * Tests pass their database, clock and STAFF_EMAIL_DOMAINS; the command opens the configured
   * database and reads the configured domains.
   */
  {
    db: database,
    now = new Date(),
    emailDomains,
  }: { db?: DB; now?: Date; emailDomains?: readonly string[] } = {},
): Promise<void> {
  const { command, values } = readCommandLine(argv, {
    email: { type: "string" },
    role: { type: "string" },
    name: { type: "string" },
  });
  if (values.help || !command) return void out(`${USAGE}\n`);
  if (!["add", "list", "disable"].includes(command))
    throw new UsageError(`Unknown command: ${command}`);
  if (command !== "list" && !values.email) throw new UsageError("--email ADDRESS is required");
  if (command === "add" && !values.role)
    throw new UsageError(`--role is required: one of ${STAFF_ROLES.join(", ")}`);
  const name = z.safeParse(Name, values.name);
  if (!name.success) throw new UsageError(`--name: ${name.error.issues[0]?.message}`);

  await withDatabase(async (db) => {
    try {
      if (command === "add") {
        const { account, outcome } = await addAccount(
          db,
          { email: values.email ?? "", role: values.role ?? "", name: name.data || undefined },
          { via: via(), now },
          { emailDomains: emailDomains ?? loadConfig().staffEmailDomains },
        );
        const what = {
          added: `Added ${account.email} as ${account.role}.`,
          "role-changed": `${account.email} is now ${account.role}.`,
          renamed: `${account.email} is now named ${account.name}; still ${account.role}.`,
          unchanged: `${account.email} is already ${account.role}; nothing changed.`,
        }[outcome];
        const disabled = account.disabledAt
          ? ` The account is disabled (since ${account.disabledAt}) and stays disabled: it cannot sign in.`
          : outcome === "added"
            ? " They sign in with a link sent to that address."
            : "";
        out(`${what}${disabled}\n`);
      } else if (command === "list") {
        const accounts = await listAccounts(db);
        out(
          toCsv(
            ["email", "name", "role", "status", "created_at"],
            accounts.map((a) => ({
              email: a.email,
              name: a.name,
              role: a.role,
              status: a.disabledAt ? `disabled ${a.disabledAt}` : "enabled",
              created_at: a.createdAt,
            })),
          ),
        );
      } else {
        const result = await disableAccount(db, values.email ?? "", { via: via(), now });
        if (result === "not-found") throw new UsageError(`No staff account for ${values.email}`);
        out(
          result === "disabled"
            ? `Disabled ${values.email}; its sessions are revoked and its passkeys sign nobody in.\n`
            : `${values.email} was already disabled.\n`,
        );
      }
    } catch (error) {
      if (error instanceof AccountInputError) throw new UsageError(error.message);
      throw error;
    }
  }, database);
}

runAsCommand(import.meta.url, USAGE, run);
