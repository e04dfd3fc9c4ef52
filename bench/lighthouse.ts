import { type LaunchedChrome, launch } from "chrome-launcher";
import lighthouse, { type Flags, type Result, desktopConfig } from "lighthouse";
import { CHROMIUM_ARGS } from "../scripts/chromium";
import { trackGroup, untrackGroup } from "../scripts/processes";
import { medianRecord } from "./stats";

/** chrome-launcher starts a headful browser unless told otherwise (Playwright adds its own). */
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

export type Preset = "mobile" | "desktop";

const SCORE_KEYS = ["performance", "accessibility", "bestPractices", "seo"] as const;
const METRIC_KEYS = ["fcp", "lcp", "tbt", "cls", "speedIndex"] as const;
const BYTE_KEYS = [
  "script",
  "stylesheet",
  "image",
  "font",
  "document",
  "other",
  "total",
  "thirdParty",
] as const;

type Scores = Record<(typeof SCORE_KEYS)[number], number>;
/** Milliseconds, except CLS (unitless). */
type Metrics = Record<(typeof METRIC_KEYS)[number], number>;
/** Transferred (compressed, on the wire) bytes by resource type, from `resource-summary`. */
type Bytes = Record<(typeof BYTE_KEYS)[number], number>;

/** An audit that did not pass, with what Lighthouse says about it. */
export interface AuditNote {
  id: string;
  title: string;
  category: string;
  score: number;
  displayValue?: string;
}

/** The LCP element and Lighthouse's split of its time (simulated, milliseconds). */
export interface LcpElement {
  snippet: string;
  phases: Record<string, number>;
}

export interface LighthouseRun {
  scores: Scores;
  metrics: Metrics;
  bytes: Bytes;
  requests: number;
  lcpElement: LcpElement | null;
  failing: AuditNote[];
  warnings: string[];
}

export interface RouteResult {
  path: string;
  preset: Preset;
  runs: LighthouseRun[];
  /** Median of each number separately over the runs. */
  median: { scores: Scores; metrics: Metrics; bytes: Bytes };
  /** Audits that failed in at least one run, with the number of runs they failed in. */
  failing: (AuditNote & { runs: number })[];
  /** From the run whose LCP is the median. */
  lcpElement: LcpElement | null;
  /** Runs that failed (e.g. NO_NAVSTART) and were run again in a fresh Chromium. */
  retries: number;
}

const CATEGORY_IDS: Record<keyof Scores, string> = {
  performance: "performance",
  accessibility: "accessibility",
  bestPractices: "best-practices",
  seo: "seo",
};

const METRIC_AUDITS: Record<keyof Metrics, string> = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndex: "speed-index",
};

/** Lighthouse's resource-summary rows; "media" is folded into "other". */
interface SummaryItem {
  resourceType: string;
  transferSize: number;
  requestCount: number;
}

function summaryItems(lhr: Result): SummaryItem[] {
  const details = lhr.audits["resource-summary"]?.details as { items?: unknown[] } | undefined;
  return (details?.items ?? []).filter(
    (item): item is SummaryItem =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as SummaryItem).resourceType === "string" &&
      typeof (item as SummaryItem).transferSize === "number",
  );
}

function bytesOf(lhr: Result): { bytes: Bytes; requests: number } {
  const bytes: Bytes = {
    script: 0,
    stylesheet: 0,
    image: 0,
    font: 0,
    document: 0,
    other: 0,
    total: 0,
    thirdParty: 0,
  };
  let requests = 0;
  for (const item of summaryItems(lhr)) {
    const type = item.resourceType === "third-party" ? "thirdParty" : item.resourceType;
    if (type === "media") bytes.other += item.transferSize;
    else if (type in bytes) bytes[type as keyof Bytes] += item.transferSize;
    if (type === "total") requests = item.requestCount;
  }
  return { bytes, requests };
}

/**
 * Audits with a score below 1 that count for something: the metric audits are reported as
 * numbers already, and "hidden" ones duplicate visible ones (the insight audits of LH 12).
 */
