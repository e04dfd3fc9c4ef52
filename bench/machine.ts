/** The machine a run measured on, recorded in the report: the numbers mean little without it. */
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_PATH } from "../scripts/chromium";
import { runCommand } from "../scripts/processes";
import { REPO_ROOT } from "../scripts/repo-root";

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGB: number;
  os: string;
  node: string;
  chromium: string;
  lighthouse: string;
  /** 1-minute load average when the run started and ended: other work on the machine skews. */
  loadAverageStart: number;
  loadAverageEnd: number;
}

/** All but the load average at the end, which the run adds when it ends. */
export async function describeMachine(): Promise<Omit<Machine, "loadAverageEnd">> {
  const chromium = await runCommand(CHROMIUM_PATH, ["--version"], { quiet: true }).catch(() => "");
  const osRelease = await readFile("/etc/os-release", "utf8").catch(() => "");
  const lighthouse = JSON.parse(
    await readFile(path.join(REPO_ROOT, "node_modules/lighthouse/package.json"), "utf8"),
  ) as { version: string };
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    os: /PRETTY_NAME="([^"]+)"/.exec(osRelease)?.[1] ?? `${os.type()} ${os.release()}`,
    node: process.version,
    chromium: /Chromium [\d.]+|Chrome [\d.]+/.exec(chromium)?.[0] ?? chromium.trim(),
    lighthouse: lighthouse.version,
    loadAverageStart: os.loadavg()[0] ?? 0,
  };
}
