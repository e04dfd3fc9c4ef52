import { writeFile } from "node:fs/promises";
import { format, resolveConfig } from "prettier";
import type { ApiResult } from "./api-load";
import type { CampaignResult } from "./campaign";
import type { InboxQueryResult, InboxResult } from "./inbox";
import type { RouteResult } from "./lighthouse";
import type { FirstPaintTapResult } from "./first-paint";
import type { RepeatVisitResult } from "./repeat-visit";
import type { StaticServingResult } from "./static-serving";
import { KB, kb } from "./stats";

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGB: number;
  os: string;
  node: string;
  chromium: string;
  lighthouse: string;
  /** 1-minute load average when the run started and ended: other work on the machine skews. */
  loadAverageStart: number;
  loadAverageEnd: number;
}

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
  staticServing: StaticServingResult | null;
  api: ApiResult[];
  /** The staff inbox with many leads; missing in reports written before it was measured. */
  inbox?: InboxResult[];
  /** A newsletter campaign under sign-up load; missing in reports written before it. */
  campaign?: CampaignResult[];
  errors: { section: string; message: string }[];
}

/** The numbers to reach: the performance targets in docs/requirements.md. */
const TARGETS = {
  performance: 98,
  otherScores: 100,
  lcpMs: 1500,
  tbtMs: 50,
  tapToEffectMs: 100,
  cls: 0.02,
  homeTotalBytes: 250 * KB,
  homeScriptBytes: 130 * KB,
  otherRouteBytes: 300 * KB,
  staticRatio: 0.5,
  subscribeRps: 1000,
  subscribeP99Ms: 50,
  inboxP95Ms: 50,
};

const YES = "✔";
const NO = "✖";
const mark = (ok: boolean) => (ok ? YES : NO);
const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "n/a");
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "n/a");
const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "n/a");

function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** The extreme value over routes and where it happens. */
function worst(
  routes: RouteResult[],
  value: (r: RouteResult) => number,
  direction: "min" | "max",
): { value: number; path: string } {
  let best = { value: direction === "min" ? Infinity : -Infinity, path: "" };
  for (const route of routes) {
    const v = value(route);
    if (direction === "min" ? v < best.value : v > best.value) best = { value: v, path: route.path };
  }
  return best;
}

