/** `npm start` builds first when there is no build yet, so a fresh clone starts with one command. */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/client/index.html")) {
  console.log("No build found: running npm run build first.");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
