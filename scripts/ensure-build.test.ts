/**
 * `npm start` never serves a stale build: in a project of the same shape as this one (the real
 * ensure-build.js and source-stamp.js, the real `start` script, and a build that is quick because
 * it only copies one source file into the page), `npm start` builds on first use, reuses a
 * current build, and rebuilds, saying why, after a source file changes.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./free-port";
import { startProcess, waitForHttp } from "./processes";
import { REPO_ROOT } from "./repo-root";

/** Writes every file the real build leaves, the page made from app/page.txt, then the stamp. */
const QUICK_BUILD = `
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
for (const dir of ["build/client/staff", "build/server/cli"]) mkdirSync(dir, { recursive: true });
cpSync("app/page.txt", "build/client/index.html");
writeFileSync("build/client/staff/index.html", "console");
writeFileSync("build/client/retention-periods.json", "{}");
for (const cli of ["leads", "staff", "mail"]) writeFileSync(\`build/server/cli/\${cli}.js\`, "");
writeFileSync("build/server/main.js", \`
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
createServer((_req, res) => res.end(readFileSync("build/client/index.html")))
  .listen(Number(process.env.PORT), "127.0.0.1");
\`);
`;

let project: string;

beforeAll(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), "ensure-build-"));
  const real = JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  await mkdir(path.join(project, "scripts"));
  await mkdir(path.join(project, "app"));
  for (const file of ["ensure-build.js", "source-stamp.js"])
    await cp(path.join(REPO_ROOT, "scripts", file), path.join(project, "scripts", file));
  await writeFile(path.join(project, "scripts/quick-build.js"), QUICK_BUILD);
  await writeFile(
    path.join(project, "package.json"),
    JSON.stringify({
      type: "module",
      scripts: {
        start: real.scripts.start,
        build: "node scripts/quick-build.js && node scripts/source-stamp.js --write",
      },
    }),
  );
  await writeFile(path.join(project, "app/page.txt"), "first version");
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

/** Runs `npm start`, returns the page it serves and what it said, then stops it. */
async function npmStart(): Promise<{ page: string; said: string }> {
  const port = await freePort();
  const server = startProcess("npm start", "npm", ["start"], {
    cwd: project,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port) },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, server);
    const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    return { page, said: server.output() };
  } finally {
    await server.stop();
  }
}

describe("npm start", () => {
  it("builds when there is no build, reuses a current one, and rebuilds after an edit", async () => {
    const first = await npmStart();
    expect(first.page).toBe("first version");
    expect(first.said).toContain("No complete build found: running npm run build first.");

    const again = await npmStart();
    expect(again.page).toBe("first version");
    expect(again.said).not.toContain("npm run build");

    await writeFile(path.join(project, "app/page.txt"), "second version");
    const edited = await npmStart();
    expect(edited.page).toBe("second version");
    expect(edited.said).toContain(
      "The sources changed since the last build: running npm run build first.",
    );
  });

  it("does not rebuild for a change to a test file", async () => {
    await npmStart();
    await writeFile(path.join(project, "app/page.test.ts"), "// a test");
    const run = await npmStart();
    expect(run.said).not.toContain("npm run build");
  });
});