function targetRows(report: Report): string[][] {
  const rows: string[][] = [];
  const mobile = report.lighthouse.mobile;
  const n = mobile.length;
  const notMeasured = (target: string) => rows.push([target, "not measured", "–"]);

  if (n > 0) {
    const count = (ok: (r: RouteResult) => boolean) => mobile.filter(ok).length;
    const scoreRow = (
      target: string,
      key: keyof RouteResult["median"]["scores"],
      min: number,
    ) => {
      const w = worst(mobile, (r) => r.median.scores[key], "min");
      const pass = count((r) => r.median.scores[key] >= min);
      rows.push([target, `${pass}/${n} routes; lowest ${w.value} (${w.path})`, mark(pass === n)]);
    };
    scoreRow("Lighthouse mobile Performance ≥ 98, every route", "performance", TARGETS.performance);
    scoreRow("Accessibility = 100, every route", "accessibility", TARGETS.otherScores);
    scoreRow("Best Practices = 100, every route", "bestPractices", TARGETS.otherScores);
    scoreRow("SEO = 100, every route", "seo", TARGETS.otherScores);
    const metricRow = (
      target: string,
      key: keyof RouteResult["median"]["metrics"],
      limit: number,
      show: (v: number) => string,
    ) => {
      const w = worst(mobile, (r) => r.median.metrics[key], "max");
      const pass = count((r) => r.median.metrics[key] < limit);
      rows.push([target, `${pass}/${n} routes; highest ${show(w.value)} (${w.path})`, mark(pass === n)]);
    };
    metricRow("LCP < 1.5 s (mobile)", "lcp", TARGETS.lcpMs, s);
    metricRow("TBT < 50 ms (mobile)", "tbt", TARGETS.tbtMs, ms);
    metricRow("CLS < 0.02 (mobile)", "cls", TARGETS.cls, (v) => v.toFixed(3));
  } else {
    notMeasured("Lighthouse mobile scores and metrics");
  }

  const home = mobile.find((r) => r.path === "/");
  if (home) {
    const b = home.median.bytes;
    rows.push([
      "Home, first visit ≤ 250 KB transferred",
      kb(b.total),
      mark(b.total <= TARGETS.homeTotalBytes),
    ]);
    rows.push([
      "Home, first visit ≤ 130 KB JavaScript",
      kb(b.script),
      mark(b.script <= TARGETS.homeScriptBytes),
    ]);
  } else {
    notMeasured("Home page first-visit bytes");
  }
  const others = mobile.filter((r) => r.path !== "/");
  if (others.length > 0) {
    const w = worst(others, (r) => r.median.bytes.total, "max");
    const pass = others.filter((r) => r.median.bytes.total <= TARGETS.otherRouteBytes).length;
    rows.push([
      "Every other route ≤ 300 KB transferred",
      `${pass}/${others.length} routes; largest ${kb(w.value)} (${w.path})`,
      mark(pass === others.length),
    ]);
  }

  const taps = report.firstPaintTaps ?? [];
  if (taps.length > 0) {
    const slowest = taps.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
    const beforeHydration = taps.every((t) => t.runs.every((r) => !r.hydratedAtTap));
    rows.push([
      "Tap at first paint to effect ≤ 100 ms, every widget (slowed phone)",
      `slowest ${ms(slowest.medianMs)} (${slowest.widget}), ${taps.length} widgets${beforeHydration ? ", every tap before hydration" : ""}`,
      mark(slowest.medianMs <= TARGETS.tapToEffectMs),
    ]);
  } else {
    notMeasured("Taps at first paint");
  }

  const visit = report.repeatVisit;
  if (visit) {
    rows.push([
      "No render-blocking request to another origin (home)",
      visit.crossOriginRenderBlocking
        ? visit.renderBlocking
            .filter((r) => !r.sameOrigin)
            .map((r) => r.url)
            .join(", ")
        : `none (${visit.renderBlocking.length} render-blocking, all same-origin)`,
      mark(!visit.crossOriginRenderBlocking),
    ]);
    rows.push([
      "Second visit transfers only HTML (home)",
      `${visit.second.transfers.length} request(s), ${kb(visit.second.bytes, 2)}: ` +
        visit.second.transfers.map((t) => `${t.resourceType} ${t.status}`).join(", "),
      mark(visit.secondOnlyHtml),
    ]);
  } else {
    notMeasured("Render-blocking requests and second visit");
  }

  const st = report.staticServing;
  if (st) {
    rows.push([
      "Static serving ≥ 0.5 × nginx requests/s",
      `${st.ratio.toFixed(2)} × (${int(st.ours.load.rps)} vs ${int(st.nginx.load.rps)} req/s, median of ${st.rounds} rounds)`,
      mark(st.ratio >= TARGETS.staticRatio),
    ]);
  } else {
    notMeasured("Static serving vs nginx");
  }

  const sqlite = report.api.find((a) => a.database === "sqlite");
  if (sqlite) {
    const sub = sqlite.subscribe.load;
    rows.push([
      "POST /api/subscribe ≥ 1,000 req/s (SQLite)",
      `${int(sub.rps)} req/s at ${sub.connections} connections`,
      mark(sub.rps >= TARGETS.subscribeRps),
    ]);
    rows.push([
      "POST /api/subscribe p99 < 50 ms (SQLite)",
      `${sub.p99} ms`,
      mark(sub.p99 < TARGETS.subscribeP99Ms),
    ]);
  } else {
    notMeasured("Lead API on SQLite");
  }
  for (const api of report.api) {
    rows.push([
      `Nothing lost: every 2xx is a stored row (${api.database})`,
      api.rows
        .map((r) => `${r.endpoint}: ${int(r.acknowledged)} acknowledged, ${r.missing} lost`)
        .join("; "),
      mark(api.pass),
    ]);
  }
  for (const inbox of report.inbox ?? []) {
    const listed = inbox.queries.filter((q) => !q.name.startsWith("average"));
    const slowest = listed.reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a), listed[0] as InboxQueryResult);
    rows.push([
      `Inbox list, filters and search p95 ≤ 50 ms at ${int(inbox.leads)} leads (${inbox.dialect})`,
      `slowest: ${slowest.name}, ${ms(slowest.p95Ms)}`,
      mark(slowest.p95Ms <= TARGETS.inboxP95Ms),
    ]);
  }
  for (const c of report.campaign ?? []) {
    rows.push(
      [
        `Campaign: each of ${int(c.recipients)} confirmed subscribers gets one copy, nobody else (${c.dialect})`,
        `${int(c.distinctRecipients)} reached, ${c.repeated} repeated, ${c.strays} strays`,
        mark(c.distinctRecipients === c.recipients && c.repeated === 0 && c.strays === 0),
      ],
      [
        `Campaign keeps to NEWSLETTER_SEND_PER_MINUTE = ${int(c.perMinuteConfigured)} (${c.dialect})`,
        `busiest minute ${int(c.busiestMinute)}; ${int(c.perMinuteAchieved)}/min overall`,
        mark(c.busiestMinute <= c.perMinuteConfigured),
      ],
      [
        `POST /api/subscribe p99 < 50 ms while it sends, nothing lost (${c.dialect})`,
        `${ms(c.during.p99)} (${ms(c.before.p99)} before); ${int(c.rows[0]?.acknowledged ?? 0)} acknowledged, ${c.rows[0]?.missing ?? "?"} lost`,
        mark(c.during.p99 < TARGETS.subscribeP99Ms && c.rows.every((r) => r.pass)),
      ],
    );
  }
  return rows;
}

