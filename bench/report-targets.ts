/**
 * The targets table at the top of report.md: each performance target of docs/requirements.md,
 * what the run measured for it, and whether it is met. The sections below the table detail the
 * same numbers; this table is what a reader checks first.
 */
import type { ApiResult } from "./api-load";
import type { CampaignResult } from "./campaign";
import type { FirstPaintTapResult } from "./first-paint";
import type { InboxQueryResult, InboxResult } from "./inbox";
import type { RouteResult } from "./lighthouse";
import type { Report } from "./report";
import { int, mark, ms, s } from "./report-format";
import type { RepeatVisitResult } from "./repeat-visit";
import type { StaticServingResult } from "./static-serving";
import { KB, kb } from "./stats";

/** The numbers to reach: the performance targets in docs/requirements.md. */
export const TARGETS = {
  performance: 98,
  otherScores: 100,
  lcpMs: 1500,
  tbtMs: 50,
  tapToEffectMs: 100,
  cls: 0.02,
  homeTotalBytes: 250 * KB,
  homeScriptBytes: 80 * KB,
  formPageScriptBytes: 90 * KB,
  otherRouteBytes: 300 * KB,
  staticRatio: 0.5,
  subscribeRps: 1000,
  subscribeP99Ms: 50,
  inboxP95Ms: 50,
};

/** One line of the table: the target, what was measured, ✔ or ✖. */
type TargetRow = [target: string, measured: string, met: string];

const row = (target: string, measured: string, met: boolean): TargetRow => [
  target,
  measured,
  mark(met),
];
/** A section that was skipped or failed still gets its line, so a missing number is seen. */
const notMeasured = (target: string): TargetRow => [target, "not measured", "–"];

/** The extreme value over routes and where it happens. */
function worst(
  routes: RouteResult[],
  value: (r: RouteResult) => number,
  direction: "min" | "max",
): { value: number; path: string } {
  let best = { value: direction === "min" ? Infinity : -Infinity, path: "" };
  for (const route of routes) {
    const v = value(route);
    if (direction === "min" ? v < best.value : v > best.value)
      best = { value: v, path: route.path };
  }
  return best;
}

/** Scores and metrics hold on every route: one line each, naming the worst route. */
function lighthouseTargets(mobile: RouteResult[]): TargetRow[] {
  const n = mobile.length;
  if (n === 0) return [notMeasured("Lighthouse mobile scores and metrics")];
  const count = (ok: (r: RouteResult) => boolean) => mobile.filter(ok).length;
  const scoreRow = (
    target: string,
    key: keyof RouteResult["median"]["scores"],
    min: number,
  ): TargetRow => {
    const w = worst(mobile, (r) => r.median.scores[key], "min");
    const pass = count((r) => r.median.scores[key] >= min);
    return row(target, `${pass}/${n} routes; lowest ${w.value} (${w.path})`, pass === n);
  };
  const metricRow = (
    target: string,
    key: keyof RouteResult["median"]["metrics"],
    limit: number,
    show: (v: number) => string,
  ): TargetRow => {
    const w = worst(mobile, (r) => r.median.metrics[key], "max");
    const pass = count((r) => r.median.metrics[key] < limit);
    return row(target, `${pass}/${n} routes; highest ${show(w.value)} (${w.path})`, pass === n);
  };
  return [
    scoreRow("Lighthouse mobile Performance ≥ 98, every route", "performance", TARGETS.performance),
    scoreRow("Accessibility = 100, every route", "accessibility", TARGETS.otherScores),
    scoreRow("Best Practices = 100, every route", "bestPractices", TARGETS.otherScores),
    scoreRow("SEO = 100, every route", "seo", TARGETS.otherScores),
    metricRow("LCP < 1.5 s (mobile)", "lcp", TARGETS.lcpMs, s),
    metricRow("TBT < 50 ms (mobile)", "tbt", TARGETS.tbtMs, ms),
    metricRow("CLS < 0.02 (mobile)", "cls", TARGETS.cls, (v) => v.toFixed(3)),
  ];
}

/** The home page has its own, tighter budget, JavaScript included. */
function homeByteTargets(home: RouteResult | undefined): TargetRow[] {
  if (!home) return [notMeasured("Home page first-visit bytes")];
  const b = home.median.bytes;
  return [
    row("Home, first visit ≤ 250 KB transferred", kb(b.total), b.total <= TARGETS.homeTotalBytes),
    row(
      `Home, first visit ≤ ${TARGETS.homeScriptBytes / KB} KB JavaScript`,
      kb(b.script),
      b.script <= TARGETS.homeScriptBytes,
    ),
  ];
}

/** Every other route shares one budget; a run of the home page alone has no line for it. */
function otherRouteByteTargets(others: RouteResult[]): TargetRow[] {
  if (others.length === 0) return [];
  const w = worst(others, (r) => r.median.bytes.total, "max");
  const pass = others.filter((r) => r.median.bytes.total <= TARGETS.otherRouteBytes).length;
  const scripts = worst(others, (r) => r.median.bytes.script, "max");
  const withScripts = others.filter((r) => r.median.bytes.script > 0).length;
  return [
    row(
      "Every other route ≤ 300 KB transferred",
      `${pass}/${others.length} routes; largest ${kb(w.value)} (${w.path})`,
      pass === others.length,
    ),
    row(
      `Every other route ≤ ${TARGETS.formPageScriptBytes / KB} KB JavaScript (only form pages load any)`,
      `${withScripts} routes load JavaScript; most ${kb(scripts.value)} (${scripts.path})`,
      scripts.value <= TARGETS.formPageScriptBytes,
    ),
  ];
}

