/**
 * `npm start`, `npm run leads`, `npm run staff`, `npm run mail`, the soak and the header audit run this first: when the build is
 * missing or incomplete, it runs `npm run build`, so a fresh clone starts with one command.
 *
 * Plain JavaScript, unlike the other scripts, so that `npm start` needs nothing but Node and the
 * production dependencies once a build exists: tsx is a development tool.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import process from "node:process";
import { URL, fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** The prerendered site, the staff console, and the compiled server and command lines. */
const outputs = [
  "build/client/index.html",
  "build/client/staff/index.html",
  "build/server/main.js",
  "build/server/cli/leads.js",
  "build/server/cli/staff.js",
  "build/server/cli/mail.js",
];

if (outputs.some((file) => !existsSync(`${root}/${file}`))) {
  // Everything on stderr: `npm run leads -- export > leads.csv` must find only the CSV on stdout.
  process.stderr.write("No complete build found: running npm run build first.\n");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
