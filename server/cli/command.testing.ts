/**
 * A command line in a process of its own, for the few tests whose subject is the process: its
 * exit code and usage on a mistake, the settings it reads from the environment, a second process
 * beside the server's connection. Every other test calls the command's `run` in the test's own
 * process: a process loads the whole server's code, which takes seconds on a busy machine.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const exec = promisify(execFile);

/**
 * Runs `server/cli/<name>.ts` from source, with tsx loaded into node itself (no npx process
 * before it), on the environment given over this one's. Resolves with its output; rejects with
 * the exit `code`, `stdout` and `stderr` when it exits other than with 0.
 */
export function commandLine(
  name: "leads" | "staff" | "mail",
  args: string[],
  env: Record<string, string> = {},
) {
  return exec(process.execPath, ["--import", "tsx", `server/cli/${name}.ts`, ...args], {
    env: { ...process.env, ...env },
  });
}
