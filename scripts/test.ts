/**
 * `npm test`: every check the project has, stopping at the first failure, then how long each
 * step took. A step is a name and the npm arguments that run it; a stage is steps that run side
 * by side (each single-threaded, so together they use the cores one alone leaves idle). Add a
 * step to a stage, or a stage to `stages`.
 */
import { spawn } from "node:child_process";
import { isMain } from "./is-main";

export interface Step {
  name: string;
  args: string[];
}

export const stages: Step[][] = [
  [
    { name: "typecheck", args: ["run", "typecheck"] },
    { name: "lint", args: ["run", "lint"] },
    { name: "format", args: ["run", "format:check"] },
  ],
  [{ name: "unit, component and API tests", args: ["run", "test:unit"] }],
  [{ name: "build", args: ["run", "build"] }],
  [{ name: "built-site tests", args: ["run", "test:site"] }],
  [{ name: "browser tests", args: ["run", "test:e2e"] }],
  [{ name: "npm run dev in a browser", args: ["run", "test:dev"] }],
];

export interface StepTime {
  name: string;
  ms: number;
  ok: boolean;
}

/** Seconds, or minutes and seconds past a minute: "42.0 s", "3 min 05 s". */
export function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/**
 * The summary printed at the end: one line per step that ran, then the total, which is the
 * wall time of the whole run (steps of one stage overlap, so it is less than their sum).
 */
export function timingTable(times: StepTime[], totalMs: number): string {
  const width = Math.max(5, ...times.map((t) => t.name.length));
  const line = (name: string, ms: number, mark: string) =>
    `${mark} ${name.padEnd(width)}  ${duration(ms).padStart(10)}`;
  return [
    ...times.map((t) => line(t.name, t.ms, t.ok ? "✔" : "✖")),
    line("total", totalMs, " "),
  ].join("\n");
}

/**
 * Runs one step. Alone in its stage it writes to the terminal as it goes; beside others its
 * output is held and printed whole when it ends, so that the steps' lines do not interleave.
 */
function runStep(step: Step, alone: boolean): Promise<StepTime> {
  const start = performance.now();
  const header = `\n▶ ${step.name}: npm ${step.args.join(" ")}`;
  if (alone) console.log(header);
  const child = spawn("npm", step.args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      if (!alone) console.log(`${header}\n${Buffer.concat(output).toString().trimEnd()}`);
      resolve({ name: step.name, ms: performance.now() - start, ok: code === 0 });
    });
  });
}

async function main() {
  const started = performance.now();
  const times: StepTime[] = [];
  for (const stage of stages) {
    times.push(...(await Promise.all(stage.map((step) => runStep(step, stage.length === 1)))));
    const failed = times.filter((t) => !t.ok);
    if (failed.length > 0) {
      const names = failed.map((t) => t.name).join(", ");
      console.error(`\n✖ ${names} failed\n\n${timingTable(times, performance.now() - started)}`);
      process.exit(1);
    }
  }
  console.log(`\n✔ all checks passed\n\n${timingTable(times, performance.now() - started)}`);
}

if (isMain(import.meta.url)) await main();
