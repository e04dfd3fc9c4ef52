import { cp, readFile, readdir, rm, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { pagePaths } from "../scripts/page-paths";
import { runCommand } from "../scripts/processes";
import { REPO_ROOT } from "../scripts/repo-root";
import { notFoundPath } from "../common/paths";

const ATTEMPTS = 3;
/** What scripts/postbuild.ts precompresses (above a kilobyte, compression always wins). */
const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|webmanifest|data)$/;

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** What is wrong with a build folder: missing pages, assets, postbuild output or compression. */
async function checkBuild(dir: string): Promise<string[]> {
  const problems: string[] = [];
  for (const page of [...pagePaths(), notFoundPath]) {
    const file = page === "/" ? "index.html" : `${page.slice(1)}/index.html`;
    if (!(await exists(path.join(dir, file)))) problems.push(`no ${file}`);
  }
  for (const file of ["sitemap.xml", "robots.txt", "site.webmanifest"]) {
    if (!(await exists(path.join(dir, file)))) problems.push(`no ${file} (postbuild)`);
  }
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    // Vite's manifest (.vite/) is for the renderer, never served: nothing compresses it.
    if (path.relative(dir, file).startsWith(".vite")) continue;
    if ((await stat(file)).size <= 1024) continue;
    for (const ext of [".br", ".gz"]) {
      if (!(await exists(file + ext))) problems.push(`no ${path.relative(dir, file)}${ext}`);
    }
    if (entry.name.endsWith(".html")) {
      const html = await readFile(file, "utf8");
      for (const [asset] of html.matchAll(/\/assets\/[^"'\s)>?#&]+/g)) {
        if (!(await exists(path.join(dir, asset)))) problems.push(`missing ${asset}`);
      }
    }
  }
  return [...new Set(problems)];
}

/**
 * `npm run build`, then a private copy of build/client in `dest`. Other work on this checkout
 * may rebuild build/ at any moment, so the copy is checked for completeness and the build is run
 * again if it caught someone else's build half-way.
 */
export async function buildSite(
  dest: string,
  options: { skipBuild: boolean; log: (line: string) => void },
): Promise<void> {
  let problems: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (!options.skipBuild) {
      options.log("npm run build");
      await runCommand("npm", ["run", "build"], { cwd: REPO_ROOT });
    }
    await rm(dest, { recursive: true, force: true });
    await cp(path.join(REPO_ROOT, "build", "client"), dest, { recursive: true });
    problems = await checkBuild(dest);
    if (problems.length === 0) {
      await copyRenderer(dest);
      return;
    }
    options.log(`the build is incomplete: ${problems.slice(0, 5).join(", ")}`);
    if (options.skipBuild) break;
  }
  throw new Error(`no complete build in build/client: ${problems.slice(0, 10).join(", ")}`);
}

/**
 * The site's renderer beside the copy, where the server looks for it (next to the client build:
 * server/static/page-renderer.ts), so that the copy's server renders published content as
 * `npm start` does; it imports its packages from the repository's node_modules, linked beside it.
 */
async function copyRenderer(dest: string): Promise<void> {
  const work = path.dirname(dest);
  await rm(path.join(work, "server"), { recursive: true, force: true });
  await cp(path.join(REPO_ROOT, "build", "server", "render"), path.join(work, "server", "render"), {
    recursive: true,
  });
  await rm(path.join(work, "node_modules"), { force: true });
  await symlink(path.join(REPO_ROOT, "node_modules"), path.join(work, "node_modules"), "dir");
}