function campaignSection(results: CampaignResult[]): string {
  return [
    "The compiled server sends a campaign to confirmed subscribers through a local SMTP server (smtp-server) while 10 connections post `POST /api/subscribe` in a closed loop; the same load ran just before, without the campaign. The sign-ups' confirmation e-mails go through the same outbox and mail server, ahead of the campaign's copies. Reproduce alone: `npx tsx bench/campaign.ts` (with `DATABASE_URL` for PostgreSQL).",
    "",
    table(
      ["database", "recipients", "configured /min", "busiest minute", "overall /min", "sending took", "subscribe p99 before", "p99 during", "req/s during", "copies repeated", "sign-ups lost"],
      results.map((c) => [
        c.dialect,
        int(c.recipients),
        int(c.perMinuteConfigured),
        int(c.busiestMinute),
        int(c.perMinuteAchieved),
        `${c.sendS.toFixed(0)} s`,
        ms(c.before.p99),
        ms(c.during.p99),
        int(c.during.rps),
        c.repeated,
        c.rows[0]?.missing ?? "n/a",
      ]),
    ),
  ].join("\n");
}

function inboxSection(results: InboxResult[]): string {
  const first = results[0];
  if (!first) return "";
  return [
    `A signed-in admin asks each query ${first.samples} times in a row over HTTP (after 3 unmeasured); the app runs in the benchmark's process on a fresh database seeded with ${int(first.leads)} leads over two years (two in three worked: a status, mostly an owner). Reproduce alone: \`npx tsx bench/inbox.ts\` (with \`DATABASE_URL\` for PostgreSQL).`,
    "",
    table(
      ["query", "parameters", ...results.flatMap((r) => [`${r.dialect} p50`, `${r.dialect} p95`]), "first page"],
      first.queries.map((q, i) => [
        q.name,
        `\`${q.query.length > 40 ? `${q.query.slice(0, 40)}…` : q.query}\``,
        ...results.flatMap((r) => {
          const x = r.queries[i];
          return x ? [ms(x.p50Ms), x.p95Ms <= TARGETS.inboxP95Ms || q.name.startsWith("average") ? ms(x.p95Ms) : `${ms(x.p95Ms)} ${NO}`] : ["n/a", "n/a"];
        }),
        q.items,
      ]),
    ),
  ].join("\n");
}

function lighthouseTable(routes: RouteResult[]): string {
  const flag = (ok: boolean, text: string) => (ok ? text : `${text} ${NO}`);
  return table(
    ["route", "Perf", "A11y", "BP", "SEO", "FCP", "LCP", "TBT", "CLS", "Speed Index"],
    routes.map((r) => {
      const { scores: sc, metrics: m } = r.median;
      return [
        `\`${r.path}\``,
        flag(sc.performance >= TARGETS.performance, String(sc.performance)),
        flag(sc.accessibility >= 100, String(sc.accessibility)),
        flag(sc.bestPractices >= 100, String(sc.bestPractices)),
        flag(sc.seo >= 100, String(sc.seo)),
        s(m.fcp),
        flag(m.lcp < TARGETS.lcpMs, s(m.lcp)),
        flag(m.tbt < TARGETS.tbtMs, ms(m.tbt)),
        flag(m.cls < TARGETS.cls, m.cls.toFixed(3)),
        s(m.speedIndex),
      ];
    }),
  );
}

