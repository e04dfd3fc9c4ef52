import { fileURLToPath } from "node:url";

/**
 * The import aliases of tsconfig.json's `paths`, for Vite: the site's build (vite.config.ts), the
 * console's (console/vite.config.ts) and the tests (vitest.config.ts) resolve them the same
 * way. The server's bundle (esbuild) and the contracts use relative imports only.
 */
export const pathAliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@leads": fileURLToPath(new URL("./leads", import.meta.url)),
  "@common": fileURLToPath(new URL("./common", import.meta.url)),
};
