/**
 * Newsletter Markdown built to be slow: for each input of MAX_MARKDOWN characters (deep nesting,
 * runs of `[`, `*`, `_`, backticks and `<`, long link and emphasis chains, many reference
 * definitions, wide tables, random punctuation), how long marked takes by itself (up to a cap),
 * how long the content schema takes to accept or refuse it, and how long markdownToHtml holds
 * the caller waits, which RENDER_BUDGET_MS bounds; and the event loop's delay meanwhile
 * (perf_hooks' monitorEventLoopDelay, sampled every millisecond): how long any other request
 * would have waited. The slowest come first.
 *
 * Each input is measured `samples` times: marked's own time is the fastest of them (what the
 * input costs), the schema's and markdownToHtml's the slowest (what a request may wait), the
 * loop's delay the largest. Only awaited calls are used, so the same file measures a tree that
 * rendered on the event loop (before the render worker: copy it into that tree and run it there).
 *
 *   npx tsx bench/markdown.ts [--raw-cap-ms 2000] [--samples 3] [--random 20] [--top 25]
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { NewsletterContentSchema, SAVE_RENDER_MS } from "../server/newsletter/markdown/content";
import {
  RENDER_BUDGET_MS,
  markdownProblem,
  markdownToHtml,
} from "../server/newsletter/markdown/markdown";
import { MAX_MARKDOWN } from "../staff-api/newsletter";
import { DEFAULT_WELCOME } from "../server/newsletter/welcome";
import { isMain } from "../scripts/is-main";

/** `unit` repeated between `start` and `end`, up to MAX_MARKDOWN characters in all. */
const fill = (unit: string, end = "", start = "") =>
  start + unit.repeat(Math.floor((MAX_MARKDOWN - start.length - end.length) / unit.length)) + end;

/** `start`, then lines made by `line(i)` until MAX_MARKDOWN characters are used up. */
function lines(line: (i: number) => string, separator = "\n", start = ""): string {
  let text = start;
  for (let i = 0; ; i++) {
    const next = (text ? separator : "") + line(i);
    if (text.length + next.length > MAX_MARKDOWN) return text;
    text += next;
  }
}

const half = MAX_MARKDOWN / 2;

/** The worst inputs found, by what they stress; each MAX_MARKDOWN characters or just under. */
export const PATHOLOGICAL: Record<string, string> = {
  "quotes >>>…": fill(">"),
  "quotes > > …": fill("> "),
  "lists - - …": fill("- ", "x"),
  "lists 1. 1. …": fill("1. ", "x"),
  "quotes and lists > - …": fill("> - ", "x"),
  "lists indented one more each line": lines((i) => `${"  ".repeat(i)}- x`),
  "[ run": fill("["),
  "[ then ] runs": "[".repeat(half) + "]".repeat(half),
  "[] pairs": fill("[]"),
  "unclosed links [a](": fill("[a]("),
  "link then ( run": "[a](" + "(".repeat(MAX_MARKDOWN - 4),
  "link then ( and ) runs": "[a](" + "(".repeat(half - 4) + ")".repeat(half),
  "nested link labels": "[".repeat(MAX_MARKDOWN / 5) + "a" + "](b)".repeat(MAX_MARKDOWN / 5 - 1),
  "link chain [a](b)": fill("[a](b)"),
  "images ![": fill("!["),
  "* run": fill("*"),
  "*a run": fill("*a"),
  "*a ** run": fill("*a **"),
  "* spaced run": fill("* "),
  "emphasis nested *a … c*":
    "*a ".repeat(MAX_MARKDOWN / 6) + "b" + " c*".repeat(MAX_MARKDOWN / 6 - 1),
  "strong nested **a … c**":
    "**a ".repeat(MAX_MARKDOWN / 8) + "b" + " c**".repeat(MAX_MARKDOWN / 8 - 1),
  "emphasis chain *a* ": fill("*a* "),
  "_ run": fill("_"),
  "_a run": fill("_a"),
  "__a __ run": fill("__a __"),
  "~a run": fill("~a"),
  "~~ run": fill("~~"),
  "` run": fill("`"),
  "`a run": fill("`a"),
  "backtick runs 1, 2, 3 …": lines((i) => "`".repeat(i + 1) + "a", " "),
  "< run": fill("<"),
  "<a run": fill("<a"),
  "<a b= run": fill("<a b="),
  "<!-- run": fill("<!--"),
  "reference definitions, then uses": lines((i) =>
    i < 700 ? `[r${i}]: https://example.com/${i}` : `[r${i % 700}] [x][r${i % 700}]`,
  ),
  "one definition, many uses": fill("[a]", "", "[a]: https://x.gh\n\n"),
  "table 5,000 columns": `${"|a".repeat(MAX_MARKDOWN / 4 - 1)}|\n${"|-".repeat(MAX_MARKDOWN / 4 - 1)}|`,
  "table many rows": lines(() => "|x|y|", "\n", "|a|b|\n|-|-|"),
  "url then . run": "http://a" + ".".repeat(MAX_MARKDOWN - 8),
  "www. links": fill("www.a.gh "),
  addresses: fill("a@b.gh "),
  "escapes \\*": fill("\\*"),
  "entities &#60;": fill("&#60;"),
  "line breaks": fill("a  \n"),
  headings: fill("# a\n"),
  fences: fill("```\n"),
};