function bytesTable(routes: RouteResult[]): string {
  return table(
    ["route", "JS", "CSS", "images", "fonts", "HTML", "other", "total", "3rd-party", "budget"],
    routes.map((r) => {
      const b = r.median.bytes;
      const limit = r.path === "/" ? TARGETS.homeTotalBytes : TARGETS.otherRouteBytes;
      const scriptOk = r.path !== "/" || b.script <= TARGETS.homeScriptBytes;
      const ok = b.total <= limit && scriptOk;
      return [
        `\`${r.path}\``,
        kb(b.script),
        kb(b.stylesheet),
        kb(b.image),
        kb(b.font),
        kb(b.document),
        kb(b.other),
        kb(b.total),
        kb(b.thirdParty),
        `${mark(ok)} ≤ ${limit / KB} KB${r.path === "/" ? ` (JS ≤ ${TARGETS.homeScriptBytes / KB} KB${scriptOk ? "" : " ✖"})` : ""}`,
      ];
    }),
  );
}

function visitSection(v: RepeatVisitResult): string {
  const list = (transfers: RepeatVisitResult["first"]["transfers"]) =>
    transfers
      .map((t) => `${new URL(t.url).pathname} (${t.resourceType}, ${t.status}, ${kb(t.bytes, 2)})`)
      .join("; ");
  return [
    `Measured with Playwright driving Chromium, one persistent profile: the page, then the same page in a new tab.`,
    "",
    table(
      ["visit", "requests over the network", "from cache", "transferred", "what went over the network"],
      [
        ["first", v.first.transfers.length, v.first.fromCache, kb(v.first.bytes), `${v.first.transfers.length} files`],
        ["second", v.second.transfers.length, v.second.fromCache, kb(v.second.bytes, 2), list(v.second.transfers) || "nothing"],
      ],
    ),
    "",
    `Render-blocking requests on the first visit (Chromium's \`renderBlockingStatus\`): ${
      v.renderBlocking.map((r) => `${new URL(r.url).pathname}${r.sameOrigin ? "" : ` (${new URL(r.url).origin})`}`).join(", ") ||
      "none"
    }. Requests to other origins: ${v.crossOriginRequests.join(", ") || "none"}.`,
  ].join("\n");
}

const cores = (n: number | null) => (n === null ? "n/a" : n.toFixed(2));

function staticSection(st: StaticServingResult): string {
  const row = (x: StaticServingResult["ours"], ratio: string) => [
    x.name,
    x.contentEncoding,
    `${int(x.bodyBytes)} B`,
    int(x.load.rps),
    `${x.load.p50} ms`,
    `${x.load.p99} ms`,
    `${x.load.non2xx} / ${x.load.errors}`,
    cores(x.load.serverCpuCores),
    x.load.serverCpuUsPerRequest === null ? "n/a" : `${Math.round(x.load.serverCpuUsPerRequest)} µs`,
    cores(x.load.clientCpuCores),
    ratio,
  ];
  const perRequest = (x: StaticServingResult["ours"]) => x.load.serverCpuUsPerRequest ?? Number.NaN;
  return [
    `\`GET /\` with \`Accept-Encoding: br, gzip\`, ${st.connections} connections, ${st.durationS} s per server after a ${st.warmupS} s warm-up, the servers taking turns for ${st.rounds} round(s); each row is the server's median round (ratio per round: ${st.roundRatios.map((r) => r.toFixed(2)).join(", ")}). autocannon runs in the benchmark's process. ${st.nginxVersion}, \`gzip on; gzip_static on;\` (nginx-light has no brotli, so it sends the precompressed .gz, which is larger).`,
    "",
    table(
      ["server", "encoding", "body", "req/s", "p50", "p99", "non-2xx / errors", "server CPU (cores)", "server CPU per request", "client CPU (cores)", "ours ÷ this"],
      [
        row(st.ours, "–"),
        row(st.nginx, `${st.ratio.toFixed(2)} × ${mark(st.ratio >= TARGETS.staticRatio)}`),
        row(st.nginxOneWorker, `${st.ratioOneWorker.toFixed(2)} × (context)`),
      ],
    ),
    "",
    `CPU columns: how much of the machine's cores each side used during the measured run. When the client (one JavaScript thread) is near 1 core, the client, not the server, limits the rate, and the ratio understates the difference between the servers. CPU time per request does not depend on the client: ours ${Math.round(perRequest(st.ours))} µs, nginx ${Math.round(perRequest(st.nginx))} µs (ours costs ${(perRequest(st.ours) / perRequest(st.nginx)).toFixed(1)}× as much).`,
  ].join("\n");
}

