import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { importDirection } from "./scripts/lint/import-direction.js";

const serverOnly = {
  group: ["**/server/**", "server/*"],
  message: "server/ is the server's alone; move what both sides need to common/ or staff-api/.",
};
const appOnly = "app/ is the browser's; a shared module may not depend on it.";

export default tseslint.config(
  {
    ignores: ["build/", "node_modules/", "test-results/", "playwright-report/", "data/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["{app,console}/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  // The parts of the tree and who may import whom (README.md, "The parts"): the browser's code
  // and the contracts both sides share never reach into the server, whose modules hold
  // secrets, the database and Node; the contracts and shared modules reach into neither app.
  {
    files: ["console/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverOnly] }] },
  },
  // The public site renders with its own renderer (app/render.tsx, docs/decisions/0043); React
  // Router is the console's.
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            serverOnly,
            {
              group: ["react-router", "@react-router/*"],
              message: "The public site renders without React Router (docs/decisions/0043).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["staff-api/**/*.ts", "leads/**/*.ts", "common/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [serverOnly, { group: ["**/app/**", "~/*"], message: appOnly }] },
      ],
    },
  },
  // Inside the server: db/, audit/ and privacy/ import no domain, and nothing imports app/ or
  // console/ (scripts/lint/import-direction.js). Tests may seed records through any domain.
  {
    files: ["server/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { layers: { rules: { "import-direction": importDirection } } },
    rules: { "layers/import-direction": "error" },
  },
);