/** Noise of Markdown's punctuation, seeded, for what the list above did not think of. */
function randomPunctuation(count: number): Record<string, string> {
  const piece = fc.constantFrom(
    ..."[]()*_`<>!~|-:\\\"' \na".split(""),
    "](",
    "**",
    "__",
    "``",
    "> ",
    "- ",
    "http://",
  );
  const text = fc
    .array(piece, { minLength: 12_000, maxLength: 12_000 })
    .map((pieces) => pieces.join("").slice(0, MAX_MARKDOWN));
  const samples = fc.sample(text, { numRuns: count, seed: 20261126 });
  return Object.fromEntries(samples.map((sample, i) => [`random punctuation #${i + 1}`, sample]));
}

/** An ordinary newsletter of MAX_MARKDOWN characters, for the margin under the budget. */
function ordinaryNewsletter(): string {
  const block = [
    "## News from **Accra**",
    DEFAULT_WELCOME.markdown,
    "- *Mobile money* for [schools](https://example.com/a_b)\n- Cards, `code`, ~~cheques~~",
    "  - and a [reference][r]",
    '> A merchant: "it just works"',
    "| Fee | Amount |\n|-|-:|\n| MoMo | 1% |",
    "[r]: https://example.com/r",
  ].join("\n\n");
  return lines(() => block, "\n\n");
}

