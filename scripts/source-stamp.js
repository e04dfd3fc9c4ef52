/**
 * The fingerprint of what a build is made from: every file under the folders the build reads and
 * the root files that configure it, content hashed. `npm run build` records it last
 * (`node scripts/source-stamp.js --write`); `scripts/ensure-build.js` compares it with today's
 * sources, so `npm start` after a `git pull` or an edit rebuilds instead of serving yesterday's
 * site. Tests, docs and the benchmark are left out: changing them changes no build.
 *
 * Plain JavaScript, as ensure-build.js is: `npm start` needs nothing but Node once a build exists.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { URL, fileURLToPath } from "node:url";

/** The folders whose files go into build/ (pages, console, server, contracts, build plugins). */
const SOURCE_DIRS = [
  "app",
  "common",
  "console",
  "leads",
  "public",
  "scripts",
  "server",
  "staff-api",
];
/** The root files that decide how those are built. */
const SOURCE_FILES = [
  "package.json",
  "package-lock.json",
  "path-aliases.ts",
  "tsconfig.json",
  "vite.config.ts",
];
/** Files of those folders that no build reads. */
const NOT_BUILT = /\.(test|testing)\.tsx?$|(^|\/)README\.md$/;
export const STAMP_FILE = "build/source-stamp.json";

/** The source files of the build under `root`, relative and sorted (the order is the hash's). */
export function sourceFiles(root) {
  const files = SOURCE_FILES.filter((file) => readable(path.join(root, file)));
  for (const dir of SOURCE_DIRS) {
    let entries;
    try {
      entries = readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path
        .relative(root, path.join(entry.parentPath, entry.name))
        .replaceAll("\\", "/");
      if (!NOT_BUILT.test(file)) files.push(file);
    }
  }
  return files.sort();
}

function readable(file) {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

/** One SHA-256 over every source file's name and content. */
export function sourceStamp(root) {
  const hash = createHash("sha256");
  for (const file of sourceFiles(root)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** The stamp the last build recorded (undefined: none, or unreadable). */
export function builtStamp(root) {
  try {
    return JSON.parse(readFileSync(path.join(root, STAMP_FILE), "utf8")).stamp;
  } catch {
    return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "--write") {
  const root = fileURLToPath(new URL("..", import.meta.url));
  mkdirSync(path.join(root, "build"), { recursive: true });
  writeFileSync(
    path.join(root, STAMP_FILE),
    `${JSON.stringify({ stamp: sourceStamp(root), builtAt: new Date().toISOString() })}\n`,
  );
}
