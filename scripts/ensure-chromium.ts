/**
 * `npm run test:e2e` runs this first: when Chromium is missing, it installs Debian's package if
 * we are root, or says how and exits non-zero.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { CHROMIUM_PATH } from "./chromium";
import { isMain } from "./is-main";

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: "inherit" }).status === 0;
}

/** True when Chromium is there, if need be after installing it. */
export function ensureChromium(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package.");
    const ok =
      run("apt-get", ["update", "-qq"]) &&
      run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"]);
    if (ok && existsSync(CHROMIUM_PATH)) return true;
    console.error("Installing chromium failed. Run: apt-get update && apt-get install -y chromium");
    return false;
  }
  console.error(
    `Chromium not found at ${CHROMIUM_PATH}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  return false;
}

if (isMain(import.meta.url) && !ensureChromium()) process.exit(1);
