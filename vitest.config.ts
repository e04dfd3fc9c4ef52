import { defineConfig } from "vitest/config";
import { pathAliases } from "./path-aliases";
import { firstPaintScript } from "./scripts/first-paint-plugin";

// Unit, component and API tests. Component tests render components directly, and API tests build
// the Fastify app; the renderer's tests (app/render.test.tsx) render whole pages, with the inline
// script of every page (scripts/first-paint-plugin.ts).
export default defineConfig({
  plugins: [firstPaintScript()],
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
