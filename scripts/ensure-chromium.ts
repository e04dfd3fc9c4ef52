/**
 * `npm run test:e2e` runs this first: when the tests' Chromium is missing, it installs Debian's
 * package if we are root, or says how and exits non-zero.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type Browser, TEST_BROWSER } from "./chromium";
import { isMain } from "./is-main";

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: "inherit" }).status === 0;
}

/** True when the browser is there, if need be after installing it. */
export function ensureChromium({ path, debianPackage }: Browser = TEST_BROWSER): boolean {
  if (existsSync(path)) return true;
  const install = `apt-get update && apt-get install -y ${debianPackage}`;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log(`${path} not found: installing Debian's ${debianPackage} package.`);
    const ok =
      run("apt-get", ["update", "-qq"]) &&
      run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", debianPackage]);
    if (ok && existsSync(path)) return true;
    console.error(`Installing ${debianPackage} failed. Run: ${install}`);
    return false;
  }
  console.error(
    `Chromium not found at ${path}. Install it with:\n  sudo ${install.replace("&& ", "&& sudo ")}\n` +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  return false;
}

if (isMain(import.meta.url) && !ensureChromium()) process.exit(1);
