import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { pathAliases } from "./path-aliases";
import { firstPaintScript } from "./scripts/first-paint-plugin";

// Unit, component and API tests, in two projects (decision 0044). Component tests render
// components directly, and API tests build the Fastify app; the renderer's tests
// (app/render.test.tsx) render whole pages, with the inline script of every page
// (scripts/first-paint-plugin.ts). The built site's tests run after the build, with a config of
// their own (tests/site/).
export default defineConfig({
  plugins: [firstPaintScript()],
  resolve: { alias: pathAliases },
  test: {
    restoreMocks: true,
    // Far above any test's time even on a busy 2-core machine: the limit is there to catch a
    // hang, not to time anything.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One worker per core. Vitest's default in a run keeps a core free for itself, which is one
    // worker on a 2-core machine; but many of these tests wait on child processes, sockets and
    // databases rather than compute: two workers took the suite from 316 s (measured beside other
    // work) to 147 s here (decision 0046). More workers than cores made sends under load miss their deadlines.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["{leads,common,staff-api,server,scripts}/**/*.test.ts"],
          environment: "node",
          // The server's modules are imported once per worker, not once per file (they took
          // five times as long as a file's tests): files share module state, so a test that
          // changes a module's state, the environment or the timers puts them back.
          isolate: false,
          // Migrates the template each test's database is a copy of (server/db/testing/databases.ts).
          globalSetup: ["./server/db/testing/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          include: ["{app,console}/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["./vitest.setup.ts"],
        },
      },
    ],
  },
});
