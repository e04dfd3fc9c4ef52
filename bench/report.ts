/**
 * bench/report.md and bench/report.json from one run's numbers. This module lays out the
 * document (which sections, in which order, with which explanation); the tables and sections
 * themselves come from report-targets.ts (the targets table), report-lighthouse.ts (the pages),
 * report-site.ts (taps, returning visit, static serving) and report-database.ts (lead API,
 * inbox, campaign).
 */
import { writeFile } from "node:fs/promises";
import { format, resolveConfig } from "prettier";
import type { ApiResult } from "./api-load";
import type { CampaignResult } from "./campaign";
import type { FirstPaintTapResult } from "./first-paint";
import type { InboxResult } from "./inbox";
import type { NavigationResult } from "./navigation";
import type { RouteResult } from "./lighthouse";
import type { Machine } from "./machine";
import type { PageResults } from "./pages";
import { compareSection } from "./report-compare";
import { apiSection, campaignSection, inboxSection } from "./report-database";
import { NO, table } from "./report-format";
import { bytesTable, diagnosticsSection, lighthouseTable } from "./report-lighthouse";
import {
  firstPaintTapsSection,
  navigationSection,
  staticSection,
  visitSection,
} from "./report-site";
import { targetRows } from "./report-targets";
import type { RepeatVisitResult } from "./repeat-visit";
import type { StaticServingResult } from "./static-serving";

/**
 * Everything one run measured: saved as report.json, so `--report-only` can rewrite report.md
 * from it without measuring again.
 */
export interface Report {
  date: string;
  durationS: number;
  command: string;
  machine: Machine;
  options: {
    runs: number;
    routes: string[];
    desktopRoutes: string[];
    static: { connections: number; durationS: number; warmupS: number; rounds: number };
    api: { connections: number; durationS: number; warmupS: number };
  };
  lighthouse: { mobile: RouteResult[]; desktop: RouteResult[] };
  repeatVisit: RepeatVisitResult | null;
  /** Missing in reports written before it was measured. */
  firstPaintTaps?: FirstPaintTapResult[];
  /** Moves between pages with and without speculation rules; missing in older reports. */
  navigation?: NavigationResult[];
  staticServing: StaticServingResult | null;
  api: ApiResult[];
  /** The staff inbox with many leads; missing in reports written before it was measured. */
  inbox?: InboxResult[];
  /** A newsletter campaign under sign-up load; missing in reports written before it. */
  campaign?: CampaignResult[];
  errors: { section: string; message: string }[];
  /** With `--before DIR`: the same page measures on that earlier build, in the same run. */
  before?: PageResults & { site: string };
}

