import { defineConfig } from "vitest/config";
import { pathAliases } from "./path-aliases";
import { islandScripts } from "./scripts/islands-plugin";

// Unit, component and API tests. The React Router plugin is left out: component tests render
// components directly, and API tests build the Fastify app. The islands' scripts are named as
// `react-router dev` names them (scripts/islands-plugin.ts).
export default defineConfig({
  plugins: [islandScripts()],
  resolve: { alias: pathAliases },
  test: {
    include: ["{app,console,leads,common,staff-api,server,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    restoreMocks: true,
    // Tests that build a database schema from scratch take seconds on PostgreSQL, and more than
    // 30 s on a 2-core machine busy with other work (every file migrates its own schema at once);
    // the limit is there to catch a hang, not to time anything.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