async function timed<T>(work: () => T | Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

export interface MarkdownBenchRow {
  name: string;
  length: number;
  /** marked and the sanitiser alone, the fastest of the samples; null past the cap. */
  rawMs: number | null;
  /** The content schema's answers (more than one when the samples disagreed), the slowest. */
  schema: string;
  schemaMs: number;
  /** markdownToHtml, the slowest: what a preview, the console and a sent copy wait for. */
  renderMs: number;
  /** The event loop's largest delay while the schema and markdownToHtml ran: what others wait. */
  loopDelayMs: number;
}

/** The event loop's largest delay over a second of doing nothing: the machine's own noise. */
export async function idleLoopDelay(): Promise<number> {
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  await sleep(1000);
  loopDelay.disable();
  return loopDelay.max / 1e6;
}

async function measureOne(name: string, source: string, rawCapMs: number, samples: number) {
  const raw: (number | null)[] = [];
  const answers = new Set<string>();
  const schema: number[] = [];
  const render: number[] = [];
  const loopDelays: number[] = [];
  for (let i = 0; i < samples; i++) {
    // Each sample other Markdown to markdown.ts's kept renderings: line breaks at the end, which
    // render alike.
    const markdown = source + "\n".repeat(i);
    const [problem, rawMs] = await timed(() => markdownProblem(markdown, rawCapMs));
    // Too deep is found before any inline rendering: its time is the lexer's, up to the limit.
    raw.push(problem === "too-slow" ? null : rawMs);
    // One histogram a sample: once re-enabled, a histogram would count the time it was off.
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    loopDelay.enable();
    // The histogram records the time between its timer's runs: it counts once they have begun.
    await sleep(5);
    const [parsed, schemaMs] = await timed(() =>
      NewsletterContentSchema.safeParseAsync({ subject: "Bench", markdown }),
    );
    answers.add(parsed.success ? "accepted" : (parsed.error.issues[0]?.message ?? "refused"));
    schema.push(schemaMs);
    render.push((await timed(() => markdownToHtml(markdown)))[1]);
    // The delay is recorded when the held loop's timer finally runs: let it run before stopping.
    await sleep(5);
    loopDelay.disable();
    loopDelays.push(loopDelay.max / 1e6);
  }
  const finished = raw.filter((ms) => ms !== null);
  return {
    name,
    length: source.length,
    rawMs: finished.length ? Math.min(...finished) : null,
    schema: [...answers].join(" / "),
    schemaMs: Math.max(...schema),
    renderMs: Math.max(...render),
    loopDelayMs: Math.max(...loopDelays),
  };
}

export async function measureMarkdown({
  rawCapMs = 2000,
  random = 20,
  samples = 3,
}: { rawCapMs?: number; random?: number; samples?: number } = {}): Promise<MarkdownBenchRow[]> {
  const inputs = {
    "ordinary newsletter": ordinaryNewsletter(),
    ...PATHOLOGICAL,
    ...randomPunctuation(random),
  };
  // Warm up, as a running server is, on Markdown measured nowhere else: markdown.ts keeps the
  // renderings of the same Markdown, and would answer a measured one from there.
  await markdownToHtml(DEFAULT_WELCOME.markdown);
  const rows: MarkdownBenchRow[] = [];
  for (const [name, markdown] of Object.entries(inputs)) {
    rows.push(await measureOne(name, markdown, rawCapMs, samples));
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      "raw-cap-ms": { type: "string", default: "2000" },
      samples: { type: "string", default: "3" },
      random: { type: "string", default: "20" },
      top: { type: "string", default: "25" },
    },
  });
  const rawCapMs = Number(values["raw-cap-ms"]);
  const idleBefore = await idleLoopDelay();
  const rows = await measureMarkdown({
    rawCapMs,
    random: Number(values.random),
    samples: Number(values.samples),
  });
  rows.sort((a, b) => (b.rawMs ?? Infinity) - (a.rawMs ?? Infinity));
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `\nRender budget ${RENDER_BUDGET_MS} ms, schema ${SAVE_RENDER_MS} ms; ` +
      `${rows.length} inputs, slowest first.\n`,
  );
  console.log(
    "| input | characters | marked alone | schema | schema answer | markdownToHtml | loop delay |",
  );
  console.log("| --- | --: | --: | --: | --- | --: | --: |");
  for (const row of rows.slice(0, Number(values.top))) {
    const raw = row.rawMs === null ? `> ${rawCapMs} ms` : ms(row.rawMs);
    console.log(
      `| ${row.name} | ${row.length} | ${raw} | ${ms(row.schemaMs)} | ${row.schema} | ${ms(row.renderMs)} | ${ms(row.loopDelayMs)} |`,
    );
  }
  const ordinary = rows.find((row) => row.name === "ordinary newsletter");
  const worst = (pick: (row: MarkdownBenchRow) => number) => Math.max(...rows.map(pick));
  console.log(
    `\nOrdinary newsletter: ${ms(ordinary?.renderMs ?? NaN)}. Slowest markdownToHtml: ` +
      `${ms(worst((row) => row.renderMs))}; slowest schema check: ${ms(worst((row) => row.schemaMs))}; ` +
      `event loop's largest delay meanwhile: ${ms(worst((row) => row.loopDelayMs))} ` +
      `(idle, a second before and after: ${ms(idleBefore)}, ${ms(await idleLoopDelay())}).`,
  );
}
