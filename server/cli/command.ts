/**
 * What the command lines (`npm run leads`, `npm run staff`) share: the database the server uses,
 * migrated, and how a command reports a mistake (exit code 2, with its usage) or a failure (1).
 */
import { userInfo } from "node:os";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../config";
import { openConfiguredDatabase } from "../configured-database";
import { type DB, migrate } from "../db/database";

/** How the audit log names a change made from the command line: with the operating-system user. */
export function commandLineVia(): string {
  let user = "unknown";
  try {
    user = userInfo().username;
  } catch {
    // no user name (some containers): keep "unknown"
  }
  return `command line (${user})`;
}

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * Reads a command line: a command word, then `options` and `--help`. An unknown option or one
 * without its value is a mistake in the command line (exit code 2 with the usage), not a failure.
 */
export function readCommandLine<const O extends NonNullable<ParseArgsConfig["options"]>>(
  argv: string[],
  options: O,
) {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ...options, help: { type: "boolean", short: "h" } },
    });
    return { command: positionals[0], positionals, values };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Runs `work` on the configured database (DATABASE_URL, or DATA_DIR/leads.sqlite), migrated
 * first, and closes it. A database passed in (tests) is used as it is and left open.
 */
export async function withDatabase<T>(work: (db: DB) => Promise<T>, given?: DB): Promise<T> {
  if (given) return work(given);
  const db = openConfiguredDatabase(loadConfig());
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Runs `run` when the module at `moduleUrl` is the process's entry (from source or compiled),
 * not when a test imports it.
 */
export function runAsCommand(
  moduleUrl: string,
  usage: string,
  run: (argv: string[], out: (text: string) => void) => Promise<void>,
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  run(process.argv.slice(2), (text) => process.stdout.write(text)).catch((error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${usage}\n`);
      process.exit(2);
    }
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
