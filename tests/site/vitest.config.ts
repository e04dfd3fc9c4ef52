import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The facts of the built site that need no browser (tests/README.md): its HTML read with jsdom,
// the server's answers through Fastify's inject. They read build/client, so `npm run build`
// comes first; `npm run test:site` runs them.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["tests/site/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One worker per core, as the unit suite (vitest.config.ts).
    maxWorkers: availableParallelism(),
  },
});
