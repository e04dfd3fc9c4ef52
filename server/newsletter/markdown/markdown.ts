/**
 * Newsletter Markdown as e-mail HTML (markdown-render.ts renders it), off the event loop and
 * within a time bound: one worker thread renders (markdown-pool.ts), so a preview of Markdown
 * too complex to render holds no other request (the public forms, health) while it runs.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { type MailPictures, NO_PICTURES } from "./mail-pictures";
import { MarkdownPool } from "./markdown-pool";
import { type MarkdownProblem, type Rendering, markdownAsText } from "./markdown-render";

/**
 * Longest a rendering may take, in milliseconds of the worker's time. marked's regular
 * expressions take time that grows with the square (emphasis) or the cube (unclosed links) of
 * some runs of punctuation, up to minutes within 20,000 characters (bench/markdown.ts), and no
 * rule about the input catches every such run, so the clock does: past it the Markdown is shown
 * as text.
 */
export const RENDER_BUDGET_MS = 300;

/**
 * A worker's heap is bounded: Markdown that would take more ends the worker, not the server.
 * (An ordinary newsletter's render needs a few megabytes.)
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256 };

/**
 * Starts a render worker. In the bundle (build/server/, package.json's build:server) its entry
 * is newsletter/markdown/markdown-worker.js under build/server: beside main.js, one folder up from a
 * command's bundle (build/server/cli/). From source (vitest, tsx) it is the TypeScript file
 * beside this one, imported through tsx's API: on Node 20 a worker does not take the loader
 * from `--import` in its execArgv.
 */
function startWorker(): Worker {
  if (import.meta.url.endsWith(".ts")) {
    const entry = new URL("./markdown-worker.ts", import.meta.url).href;
    const require = createRequire(import.meta.url);
    const tsx = require("tsx/package.json") as TsxManifest;
    const api = new URL(
      tsx.exports["./esm/api"].import.default,
      pathToFileURL(require.resolve("tsx/package.json")),
    );
    const code = `import(${JSON.stringify(api.href)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
    return new Worker(code, { eval: true, resourceLimits: RESOURCE_LIMITS });
  }
  const candidates = [
    "./newsletter/markdown/markdown-worker.js",
    "../newsletter/markdown/markdown-worker.js",
  ].map((path) => new URL(path, import.meta.url));
  const entry = candidates.find((url) => existsSync(fileURLToPath(url)));
  if (!entry) throw new Error(`The Markdown worker is not built: ${candidates.join(" or ")}`);
  return new Worker(entry, { resourceLimits: RESOURCE_LIMITS });
}

interface TsxManifest {
  exports: { "./esm/api": { import: { default: string } } };
}

/**
 * One worker: the machine has two cores, and the event loop needs one. Renders are rare (a
 * preview, a save, a campaign once however many copies: see `kept`), an ordinary newsletter
 * takes about 20 ms, and a second worker would only let two slow renders at once take the event
 * loop's core.
 */
export const markdownPool = new MarkdownPool({ start: startWorker, size: 1 });

/** Renderings kept, the most recently asked for: a campaign's, the welcome e-mail's, drafts'. */
const KEPT = 16;

/**
 * The renderings last asked for, by budget, Markdown and the library's pictures it shows, so that
 * the same Markdown renders once:
 * a campaign's 10,000 copies, the welcome e-mail at each confirmation (and the check of it when
 * it is read), a preview then its save. A render under way is shared too. "Too slow" is not kept:
 * it may have been a busy moment, and asking again must measure again.
 */
const kept = new Map<string, Promise<Rendering>>();

function rendering(source: string, budgetMs: number, pictures: MailPictures): Promise<Rendering> {
  const key = `${budgetMs} ${JSON.stringify(pictures)} ${source}`;
  const known = kept.get(key);
  kept.delete(key);
  const result = known ?? markdownPool.render({ source, pictures }, budgetMs);
  kept.set(key, result); // the newest last
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  const forget = () => {
    if (kept.get(key) === result) kept.delete(key);
  };
  if (!known) result.then((done) => done.problem === "too-slow" && forget(), forget);
  return result;
}

/** Why Markdown cannot be saved: it cannot be rendered, or a library picture lacks alt text. */
export type ContentProblem = MarkdownProblem | "unlabelled-picture";

/**
 * Why this Markdown cannot be saved, or null: nested deeper than MAX_NESTING
 * (markdown-render.ts), slower than `budgetMs` (the content schema asks with less than
 * RENDER_BUDGET_MS, to leave a margin), or a picture of the media library without its alt text
 * (a reader who does not load pictures, or cannot see them, would miss it).
 */
export async function markdownProblem(
  source: string,
  budgetMs = RENDER_BUDGET_MS,
): Promise<ContentProblem | null> {
  const done = await rendering(source, budgetMs, NO_PICTURES);
  if (done.problem !== null) return done.problem;
  return done.unlabelledPictures > 0 ? "unlabelled-picture" : null;
}

/**
 * The Markdown as HTML and as readable text (markdown-text.ts), within RENDER_BUDGET_MS. Never
 * fails for the Markdown's sake: Markdown stored before the content schema refused what cannot
 * be rendered comes out as escaped text in the HTML, and as typed in the text part.
 */
export async function markdownToParts(
  source: string,
  pictures: MailPictures = NO_PICTURES,
): Promise<{ html: string; text: string }> {
  const done = await rendering(source, RENDER_BUDGET_MS, pictures);
  return done.problem === null
    ? { html: done.html, text: done.text }
    : { html: markdownAsText(source), text: source };
}

/** The Markdown as HTML alone (markdownToParts). */
export async function markdownToHtml(
  source: string,
  pictures: MailPictures = NO_PICTURES,
): Promise<string> {
  return (await markdownToParts(source, pictures)).html;
}
