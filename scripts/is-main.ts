import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * True when the module whose `import.meta.url` is given is the script Node was asked to run
 * (`tsx scripts/soak.ts`), false when another module imports it. Scripts do their work only
 * then, so importing one for what it exports never starts anything.
 */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false; // not a file: node -e, a REPL
  }
}
