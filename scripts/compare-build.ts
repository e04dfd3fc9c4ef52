/**
 * `tsx scripts/compare-build.ts <before>/client [build/client]`: every page and text file of a
 * build against another build's, with the hashes of asset names set aside (`app-D3BChSJY.css` →
 * `app-[hash].css`). Prints each file that differs, where, and exits with 1 if any does. Used to
 * show that a change to how the site is built leaves its HTML as it was
 * (docs/decisions/0043-site-rendering.md lists the differences that are expected).
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { isMain } from "./is-main";

/**
 * What the site's own renderer writes otherwise than React Router did, by design (decision 0043),
 * applied to the earlier build's text: React Router's marker on its links, the empty Suspense
 * boundary it closed the body with, and the stylesheet's name (its entry is app/app.css).
 */
const EXPECTED: [RegExp, string][] = [
  [/ data-discover="true"/g, ""],
  [/<!--\$--><!--\/\$-->/g, ""],
  [/\/assets\/root-\[hash\]\.css/g, "/assets/app-[hash].css"],
];

const COMPARED = new Set([".html", ".xml", ".txt", ".webmanifest"]);

/**
 * A file's text with content hashes out of its asset names, and the ids React makes (useId) out
 * of the markup outside islands: they depend on how deep the page sits in the rendered tree.
 */
export function normalise(text: string): string {
  return text
    .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css|svg|png)/g, "$1-[hash].$2")
    .replace(/"_R_\w+_"/g, '"[useId]"');
}

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPARED.has(path.extname(entry.name)))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`staff${path.sep}`))
    .sort();
}

/** The first place two texts part, with some context on each side. */
function firstDifference(before: string, after: string): string {
  let i = 0;
  while (i < before.length && before[i] === after[i]) i += 1;
  const from = Math.max(0, i - 80);
  return `  before: …${before.slice(from, i + 120)}…\n  after:  …${after.slice(from, i + 120)}…`;
}

export async function compareBuilds(beforeDir: string, afterDir: string): Promise<string[]> {
  const [before, after] = await Promise.all([textFiles(beforeDir), textFiles(afterDir)]);
  const report: string[] = [];
  for (const file of before.filter((f) => !after.includes(f))) report.push(`missing: ${file}`);
  for (const file of after.filter((f) => !before.includes(f))) report.push(`new: ${file}`);
  for (const file of before.filter((f) => after.includes(f))) {
    const [a, b] = await Promise.all([
      readFile(path.join(beforeDir, file), "utf8")
        .then(normalise)
        .then((text) => EXPECTED.reduce((t, [pattern, by]) => t.replace(pattern, by), text)),
      readFile(path.join(afterDir, file), "utf8").then(normalise),
    ]);
    if (a !== b) report.push(`differs: ${file}\n${firstDifference(a, b)}`);
  }
  return report;
}

if (isMain(import.meta.url)) {
  const [beforeDir, afterDir = "build/client"] = process.argv.slice(2);
  if (!beforeDir) throw new Error("usage: tsx scripts/compare-build.ts <before> [after]");
  const report = await compareBuilds(beforeDir, afterDir);
  console.log(report.join("\n") || "The same, but for asset hashes.");
  process.exitCode = report.length ? 1 : 0;
}