/** report.md: a section only where its numbers exist, so a partial run says what it measured. */
function markdown(report: Report): string {
  const m = report.machine;
  const out: string[] = [
    "# Benchmark report",
    "",
    `${report.date} · ${m.cpuModel}, ${m.cores} cores, ${m.memoryGB} GB · ${m.os} · Node ${m.node} · ${m.chromium} · Lighthouse ${m.lighthouse} · load average ${m.loadAverageStart.toFixed(2)} at the start, ${m.loadAverageEnd.toFixed(2)} at the end · took ${Math.round(report.durationS / 60)} min`,
    "",
    `Reproduce: \`npm run bench\` (all routes, 3 runs each; \`npm run bench -- --runs 1 --routes /,/about-us\` for a quick look; set \`DATABASE_URL\` to include PostgreSQL). This run: \`${report.command}\`.`,
    "",
    "## Targets (docs/requirements.md)",
    "",
    table(["target", "measured", ""], targetRows(report)),
    "",
  ];
  const { mobile, desktop } = report.lighthouse;
  const retries = [...mobile, ...desktop].reduce((sum, r) => sum + r.retries, 0);
  if (mobile.length > 0) {
    out.push(
      "## Lighthouse, mobile",
      "",
      `Lighthouse ${m.lighthouse}, default mobile preset (simulated slow 4G, 4× CPU slowdown), ${report.options.runs} run(s) per route, median of each number separately (so one row may combine different runs). ${NO} marks a miss. Runs that failed in Lighthouse (e.g. NO_NAVSTART) and were repeated in a fresh Chromium: ${retries}.`,
      "",
      lighthouseTable(mobile),
      "",
    );
  }
  if (desktop.length > 0) {
    out.push(
      "## Lighthouse, desktop",
      "",
      "Desktop preset, the five main routes.",
      "",
      lighthouseTable(desktop),
      "",
    );
  }
  if (mobile.length > 0) {
    out.push(
      "## Transferred bytes, first visit",
      "",
      "From Lighthouse's resource summary (mobile runs, median; compressed as sent, headers included; 1 KB = 1024 bytes). Budget: home ≤ 250 KB with ≤ 130 KB JavaScript, other routes ≤ 300 KB.",
      "",
      bytesTable(mobile),
      "",
    );
  }
  if (report.before) {
    out.push(
      "## Before and after",
      "",
      compareSection(report.before, {
        lighthouse: report.lighthouse,
        firstPaintTaps: report.firstPaintTaps ?? [],
        navigation: report.navigation ?? [],
      }),
      "",
    );
  }
  if (report.firstPaintTaps?.length) {
    out.push("## Taps at first paint", "", firstPaintTapsSection(report.firstPaintTaps), "");
  }
  if (report.navigation?.length) {
    out.push("## Moving between pages", "", navigationSection(report.navigation), "");
  }
  if (report.repeatVisit)
    out.push(
      "## Home page: second visit and render-blocking requests",
      "",
      visitSection(report.repeatVisit),
      "",
    );
  if (report.staticServing)
    out.push("## Static serving: ours vs nginx", "", staticSection(report.staticServing), "");
  if (report.api.length > 0) out.push("## Lead API", "", apiSection(report.api), "");
  if (report.inbox?.length) out.push("## Staff inbox", "", inboxSection(report.inbox), "");
  if (report.campaign?.length)
    out.push("## Newsletter campaign", "", campaignSection(report.campaign), "");
  if (mobile.length + desktop.length > 0) {
    out.push(
      "## What Lighthouse flags where a target is missed",
      "",
      diagnosticsSection([...mobile, ...desktop]),
      "",
    );
  }
  out.push(
    "## Notes on the method",
    "",
    `- Everything runs on this one ${m.cores}-core machine: server, browser or load generator, and whatever else the machine is doing (load average ${m.loadAverageStart.toFixed(2)} at the start, ${m.loadAverageEnd.toFixed(2)} at the end). Lighthouse's simulated throttling keeps its metrics fairly stable under such load; the request rates are not, so compare numbers of one run with each other rather than across runs.`,
    "- The server is the real one, compiled as `npm start` runs it (`node build/server/main.js`), on a private copy of the fresh build, with a new SQLite database, `RATE_LIMIT_MAX=0` and e-mails written to files. Lighthouse clears the cache before every run, so its bytes are a first visit.",
    "",
  );
  if (report.errors.length > 0) {
    out.push(
      "## Errors",
      "",
      ...report.errors.map((e) => `- ${e.section}: ${e.message.split("\n").slice(0, 5).join(" ")}`),
      "",
    );
  }
  return out.join("\n");
}

/** Written as the project's Prettier would, so `npm run format:check` passes on it. */
async function writePretty(file: string, text: string) {
  const config = (await resolveConfig(file)) ?? {};
  await writeFile(file, await format(text, { ...config, filepath: file }));
}

/**
 * report.md, the committed record, and report.json: everything measured, minus the per-request
 * address lists; not committed, but kept so `--report-only` can rewrite report.md from it.
 */
export async function writeReports(report: Report, jsonFile: string, mdFile: string) {
  const json = JSON.stringify(
    report,
    (key, value: unknown) =>
      key === "acknowledged" && Array.isArray(value) ? value.length : value,
    2,
  );
  await writeFile(jsonFile, `${json}\n`);
  await writePretty(mdFile, markdown(report));
}
