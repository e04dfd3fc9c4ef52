/**
 * `npm test`: every check the project has, then how long each step took. The steps run side by
 * side, each as soon as the steps it comes `after` have passed, so that the 2-core machine is kept
 * busy while the suites wait on servers, browsers and databases (decision 0069). The first
 * failure stops the steps still running, as Ctrl-C would, and starts no other. Add a step to
 * `steps`, after what it reads.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { isMain } from "./is-main";

export interface Step {
  name: string;
  args: string[];
  /**
   * Steps that must pass before this one starts: the build, for the steps that read it; the unit
   * tests, for the steps that would make them fail their deadlines if run beside them.
   */
  after?: string[];
  /**
   * Runs at a lower CPU priority (`nice`): computation with no clock in it (typecheck, lint,
   * format, reading the built HTML), which takes the cycles the tests leave idle instead of
   * slowing a test that waits for something against a deadline.
   */
  background?: boolean;
}

const UNIT = "unit, component and API tests";

/**
 * The unit tests and the browser tests take nearly all of the run, and both time things in wall
 * time (render budgets, deadlines, a test's limit): run together on two cores that other work
 * shared, the unit tests failed ten, so the browser tests come after them. Everything else goes
 * beside them:
 * the build and the static checks beside the unit tests, the built site's tests too once the
 * build has passed, `npm run dev` in a browser beside the browser tests.
 */
export const steps: Step[] = [
  { name: UNIT, args: ["run", "test:unit"] },
  { name: "build", args: ["run", "build"] },
  { name: "built-site tests", args: ["run", "test:site"], after: ["build"], background: true },
  { name: "browser tests", args: ["run", "test:e2e"], after: ["build", UNIT] },
  { name: "npm run dev in a browser", args: ["run", "test:dev"], after: [UNIT] },
  { name: "typecheck", args: ["run", "typecheck"], background: true },
  { name: "lint", args: ["run", "lint"], background: true },
  { name: "format", args: ["run", "format:check"], background: true },
];

export type Outcome = "passed" | "failed" | "stopped" | "not run";

export interface StepTime {
  name: string;
  /** When it started, from the start of the run. */
  startMs: number;
  ms: number;
  outcome: Outcome;
}

/**
 * The steps that may start now: not started yet, and every step they come after has passed. A
 * step after one that failed, or was stopped, never becomes ready.
 */
export function readySteps(all: Step[], started: Set<string>, passed: Set<string>): Step[] {
  return all.filter(
    (step) => !started.has(step.name) && (step.after ?? []).every((name) => passed.has(name)),
  );
}

/** Seconds, or minutes and seconds past a minute: "42.0 s", "3 min 05 s". */
export function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/** A point in the run as minutes and seconds: "0:00", "4:07". */
export function clock(ms: number): string {
  const whole = Math.round(ms / 1000);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

const MARKS: Record<Outcome, string> = { passed: "✔", failed: "✖", stopped: "■", "not run": "·" };

/** Steps by when they started; those never started last. */
const startOrder = (t: StepTime) => (t.outcome === "not run" ? Infinity : t.startMs);

/**
 * The summary printed at the end: one line per step, in the order they started, with when it
 * started and how long it took (■ stopped by another's failure, · never started), then the
 * total, which is the wall time of the whole run (steps overlap, so it is less than their sum).
 */
export function timingTable(times: StepTime[], totalMs: number): string {
  const width = Math.max(5, ...times.map((t) => t.name.length));
  const line = (mark: string, name: string, start: string, took: string) =>
    `${mark} ${name.padEnd(width)}  ${start.padStart(10)}  ${took.padStart(10)}`;
  return [
    line(" ", "", "starts at", "took"),
    ...[...times]
      .sort((a, b) => startOrder(a) - startOrder(b))
      .map((t) =>
        t.outcome === "not run"
          ? line(MARKS[t.outcome], t.name, "", "not run")
          : line(MARKS[t.outcome], t.name, clock(t.startMs), duration(t.ms)),
      ),
    line(" ", "total", "", duration(totalMs)),
  ].join("\n");
}

interface Running {
  step: Step;
  child: ChildProcess;
  startMs: number;
  stopped: boolean;
}

/**
 * Each step leads a process group of its own, so that stopping it reaches what it started (the
 * test servers, the browsers) as a Ctrl-C in the terminal would; its output is held and printed
 * whole when it ends, so that the steps' lines do not interleave.
 */
function startStep(step: Step, runStart: number): { running: Running; ended: Promise<StepTime> } {
  const startMs = performance.now() - runStart;
  const [command, args] = step.background
    ? ["nice", ["-n", "10", "npm", ...step.args]]
    : ["npm", step.args];
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
  const running: Running = { step, child, startMs, stopped: false };
  console.log(`▶ ${clock(startMs)} ${step.name}: npm ${step.args.join(" ")}`);
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  const ended = new Promise<StepTime>((resolve) => {
    let done = false;
    const end = (code: number | null) => {
      if (done) return;
      done = true;
      const ms = performance.now() - runStart - startMs;
      const outcome: Outcome = running.stopped ? "stopped" : code === 0 ? "passed" : "failed";
      const said = Buffer.concat(output).toString().trimEnd();
      console.log(`\n${MARKS[outcome]} ${step.name} ${outcome} after ${duration(ms)}`);
      if (said) console.log(said);
      resolve({ name: step.name, startMs, ms, outcome });
    };
    child.on("close", end);
    // A process the step left behind may hold its output open after it exited: the step has
    // ended all the same.
    child.on("exit", (code) => {
      setTimeout(() => {
        end(code);
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, 2_000).unref();
    });
  });
  return { running, ended };
}

/** Sends `signal` to a step's whole process group, once. */
function stop(running: Running, signal: NodeJS.Signals) {
  if (running.stopped) return;
  running.stopped = true;
  try {
    process.kill(-(running.child.pid ?? 0), signal);
  } catch {
    // Already gone.
  }
}

async function main() {
  const runStart = performance.now();
  const times: StepTime[] = [];
  const started = new Set<string>();
  const passed = new Set<string>();
  const running = new Map<string, Running>();
  let failed = false;

  // Ctrl-C or a CI timeout reaches this process only (the steps lead groups of their own).
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      failed = true;
      for (const step of running.values()) stop(step, signal);
    });
  }

  await new Promise<void>((allEnded) => {
    const startReady = () => {
      if (!failed) {
        for (const step of readySteps(steps, started, passed)) {
          started.add(step.name);
          const { running: run, ended } = startStep(step, runStart);
          running.set(step.name, run);
          void ended.then((time) => {
            running.delete(step.name);
            times.push(time);
            if (time.outcome === "passed") passed.add(step.name);
            else if (!failed) {
              failed = true;
              for (const other of running.values()) stop(other, "SIGINT");
            }
            startReady();
          });
        }
      }
      if (running.size === 0) allEnded();
    };
    startReady();
  });

  for (const step of steps) {
    if (!started.has(step.name))
      times.push({ name: step.name, startMs: 0, ms: 0, outcome: "not run" });
  }
  const table = timingTable(times, performance.now() - runStart);
  const failures = times.filter((t) => t.outcome === "failed").map((t) => t.name);
  if (failed) {
    console.error(
      `\n✖ ${failures.length > 0 ? `${failures.join(", ")} failed` : "stopped"}\n\n${table}`,
    );
    process.exit(1);
  }
  console.log(`\n✔ all checks passed\n\n${table}`);
}

if (isMain(import.meta.url)) await main();