function apiSection(apis: ApiResult[]): string {
  const loads = apis.flatMap((api) =>
    [api.subscribe, api.demo].map((e) => [
      api.database,
      `POST /api/${e.endpoint}`,
      e.load.connections,
      `${e.load.durationS} s`,
      int(e.load.rps),
      `${e.load.p50} ms`,
      `${e.load.p90} ms`,
      `${e.load.p99} ms`,
      `${e.load.max} ms`,
      int(e.load.status2xx),
      `${e.load.non2xx} / ${e.load.errors} / ${e.load.timeouts}`,
      cores(e.load.serverCpuCores),
      cores(e.load.clientCpuCores),
    ]),
  );
  const rows = apis.flatMap((api) =>
    api.rows.map((r) => [
      api.database,
      r.endpoint,
      int(r.acknowledged),
      int(r.storedRows),
      r.missing,
      r.duplicates,
      r.storedUnacknowledged,
      int(r.outboxRows),
      r.pass ? `PASS ${YES}` : `FAIL ${NO}`,
    ]),
  );
  const outbox = apis.flatMap((api) =>
    api.outbox.map((o) => [
      api.database,
      `after ${o.afterEndpoint}`,
      int(o.statusesBefore.pending ?? 0),
      int(o.statusesAfter.pending ?? 0),
      `${o.sentPerSecond.toFixed(1)} / s`,
      o.estimatedDrainS === null
        ? "never (nothing sent)"
        : o.estimatedDrainS < 120
          ? `${Math.round(o.estimatedDrainS)} s`
          : `${Math.round(o.estimatedDrainS / 60)} min`,
    ]),
  );
  return [
    `Closed loop: each of the connections sends its next request when its previous one is answered; every request carries a new address (subscribe) or is a new request (demo). ${apis[0]?.subscribe.warmupS ?? 0} s warm-up first (its leads are checked too). Subscribe runs first on a fresh database; demo runs while the outbox is still sending subscribe's e-mails.`,
    "",
    table(
      ["database", "endpoint", "connections", "duration", "req/s", "p50", "p90", "p99", "max", "2xx", "non-2xx / errors / timeouts", "server CPU (cores)", "client CPU (cores)"],
      loads,
    ),
    "",
    "### Every 2xx is a stored row",
    "",
    "Counted in the database after the server stopped; warm-up requests included. *Stored without answer*: requests in flight when the load stopped (stored, never acknowledged — harmless). *Outbox*: the e-mail queued in the same transaction as each lead.",
    "",
    table(
      ["database", "endpoint", "2xx answers", "stored rows", "lost", "duplicates", "stored without answer", "outbox rows", "check"],
      rows,
    ),
    "",
    "### Mail outbox",
    "",
    `Watched for ${apis[0]?.outbox[0]?.windowS ?? 0} s after each load (file transport): messages pending, and how fast the worker sends once the load has stopped.`,
    "",
    table(["database", "when", "pending at the start", "pending at the end", "sent", "backlog gone in about"], outbox),
  ].join("\n");
}

/** "Est savings of 56 KiB" … "Est savings of 62 KiB" → "Est savings of 56–62 KiB". */
function valueRange(values: string[]): string {
  const number = /\d[\d,.]*/;
  const templates = new Set(values.map((v) => v.replace(number, "#")));
  const numbers = values.map((v) => Number(number.exec(v)?.[0]?.replace(/,/g, "")));
  const [template] = templates;
  if (templates.size !== 1 || !template || numbers.some((n) => !Number.isFinite(n))) {
    return values[0] ?? "";
  }
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  return template.replace("#", low === high ? String(low) : `${low}–${high}`);
}

const auditKey = (a: { category: string; id: string }) => `${a.category}/${a.id}`;

/**
 * Routes that miss a Lighthouse target, worst first: the audits Lighthouse flags on all of them
 * once, then per route its LCP element with Lighthouse's split of the LCP time, and the audits
 * particular to it.
 */
