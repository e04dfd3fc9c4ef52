/**
 * `npm start`, `npm run leads`, `npm run staff`, `npm run mail`, the soak and the header audit run
 * this first. It runs `npm run build`, and says why, when the build is missing or incomplete (a
 * fresh clone starts with one command), when the sources changed since the build (a `git pull` or
 * an edit: scripts/source-stamp.js), or when the environment sets other retention periods than the
 * build's privacy notice states (docs/decisions/0034-retention.md): the server would refuse to
 * start with those.
 *
 * Plain JavaScript, unlike the other scripts, so that `npm start` needs nothing but Node and the
 * production dependencies once a build exists: tsx is a development tool.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import process from "node:process";
import { URL, fileURLToPath } from "node:url";
import { STAMP_FILE, builtStamp, sourceStamp } from "./source-stamp.js";

const root = fileURLToPath(new URL("..", import.meta.url));
/** The retention periods the build stated (server/people/retention/build-record.ts writes it). */
const RETENTION_RECORD = "build/client/retention-periods.json";
/** The prerendered site, the staff console, and the compiled server and command lines. */
const outputs = [
  "build/client/index.html",
  "build/client/staff/index.html",
  RETENTION_RECORD,
  "build/server/main.js",
  "build/server/cli/leads.js",
  "build/server/cli/staff.js",
  "build/server/cli/mail.js",
  STAMP_FILE,
];

/**
 * The variables whose value here differs from the build's (undefined: no readable record). Read as common/retention.ts reads
 * them: unset or blank is the default the record names, anything else a number; a value that is
 * not one differs, and the build it starts says what is wrong with it.
 */
function changedPeriods() {
  let record;
  try {
    record = JSON.parse(readFileSync(`${root}/${RETENTION_RECORD}`, "utf8"));
  } catch {
    return undefined;
  }
  return Object.entries(record)
    .filter(([name, built]) => {
      const text = (process.env[name] ?? "").trim();
      return (text === "" ? built.default : Number(text)) !== built.value;
    })
    .map(([name]) => name);
}

let reason;
if (outputs.some((file) => !existsSync(`${root}/${file}`))) {
  reason = "No complete build found";
} else if (builtStamp(root) !== sourceStamp(root)) {
  reason = "The sources changed since the last build";
} else {
  const changed = changedPeriods();
  if (!changed) reason = `${RETENTION_RECORD} cannot be read`;
  else if (changed.length) {
    reason = `${changed.join(" and ")} set${changed.length === 1 ? "s" : ""} other periods than the build's privacy notice states`;
  }
}
if (reason) {
  // Everything on stderr: `npm run leads -- export > leads.csv` must find only the CSV on stdout.
  process.stderr.write(`${reason}: running npm run build first.\n`);
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
