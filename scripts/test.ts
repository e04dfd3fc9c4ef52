/**
 * `npm test`: every check the project has, in order, stopping at the first failure, then how
 * long each step took. A step is a name and the npm arguments that run it: add one to `steps`.
 */
import { spawnSync } from "node:child_process";
import { isMain } from "./is-main";

export const steps: [string, string[]][] = [
  ["typecheck", ["run", "typecheck"]],
  ["lint", ["run", "lint"]],
  ["format", ["run", "format:check"]],
  ["unit, component and API tests", ["run", "test:unit"]],
  ["build", ["run", "build"]],
  ["built-site tests", ["run", "test:site"]],
  ["browser tests", ["run", "test:e2e"]],
  ["npm run dev in a browser", ["run", "test:dev"]],
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

/** The summary printed at the end: one line per step that ran, then the total. */
export function timingTable(times: StepTime[]): string {
  const width = Math.max(5, ...times.map((t) => t.name.length));
  const total = times.reduce((sum, t) => sum + t.ms, 0);
  const line = (name: string, ms: number, mark: string) =>
    `${mark} ${name.padEnd(width)}  ${duration(ms).padStart(10)}`;
  return [
    ...times.map((t) => line(t.name, t.ms, t.ok ? "✔" : "✖")),
    line("total", total, " "),
  ].join("\n");
}

function main() {
  const times: StepTime[] = [];
  for (const [name, args] of steps) {
    console.log(`\n▶ ${name}: npm ${args.join(" ")}`);
    const start = performance.now();
    const result = spawnSync("npm", args, { stdio: "inherit" });
    const ok = result.status === 0;
    times.push({ name, ms: performance.now() - start, ok });
    if (!ok) {
      console.error(`\n✖ ${name} failed\n\n${timingTable(times)}`);
      process.exit(result.status ?? 1);
    }
  }
  console.log(`\n✔ all checks passed\n\n${timingTable(times)}`);
}

if (isMain(import.meta.url)) main();
