import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Child processes that tools and tests start (the server, nginx, Chromium). Each one leads a
 * process group of its own, so stopping it also stops whatever it spawned, and a Ctrl-C in the
 * terminal reaches only the tool, which then stops its children in order. Every group still
 * alive when this process exits, however it exits, is killed.
 */

/** How a process ended: its exit code, or the signal that killed it. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Managed {
  name: string;
  /** Also the id of its process group. */
  pid: number;
  child: ChildProcess;
  /** The last lines it printed (stdout and stderr), for error messages. */
  output(): string;
  /** Resolves once it has exited. */
  exited: Promise<Exit>;
  /** SIGTERM, then SIGKILL to the whole group after `graceMs`. Resolves once it has exited. */
  stop(graceMs?: number): Promise<Exit>;
  /** SIGKILL to the whole group at once, as a crash or `kill -9` would end it. */
  kill(): Promise<Exit>;
}

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/** Process groups to kill when this process exits, including ones a library started. */
export function trackGroup(pid: number) {
  // Installed on first use, not on import: importing this module changes nothing.
  if (!exitHookInstalled) {
    // `exit` handlers must be synchronous, and process.kill is.
    process.on("exit", () => {
      for (const group of liveGroups) killGroup(group, "SIGKILL");
    });
    exitHookInstalled = true;
  }
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
  options: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    /** Also copy what it prints to this process's stderr as it comes. */
    echo?: boolean;
  } = {},
): Managed {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${name} (${command})`);
  trackGroup(pid);

  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
    if (options.echo) process.stderr.write(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const exited = new Promise<Exit>((resolve) => {
    child.once("exit", (code, signal) => {
      untrackGroup(pid);
      // The leader is gone; make sure nothing it started outlives it.
      killGroup(pid, "SIGKILL");
      resolve({ code, signal });
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null;

  return {
    name,
    pid,
    child,
    output: () => tail,
    exited,
    async stop(graceMs = 12_000) {
      if (!running()) return exited;
      // The leader only: the server and nginx's master stop their own helpers, and a second
      // signal would cut the server's graceful shutdown short.
      child.kill("SIGTERM");
      const timer = setTimeout(() => killGroup(pid, "SIGKILL"), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
    async kill() {
      if (running()) killGroup(pid, "SIGKILL");
      return exited;
    },
  };
}

/** Polls `url` until it answers 2xx; fails early, with the process's output, if it exits. */
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
    await sleep(100);
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs} ms:\n${proc.output()}`);
}

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
