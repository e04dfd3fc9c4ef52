/**
 * The browser tests drive Debian's Chromium (Playwright's own browser download cannot work on
 * this kind of machine). When it is missing, install it if we are root; otherwise say how.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: "inherit" }).status === 0;
}

if (!existsSync(CHROMIUM_PATH)) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package.");
    const ok =
      run("apt-get", ["update", "-qq"]) &&
      run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"]);
    if (!ok || !existsSync(CHROMIUM_PATH)) {
      console.error(
        "Installing chromium failed. Run: apt-get update && apt-get install -y chromium",
      );
      process.exit(1);
    }
  } else {
    console.error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
        "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
}
