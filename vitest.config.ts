import { defineConfig } from "vitest/config";
import { pathAliases } from "./path-aliases";
import { islandScripts } from "./scripts/islands-plugin";

// Unit, component and API tests, in two projects (decision 0044). The React Router plugin is left
// out: component tests render components directly, and API tests build the Fastify app. The
// islands' scripts are named as `react-router dev` names them (scripts/islands-plugin.ts).
// A third project (the built site's tests) may take its place in `projects` beside these.
export default defineConfig({
  plugins: [islandScripts()],
  resolve: { alias: pathAliases },
  test: {
    restoreMocks: true,
    // Far above any test's time even on a busy 2-core machine: the limit is there to catch a
    // hang, not to time anything.
    testTimeout: 120_000,
    hookTimeout: 120_000,
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
          // Migrates the template each test's database is a copy of (server/test-databases.ts).
          globalSetup: ["./server/test-databases-setup.ts"],
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
