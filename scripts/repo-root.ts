import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder, wherever a tool is started from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
