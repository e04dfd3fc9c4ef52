/**
 * What the tests of serving the built site share: a stand-in for `npm run build`'s output, written
 * to a fresh temporary folder, and a page long enough to be worth compressing.
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** A built page whose body is `text` repeated: long enough that the server compresses it. */
export const builtPage = (text: string) =>
  `<!doctype html><html><body>${text.repeat(20)}</body></html>`;

/** Writes `files` (by path in the build) to a new temporary folder; the folder. */
export async function writeBuiltSite(files: Record<string, string | Buffer>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "site-"));
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }
  return dir;
}
