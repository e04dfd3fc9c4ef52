/** `npm test`: every check the project has, in order, stopping at the first failure. */
import { spawnSync } from "node:child_process";
import { isMain } from "./is-main";

const steps: [string, string[]][] = [
  ["typecheck", ["run", "typecheck"]],
  ["lint", ["run", "lint"]],
  ["format", ["run", "format:check"]],
  ["unit, component and API tests", ["run", "test:unit"]],
  ["build", ["run", "build"]],
  ["built-site tests", ["run", "test:site"]],
  ["browser tests", ["run", "test:e2e"]],
  ["npm run dev in a browser", ["run", "test:dev"]],
];

function main() {
  for (const [name, args] of steps) {
    console.log(`\n▶ ${name}: npm ${args.join(" ")}`);
    const result = spawnSync("npm", args, { stdio: "inherit" });
    if (result.status !== 0) {
      console.error(`\n✖ ${name} failed`);
      process.exit(result.status ?? 1);
    }
  }
  console.log("\n✔ all checks passed");
}

if (isMain(import.meta.url)) main();