function diagnosticsSection(routes: RouteResult[]): string {
  const misses = routes
    .filter((r) => {
      const { scores: sc, metrics: m } = r.median;
      return (
        sc.performance < TARGETS.performance ||
        sc.accessibility < 100 ||
        sc.bestPractices < 100 ||
        sc.seo < 100 ||
        m.lcp >= TARGETS.lcpMs ||
        m.tbt >= TARGETS.tbtMs ||
        m.cls >= TARGETS.cls
      );
    })
    .sort((a, b) => a.median.scores.performance - b.median.scores.performance);
  if (misses.length === 0) return "Every route meets the Lighthouse targets.";

  // Flagged in every run of every route listed: said once.
  const everywhere = (misses[0]?.failing ?? []).filter((audit) =>
    misses.every((r) =>
      r.failing.some((a) => auditKey(a) === auditKey(audit) && a.runs === r.runs.length),
    ),
  );
  const common = new Set(everywhere.map(auditKey));
  const out: string[] = [];
  if (everywhere.length > 0 && misses.length > 1) {
    out.push(
      `Flagged in every run of each of the ${misses.length} routes below:`,
      "",
      ...everywhere.map((audit) => {
        const values = misses
          .map((r) => r.failing.find((a) => auditKey(a) === auditKey(audit))?.displayValue)
          .filter((v): v is string => Boolean(v));
        return `- ${audit.category}: ${audit.title}${values.length > 0 ? ` — ${valueRange(values)}` : ""}`;
      }),
      "",
      "Per route (LCP phases are Lighthouse's simulated split of the LCP time):",
      "",
    );
  }
  for (const r of misses) {
    const own = r.failing.filter((a) => misses.length === 1 || !common.has(auditKey(a)));
    const m = r.median;
    out.push(
      `- \`${r.path}\` (${r.preset}): Performance ${m.scores.performance}, FCP ${s(m.metrics.fcp)}, LCP ${s(m.metrics.lcp)}, TBT ${ms(m.metrics.tbt)}, CLS ${m.metrics.cls.toFixed(3)}`,
    );
    if (r.lcpElement) {
      const phases = Object.entries(r.lcpElement.phases)
        .map(([phase, t]) => `${phase} ${t} ms`)
        .join(", ");
      out.push(`  - LCP element \`${r.lcpElement.snippet.slice(0, 120)}\`: ${phases}`);
    }
    for (const a of own.slice(0, 8)) {
      out.push(
        `  - ${a.category}: ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ""} (score ${a.score.toFixed(2)}, ${a.runs}/${r.runs.length} runs)`,
      );
    }
  }
  return out.join("\n");
}

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
    out.push("## Lighthouse, desktop", "", "Desktop preset, the five main routes.", "", lighthouseTable(desktop), "");
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
  if (report.firstPaintTaps?.length) {
    out.push(
      "## Taps at first paint",
      "",
      "Chromium with the CPU slowed 4×, 150 ms round trips and 1.6 Mbps; each widget tapped as soon as the page reported its first contentful paint, in a fresh page per run. Time from the touch to the first frame that shows the effect (median of the runs).",
      "",
      table(
        ["widget", "tap to effect", "runs", "hydrated when tapped"],
        report.firstPaintTaps.map((t) => [
          t.widget,
          ms(t.medianMs),
          t.runs.map((r) => ms(r.tapToEffectMs)).join(", "),
          t.runs.some((r) => r.hydratedAtTap) ? "yes" : "no",
        ]),
      ),
      "",
    );
  }
  if (report.repeatVisit) out.push("## Home page: second visit and render-blocking requests", "", visitSection(report.repeatVisit), "");
  if (report.staticServing) out.push("## Static serving: ours vs nginx", "", staticSection(report.staticServing), "");
  if (report.api.length > 0) out.push("## Lead API", "", apiSection(report.api), "");
  if (report.inbox?.length) out.push("## Staff inbox", "", inboxSection(report.inbox), "");
  if (report.campaign?.length) out.push("## Newsletter campaign", "", campaignSection(report.campaign), "");
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
    (key, value: unknown) => (key === "acknowledged" && Array.isArray(value) ? value.length : value),
    2,
  );
  await writeFile(jsonFile, `${json}\n`);
  await writePretty(mdFile, markdown(report));
}
