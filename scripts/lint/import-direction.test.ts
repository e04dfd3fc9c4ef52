/**
 * The import directions hold: each rule of import-direction.js refuses an import that breaks it
 * and lets the same import pass where it is allowed, linted as ESLint lints the repository.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

/** The messages of the import-direction rule for `code` written in the file `path`. */
async function refusals(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "layers/import-direction")
    .map((message) => message.message);
}

describe("who may import whom in the server", () => {
  it("db/ imports no domain, but the contracts and itself", async () => {
    const code = `export { storeContact } from "../leads/store";\n`;
    expect(await refusals("server/db/example.ts", code)).toEqual([
      expect.stringContaining("server/db/ holds the connection"),
    ]);
    const migration = `import { emailKey } from "../../../leads/email";\nimport { DDL } from "./ddl";\nexport { emailKey, DDL };\n`;
    expect(await refusals("server/db/migrations/example.ts", migration)).toEqual([]);
    expect(await refusals("server/db/example.ts", `export * from "../config";\n`)).toHaveLength(1);
  });

  it("privacy/ imports no domain, and db/ may follow its rules", async () => {
    const code = `export { erasePerson } from "../people/forget-person";\n`;
    expect(await refusals("server/privacy/example.ts", code)).toEqual([
      expect.stringContaining("a rule every domain follows"),
    ]);
    const migration = `export { withoutThirdParties } from "../../privacy/third-parties";\n`;
    expect(await refusals("server/db/migrations/example.ts", migration)).toEqual([]);
  });

  it("audit/ imports no domain, but db/ and the plumbing", async () => {
    const code = `import { lead } from "../leads/inbox/lead-detail";\nimport type { DB } from "../db/database";\nexport { lead };\nexport type { DB };\n`;
    expect(await refusals("server/audit/example.ts", code)).toEqual([
      expect.stringContaining("imports none of them"),
    ]);
    const dynamic = `export const load = () => import("../newsletter/campaigns/campaigns");\n`;
    expect(await refusals("server/audit/example.ts", dynamic)).toHaveLength(1);
  });

  it("no part of the server imports the site's or the console's code", async () => {
    const site = `import { Layout } from "../../app/components/layout/layout";\nexport { Layout };\n`;
    expect(await refusals("server/leads/example.ts", site)).toEqual([
      expect.stringContaining("never imports the site's"),
    ]);
    const console = `import { api } from "../../../console/api";\nexport { api };\n`;
    expect(await refusals("server/mail/emails/example.ts", console)).toHaveLength(1);
    // The site may not import the server either, under its own rule; this one governs server/.
    expect(await refusals("app/example.ts", `export * from "../common/paths";\n`)).toEqual([]);
  });
});
