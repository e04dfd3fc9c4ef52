/**
 * Where a page's main thread goes until its scripts have run (on a page with a form, until React
 * has hydrated it; other pages load no React), on a phone-speed CPU.
 *
 *   npx tsx bench/main-thread.ts                          # /, /services/sms, /terms-and-conditions
 *   npx tsx bench/main-thread.ts --routes /,/about-us --runs 5 --cpu 4
 *   npx tsx bench/main-thread.ts --site /tmp/before/build/client,build/client   # compare builds
 *
 * Needs an existing build (`npm run build`). It starts the real server on each build given (one
 * column each; their runs take turns, so a busy moment of the machine hits both alike), loads each
 * page in Debian's Chromium with the CPU slowed `--cpu` times (4 by default: what Lighthouse's
 * mobile preset assumes), and records a CPU profile and a trace of the load until the page is
 * ready. It prints, per route, the median over the runs of:
 * - evaluating each chunk (one task per chunk: app/lib/start-after-paint.ts);
 * - the rest of the page's JavaScript (hydration, effects);
 * - style, layout and paint, and the HTML parser;
 * - the number of tasks over 50 ms, and the longest.
 * This is how decision 0006 was measured. Lighthouse (`npm run bench`) simulates the same CPU
 * from an unthrottled run; this measures it directly, so the numbers are close but not the same.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Page, chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium";
import { isMain } from "../scripts/is-main";
import { launchServer } from "../scripts/launch-server";
import { ISLAND_ATTRIBUTE } from "../common/islands";
import { median } from "./stats";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** Milliseconds of JavaScript per label: "evaluate <chunk>" or "other JavaScript". */
function javaScriptTime(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const time = new Map<string, number>();
  profile.samples?.forEach((id, i) => {
    const ms = (profile.timeDeltas?.[i + 1] ?? 0) / 1000;
    const leaf = byId.get(id)?.callFrame.functionName;
    if (leaf === "(idle)" || leaf === "(program)" || leaf === "(garbage collector)") return;
    // A chunk's top-level code is a frame with the chunk's URL and no function name.
    let chunk: string | undefined;
    let ours = false;
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame?.url.startsWith("http")) continue;
      ours = true;
      if (frame.url.includes("/assets/") && frame.functionName === "") {
        chunk = frame.url.slice(frame.url.lastIndexOf("/") + 1).replace(/-[\w-]{8}\.js$/, "");
      }
    }
    if (!ours) return; // the test harness's own scripts
    const label = chunk ? `evaluate ${chunk}` : "other JavaScript";
    time.set(label, (time.get(label) ?? 0) + ms);
  });
  return time;
}

const RENDERING: Record<string, string> = {
  UpdateLayoutTree: "style",
  Layout: "layout",
  Paint: "paint",
  ParseHTML: "parse HTML",
};

/** Rendering time and long tasks of the page's main thread (the renderer with the most work). */
function mainThreadTime(events: TraceEvent[]): { time: Map<string, number>; tasks: number[] } {
  const threads = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph !== "X") continue;
    const key = `${event.pid}:${event.tid}`;
    const thread = threads.get(key) ?? [];
    thread.push(event);
    threads.set(key, thread);
  }
  const renderers = events
    .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
    .map((e) => threads.get(`${e.pid}:${e.tid}`) ?? []);
  const main = renderers.sort((a, b) => b.length - a.length)[0] ?? [];
  const time = new Map<string, number>();
  // Nested events of one kind (a layout inside a layout) are counted once, at the outermost.
  const open = new Map<string, number>();
  for (const event of [...main].sort((a, b) => a.ts - b.ts)) {
    const label = RENDERING[event.name];
    if (!label || event.ts < (open.get(label) ?? 0)) continue;
    open.set(label, event.ts + (event.dur ?? 0));
    time.set(label, (time.get(label) ?? 0) + (event.dur ?? 0) / 1000);
  }
  const tasks = main.filter((e) => e.name === "RunTask").map((e) => (e.dur ?? 0) / 1000);
  return { time, tasks };
}

async function measure(page: Page, url: string, cpu: number, tracePath: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  await browser.startTracing(page, {
    path: tracePath,
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"],
  });
  await cdp.send("Profiler.start");
  await page.goto(url);
  await page.waitForFunction(
    (islandAttribute) =>
      document.documentElement.dataset.hydrated === "true" ||
      !document.querySelector(`[${islandAttribute}]`),
    ISLAND_ATTRIBUTE,
    { polling: 250 },
  );
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
  await browser.stopTracing();
  const trace = JSON.parse(await readFile(tracePath, "utf8")) as { traceEvents: TraceEvent[] };
  const rendering = mainThreadTime(trace.traceEvents);
  return { time: new Map([...javaScriptTime(profile), ...rendering.time]), tasks: rendering.tasks };
}

async function main() {
  const { values: options } = parseArgs({
    options: {
      routes: { type: "string", default: "/,/services/sms,/terms-and-conditions" },
      runs: { type: "string", default: "3" },
      cpu: { type: "string", default: "4" },
      site: { type: "string", default: "build/client" },
    },
  });
  const routes = options.routes.split(",");
  const sites = options.site.split(",");
  const runs = Number(options.runs);
  const cpu = Number(options.cpu);
  const temp = await mkdtemp(path.join(os.tmpdir(), "main-thread-"));
  const servers = await Promise.all(
    sites.map((site, i) =>
      launchServer({
        code: "build",
        name: `server ${i + 1}`,
        settings: {
          DATA_DIR: path.join(temp, `data-${i}`),
          SITE_DIR: path.resolve(site),
          RATE_LIMIT_MAX: "0",
        },
      }),
    ),
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    console.log(`CPU slowed ${cpu}×, median of ${runs} runs, milliseconds until ready`);
    sites.forEach((site, i) => console.log(`  [${i + 1}] ${site}`));
    console.log();
    for (const route of routes) {
      const samples = sites.map((): Awaited<ReturnType<typeof measure>>[] => []);
      for (let run = 0; run < runs; run += 1) {
        for (const [i, server] of servers.entries()) {
          const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
          samples[i]?.push(
            await measure(page, server.url + route, cpu, path.join(temp, "trace.json")),
          );
          await page.close();
        }
      }
      const labels = [...new Set(samples.flat().flatMap((s) => [...s.time.keys()]))];
      const medians = (label: string) =>
        samples.map((site) => median(site.map((s) => s.time.get(label) ?? 0)));
      const rows = labels
        .map((label) => [label, medians(label)] as const)
        .filter(([, ms]) => ms.some((m) => m >= 1))
        .sort((a, b) => Math.max(...b[1]) - Math.max(...a[1]));
      const cells = (values: number[]) => values.map((v) => v.toFixed(0).padStart(7)).join("");
      console.log(`${route.padEnd(36)}${sites.map((_, i) => `[${i + 1}]`.padStart(7)).join("")}`);
      for (const [label, ms] of rows) console.log(`  ${label.padEnd(34)}${cells(ms)}`);
      const long = samples.map((site) =>
        median(site.map((s) => s.tasks.filter((ms) => ms > 50).length)),
      );
      const longest = samples.map((site) => median(site.map((s) => Math.max(0, ...s.tasks))));
      console.log(`  ${"tasks over 50 ms".padEnd(34)}${cells(long)}`);
      console.log(`  ${"longest task".padEnd(34)}${cells(longest)}\n`);
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
    await rm(temp, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await main();