function tapTargets(taps: FirstPaintTapResult[]): TargetRow[] {
  if (taps.length === 0) return [notMeasured("Taps at first paint")];
  const slowest = taps.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
  const beforeHydration = taps.every((t) => t.runs.every((r) => !r.hydratedAtTap));
  return [
    row(
      "Tap at first paint to effect ≤ 100 ms, every widget (slowed phone)",
      `slowest ${ms(slowest.medianMs)} (${slowest.widget}), ${taps.length} widgets${beforeHydration ? ", every tap before hydration" : ""}`,
      slowest.medianMs <= TARGETS.tapToEffectMs,
    ),
  ];
}

function visitTargets(visit: RepeatVisitResult | null): TargetRow[] {
  if (!visit) return [notMeasured("Render-blocking requests and second visit")];
  return [
    row(
      "No render-blocking request to another origin (home)",
      visit.crossOriginRenderBlocking
        ? visit.renderBlocking
            .filter((r) => !r.sameOrigin)
            .map((r) => r.url)
            .join(", ")
        : `none (${visit.renderBlocking.length} render-blocking, all same-origin)`,
      !visit.crossOriginRenderBlocking,
    ),
    row(
      "Second visit transfers only HTML (home)",
      `${visit.second.transfers.length} request(s), ${kb(visit.second.bytes, 2)}: ` +
        visit.second.transfers.map((t) => `${t.resourceType} ${t.status}`).join(", "),
      visit.secondOnlyHtml,
    ),
  ];
}

function staticTargets(st: StaticServingResult | null): TargetRow[] {
  if (!st) return [notMeasured("Static serving vs nginx")];
  return [
    row(
      "Static serving ≥ 0.5 × nginx requests/s",
      `${st.ratio.toFixed(2)} × (${int(st.ours.load.rps)} vs ${int(st.nginx.load.rps)} req/s, median of ${st.rounds} rounds)`,
      st.ratio >= TARGETS.staticRatio,
    ),
  ];
}

/** Throughput and latency are targets on SQLite, the default store. */
function sqliteApiTargets(sqlite: ApiResult | undefined): TargetRow[] {
  if (!sqlite) return [notMeasured("Lead API on SQLite")];
  const sub = sqlite.subscribe.load;
  return [
    row(
      "POST /api/subscribe ≥ 1,000 req/s (SQLite)",
      `${int(sub.rps)} req/s at ${sub.connections} connections`,
      sub.rps >= TARGETS.subscribeRps,
    ),
    row(
      "POST /api/subscribe p99 < 50 ms (SQLite)",
      `${sub.p99} ms`,
      sub.p99 < TARGETS.subscribeP99Ms,
    ),
  ];
}

/** No acknowledged lead may be lost, on every database the run loaded. */
function lostLeadTargets(apis: ApiResult[]): TargetRow[] {
  return apis.map((api) =>
    row(
      `Nothing lost: every 2xx is a stored row (${api.database})`,
      api.rows
        .map((r) => `${r.endpoint}: ${int(r.acknowledged)} acknowledged, ${r.missing} lost`)
        .join("; "),
      api.pass,
    ),
  );
}

/** The slowest query is the one that counts; the averages shown in the section are context. */
function inboxTargets(inboxes: InboxResult[]): TargetRow[] {
  return inboxes.map((inbox) => {
    const listed = inbox.queries.filter((q) => !q.name.startsWith("average"));
    const slowest = listed.reduce(
      (a, b) => (b.p95Ms > a.p95Ms ? b : a),
      listed[0] as InboxQueryResult,
    );
    return row(
      `Inbox list, filters and search p95 ≤ 50 ms at ${int(inbox.leads)} leads (${inbox.dialect})`,
      `slowest: ${slowest.name}, ${ms(slowest.p95Ms)}`,
      slowest.p95Ms <= TARGETS.inboxP95Ms,
    );
  });
}

function campaignTargets(campaigns: CampaignResult[]): TargetRow[] {
  return campaigns.flatMap((c) => [
    row(
      `Campaign: each of ${int(c.recipients)} confirmed subscribers gets one copy, nobody else (${c.dialect})`,
      `${int(c.distinctRecipients)} reached, ${c.repeated} repeated, ${c.strays} strays`,
      c.distinctRecipients === c.recipients && c.repeated === 0 && c.strays === 0,
    ),
    row(
      `Campaign keeps to NEWSLETTER_SEND_PER_MINUTE = ${int(c.perMinuteConfigured)} (${c.dialect})`,
      `busiest minute ${int(c.busiestMinute)}; ${int(c.perMinuteAchieved)}/min overall`,
      c.busiestMinute <= c.perMinuteConfigured,
    ),
    row(
      `POST /api/subscribe p99 < 50 ms while it sends, nothing lost (${c.dialect})`,
      `${ms(c.during.p99)} (${ms(c.before.p99)} before); ${int(c.rows[0]?.acknowledged ?? 0)} acknowledged, ${c.rows[0]?.missing ?? "?"} lost`,
      c.during.p99 < TARGETS.subscribeP99Ms && c.rows.every((r) => r.pass),
    ),
  ]);
}

/** Every line of the targets table: the pages first, then the servers, then the staff side. */
export function targetRows(report: Report): TargetRow[] {
  const mobile = report.lighthouse.mobile;
  return [
    ...lighthouseTargets(mobile),
    ...homeByteTargets(mobile.find((r) => r.path === "/")),
    ...otherRouteByteTargets(mobile.filter((r) => r.path !== "/")),
    ...tapTargets(report.firstPaintTaps ?? []),
    ...visitTargets(report.repeatVisit),
    ...staticTargets(report.staticServing),
    ...sqliteApiTargets(report.api.find((a) => a.database === "sqlite")),
    ...lostLeadTargets(report.api),
    ...inboxTargets(report.inbox ?? []),
    ...campaignTargets(report.campaign ?? []),
  ];
}