function failingAudits(lhr: Result): AuditNote[] {
  const metricIds = new Set(Object.values(METRIC_AUDITS));
  const notes: AuditNote[] = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      if (ref.group === "hidden" || metricIds.has(ref.id)) continue;
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode)) continue;
      notes.push({
        id: audit.id,
        title: audit.title,
        category: category.id,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  return notes;
}

function lcpElementOf(lhr: Result): LcpElement | null {
  // A list of two tables: the element, then the phases (TTFB, load delay, load time, render delay).
  type Table = { items?: Record<string, unknown>[] };
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    { items?: Table[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  if (!node?.snippet) return null;
  const phases: Record<string, number> = {};
  for (const row of details?.items?.[1]?.items ?? []) {
    phases[String(row.phase)] = Math.round(Number(row.timing));
  }
  return { snippet: node.snippet, phases };
}

function summarise(lhr: Result): LighthouseRun {
  const scores = {} as Scores;
  for (const key of SCORE_KEYS) {
    const score = lhr.categories[CATEGORY_IDS[key]]?.score;
    scores[key] = typeof score === "number" ? Math.round(score * 100) : Number.NaN;
  }
  const metrics = {} as Metrics;
  for (const key of METRIC_KEYS) {
    metrics[key] = lhr.audits[METRIC_AUDITS[key]]?.numericValue ?? Number.NaN;
  }
  return {
    scores,
    metrics,
    ...bytesOf(lhr),
    lcpElement: lcpElementOf(lhr),
    failing: failingAudits(lhr),
    warnings: lhr.runWarnings,
  };
}

async function launchChrome(chromePath: string): Promise<LaunchedChrome> {
  // chrome-launcher's own SIGINT handler would exit before our cleanup runs; ours kills it.
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, handleSIGINT: false });
  trackGroup(chrome.pid);
  return chrome;
}

function killChrome(chrome: LaunchedChrome) {
  untrackGroup(chrome.pid);
  chrome.kill();
}

async function runOnce(port: number, url: string, preset: Preset): Promise<LighthouseRun> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: Object.values(CATEGORY_IDS),
  };
  // No config = Lighthouse's default: mobile (Moto G Power), simulated slow 4G and 4× CPU.
  const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    throw new Error(
      `Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
    );
  }
  return summarise(result.lhr);
}

/** Attempts per run before giving up; NO_NAVSTART now and then is a known Lighthouse flake. */
const ATTEMPTS = 3;

/**
 * Runs Lighthouse `runs` times on each path, one Chromium for the whole preset (Lighthouse
 * clears cache and storage before every run). A run that fails is tried again in a fresh
 * Chromium, up to ATTEMPTS times, then the error propagates.
 */
export async function lighthouseRoutes(options: {
  baseUrl: string;
  paths: readonly string[];
  preset: Preset;
  runs: number;
  chromePath: string;
  log: (line: string) => void;
}): Promise<RouteResult[]> {
  const { baseUrl, paths, preset, runs, chromePath, log } = options;
  let chrome = await launchChrome(chromePath);
  const results: RouteResult[] = [];
  try {
    for (const [index, path] of paths.entries()) {
      const url = new URL(path, baseUrl).toString();
      const done: LighthouseRun[] = [];
      let retries = 0;
      for (let i = 0; i < runs; i++) {
        for (let attempt = 1; ; attempt++) {
          try {
            done.push(await runOnce(chrome.port, url, preset));
            break;
          } catch (error) {
            if (attempt >= ATTEMPTS) throw error;
            retries++;
            log(`  ${path} run ${i + 1} failed (${String(error)}); again in a fresh Chromium`);
            killChrome(chrome);
            chrome = await launchChrome(chromePath);
          }
        }
      }
      const result = routeResult(path, preset, done, retries);
      const m = result.median;
      log(
        `  [${preset} ${index + 1}/${paths.length}] ${path}: perf ${m.scores.performance}, ` +
          `a11y ${m.scores.accessibility}, bp ${m.scores.bestPractices}, seo ${m.scores.seo}, ` +
          `LCP ${Math.round(m.metrics.lcp)} ms, TBT ${Math.round(m.metrics.tbt)} ms, ` +
          `CLS ${m.metrics.cls.toFixed(3)}, ${(m.bytes.total / 1024).toFixed(1)} KB`,
      );
      results.push(result);
    }
  } finally {
    killChrome(chrome);
  }
  return results;
}

function routeResult(
  path: string,
  preset: Preset,
  runs: LighthouseRun[],
  retries: number,
): RouteResult {
  const failing = new Map<string, AuditNote & { runs: number }>();
  for (const run of runs) {
    for (const note of run.failing) {
      const key = `${note.category}/${note.id}`;
      const seen = failing.get(key);
      // Keep the most recent wording, count the runs it failed in.
      failing.set(key, { ...note, runs: (seen?.runs ?? 0) + 1 });
    }
  }
  return {
    path,
    preset,
    runs,
    median: {
      scores: medianRecord(
        runs.map((r) => r.scores),
        SCORE_KEYS,
      ),
      metrics: medianRecord(
        runs.map((r) => r.metrics),
        METRIC_KEYS,
      ),
      bytes: medianRecord(
        runs.map((r) => r.bytes),
        BYTE_KEYS,
      ),
    },
    failing: [...failing.values()].sort((a, b) => a.score - b.score),
    lcpElement:
      [...runs].sort((a, b) => a.metrics.lcp - b.metrics.lcp)[Math.floor(runs.length / 2)]
        ?.lcpElement ?? null,
    retries,
  };
}
