import { type ChildProcess, spawn } from "node:child_process";
import { readFile, readdir } from "node:fs/promises";
export { freePort } from "../scripts/free-port";

/**
 * Child processes of the benchmark (servers, nginx). Each is started as the leader of its own
 * process group, so stopping it also stops what it spawned (tsx runs the server in a child node
 * process). Every live group is killed when the benchmark exits, however it exits.
 */
export interface Managed {
  name: string;
  /** Also the id of its process group. */
  pid: number;
  child: ChildProcess;
  /** The last lines it printed, for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`. Resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

const liveGroups = new Set<number>();

// A last resort for crashes and Ctrl-C: `exit` handlers must be synchronous, and process.kill is.
process.on("exit", () => {
  for (const pid of liveGroups) killGroup(pid, "SIGKILL");
});

/** For process groups started by libraries (chrome-launcher): killed on exit unless untracked. */
export function trackGroup(pid: number) {
  liveGroups.add(pid);
}

export function untrackGroup(pid: number) {
  liveGroups.delete(pid);
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Managed {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${name} (${command})`);
  liveGroups.add(pid);

  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      liveGroups.delete(pid);
      // The leader is gone; make sure nothing it started outlives it.
      killGroup(pid, "SIGKILL");
      resolve();
    });
  });

  return {
    name,
    pid,
    child,
    output: () => tail,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Only the leader: tsx relays the signal to the server exactly once (a second SIGTERM
      // would cut the server's graceful shutdown short), nginx's master stops its workers.
      child.kill("SIGTERM");
      const timer = setTimeout(() => killGroup(pid, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 2xx; fails early with the process's output if it exits. */
export async function waitForHttp(url: string, proc: Managed, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`${proc.name} exited before answering ${url}:\n${proc.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs} ms:\n${proc.output()}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export async function runCommand(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; quiet?: boolean; cwd?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: options.quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}\n${output}`)),
    );
  });
}

/**
 * CPU seconds used so far by every live process of a process group (Linux /proc; USER_HZ is
 * 100 on every Linux the project runs on). Used to tell a saturated server from a saturated
 * load generator: on 2 cores they compete.
 */
export async function groupCpuSeconds(pgid: number): Promise<number> {
  let ticks = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // Fields after the command name, which may itself contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue; // field 5: pgrp
    ticks += Number(fields[11]) + Number(fields[12]); // fields 14, 15: utime, stime
  }
  return ticks / 100;
}
