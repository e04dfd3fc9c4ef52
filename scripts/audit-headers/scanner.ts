import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { access, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/** One of the scanner's tests, as its CLI prints it (without the HTML description). */
export interface ObservatoryTest {
  expectation: string;
  pass: boolean | null;
  result: string | null;
  scoreModifier: number | null;
  [detail: string]: unknown;
}

export interface ObservatoryResult {
  scan: {
    algorithmVersion: number;
    grade: string;
    score: number;
    error: string | null;
    statusCode: number;
    testsFailed: number;
    testsPassed: number;
    testsQuantity: number;
    responseHeaders: Record<string, string>;
  };
  tests: Record<string, ObservatoryTest>;
}

const packageDir = path.dirname(
  createRequire(import.meta.url).resolve("@mdn/mdn-http-observatory/package.json"),
);

export const observatoryVersion: string = (
  JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string }
).version;

/**
 * The scanner reads Chromium's HSTS preload list from conf/hsts-preload.json, which its
 * postinstall script downloads; installed with --ignore-scripts (and offline) the file is
 * missing and every scan fails. The audited host is a local test name that is on no preload
 * list, so an empty list gives the same verdict as the real one. Returns a function that
 * removes the file again if this call created it.
 */
export async function ensureHstsPreloadList(): Promise<() => Promise<void>> {
  const file = path.join(packageDir, "conf", "hsts-preload.json");
  try {
    await access(file);
    return async () => {};
  } catch {
    await writeFile(file, "{}\n", { flag: "wx" });
    return () => rm(file, { force: true });
  }
}

/**
 * Runs the scanner's own CLI (src/scan.js, not the bin wrapper, which overwrites
 * NODE_EXTRA_CA_CERTS with Mozilla's bundle) against https://host/ and http://host/, trusting
 * `caFile` besides the usual roots. Without that trust the scanner retries without verification
 * and fails HSTS and redirection as "invalid certificate".
 */
export function runObservatory(options: {
  host: string;
  caFile: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}): Promise<ObservatoryResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(packageDir, "src", "scan.js"), options.host], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: options.caFile },
      stdio: ["ignore", "pipe", "pipe"],
      signal: options.signal,
      timeout: options.timeoutMs ?? 120_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      let output: unknown;
      try {
        output = JSON.parse(stdout);
      } catch {
        const how = signal ? `was stopped by ${signal}` : `exited with ${code}`;
        return reject(new Error(`The scanner ${how} without a result.\n${stderr || stdout}`));
      }
      const error = (output as { error?: unknown }).error;
      if (typeof error === "string") return reject(new Error(`The scanner failed: ${error}`));
      const result = output as ObservatoryResult;
      if (typeof result.scan?.grade !== "string" || typeof result.tests !== "object") {
        return reject(new Error(`Unexpected scanner output:\n${stdout}`));
      }
      resolve(result);
    });
  });
}
