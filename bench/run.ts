/**
 * `npm run bench`: builds the site, starts the real server, and measures the performance targets
 * of docs/requirements.md (Lighthouse, a returning visit, static serving vs nginx, the lead API),
 * then writes bench/report.json and bench/report.md. See bench/README.md for the options.
 */
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openConfiguredDatabase } from "../server/db/configured-database";
import { CHROMIUM_PATH } from "../scripts/chromium";
import { isMain } from "../scripts/is-main";
import { type LaunchedServer, launchServer } from "../scripts/launch-server";
import { pagePaths } from "../scripts/page-paths";
import { runCommand } from "../scripts/processes";
import { REPO_ROOT } from "../scripts/repo-root";
import { pagePaths as page } from "../common/paths";
import { type ApiResult, checkRows, freshPostgresSchema, loadApi, runTag } from "./api-load";
import { buildSite } from "./build";
import { type Preset, lighthouseRoutes } from "./lighthouse";
import { timeFirstPaintTaps } from "./first-paint";
import { measureCampaign } from "./campaign";
import { measureExport } from "./export";
import { measureInbox } from "./inbox";
import { repeatVisit } from "./repeat-visit";
import { type Machine, type Report, writeReports } from "./report";
import { compareStaticServing } from "./static-serving";

/** The five main routes, measured with the desktop preset too (docs/requirements.md). */
const MAIN_ROUTES: string[] = [
  page.home,
  page.aboutUs,
  page.paymentServices,
  page.contactUs,
  page.helpCenter,
];
const DATABASE_SECTIONS = ["inbox", "campaign", "export"] as const;
const SECTIONS = ["lighthouse", "taps", "visit", "static", "api", ...DATABASE_SECTIONS] as const;
type Section = (typeof SECTIONS)[number];

const USAGE = `npm run bench -- [options]
  --runs N              Lighthouse runs per route (default 3; the median is reported)
  --tap-runs N          fresh pages per widget for the taps at first paint (default 5; median)
  --routes /,/about-us  only these routes (default: every route of app/routes.ts)
  --only a,b            only these sections: ${SECTIONS.join(", ")} (default: all)
  --skip-build          use the existing build/client
  --connections N       static serving connections (default 50)
  --duration S          static serving seconds per server and round (default 10)
  --rounds N            static serving rounds, servers taking turns (default 3; median)
  --api-connections N   lead API connections (default 10)
  --api-duration S      lead API seconds per endpoint (default 20)
  --warmup S            warm-up seconds before each load (default 3)
  --outbox-window S     seconds to watch the mail outbox after each API load (default 10)
  --report-only         measure nothing: rewrite report.md from report.json
Set DATABASE_URL=postgres://… to load the API on PostgreSQL too (in a fresh schema).`;

function options(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      runs: { type: "string", default: "3" },
      "tap-runs": { type: "string", default: "5" },
      routes: { type: "string" },
      only: { type: "string" },
      "skip-build": { type: "boolean", default: false },
      connections: { type: "string", default: "50" },
      duration: { type: "string", default: "10" },
      rounds: { type: "string", default: "3" },
      "api-connections": { type: "string", default: "10" },
      "api-duration": { type: "string", default: "20" },
      warmup: { type: "string", default: "3" },
      "outbox-window": { type: "string", default: "10" },
      "report-only": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const positive = (name: string, raw: string) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
    return n;
  };
  const all = pagePaths();
  const routes = values.routes ? values.routes.split(",").map((r) => r.trim()) : all;
  const unknown = routes.filter((r) => !all.includes(r));
  if (unknown.length > 0) throw new Error(`not routes of the site: ${unknown.join(", ")}`);
  const only = values.only ? values.only.split(",").map((s) => s.trim()) : [...SECTIONS];
  const badSection = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (badSection.length > 0) throw new Error(`unknown section: ${badSection.join(", ")}`);
  return {
    runs: positive("runs", values.runs),
    tapRuns: positive("tap-runs", values["tap-runs"]),
    routes,
    desktopRoutes: MAIN_ROUTES.filter((r) => routes.includes(r)),
    sections: new Set(only as Section[]),
    skipBuild: values["skip-build"],
    reportOnly: values["report-only"],
    static: {
      connections: positive("connections", values.connections),
      durationS: positive("duration", values.duration),
      warmupS: positive("warmup", values.warmup),
      rounds: positive("rounds", values.rounds),
    },
    api: {
      connections: positive("api-connections", values["api-connections"]),
      durationS: positive("api-duration", values["api-duration"]),
      warmupS: positive("warmup", values.warmup),
      outboxWindowS: positive("outbox-window", values["outbox-window"]),
    },
  };
}

const started = Date.now();
function log(line: string) {
  const elapsed = Math.round((Date.now() - started) / 1000);
  const stamp = `${String(Math.floor(elapsed / 60)).padStart(2, "0")}:${String(elapsed % 60).padStart(2, "0")}`;
  console.log(`[bench ${stamp}] ${line}`);
}

async function machine(): Promise<Omit<Machine, "loadAverageEnd">> {
  const chromium = await runCommand(CHROMIUM_PATH, ["--version"], { quiet: true }).catch(() => "");
  const osRelease = await readFile("/etc/os-release", "utf8").catch(() => "");
  const lighthouse = JSON.parse(
    await readFile(path.join(REPO_ROOT, "node_modules/lighthouse/package.json"), "utf8"),
  ) as { version: string };
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    os: /PRETTY_NAME="([^"]+)"/.exec(osRelease)?.[1] ?? `${os.type()} ${os.release()}`,
    node: process.version,
    chromium: /Chromium [\d.]+|Chrome [\d.]+/.exec(chromium)?.[0] ?? chromium.trim(),
    lighthouse: lighthouse.version,
    loadAverageStart: os.loadavg()[0] ?? 0,
  };
}

/** Cleanup steps, run last-in first-out once, on success, failure or Ctrl-C. */
const cleanups: (() => Promise<unknown>)[] = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cleanup: ${String(error)}`);
      }
    }
  })();
  return cleaning;
}

/**
 * The compiled server, as `npm start` runs it, on the private copy of the build: rate limits off
 * (every request of a load comes from one address), a fresh SQLite database in `dataDir` unless
 * a PostgreSQL URL is given, e-mails written to files. Stopped at the end however the run ends.
 */
async function startServer(options: {
  name: string;
  siteDir: string;
  dataDir: string;
  databaseUrl?: string;
}): Promise<LaunchedServer> {
  const server = await launchServer({
    code: "build",
    name: options.name,
    settings: {
      DATA_DIR: options.dataDir,
      SITE_DIR: options.siteDir,
      DATABASE_URL: options.databaseUrl,
      RATE_LIMIT_MAX: "0",
    },
  });
  cleanups.push(() => server.stop());
  return server;
}

/** The lead API against one running server; stops the server before counting rows. */
async function apiOn(
  database: ApiResult["database"],
  server: LaunchedServer,
  store: { dataDir: string; databaseUrl?: string },
  opts: ReturnType<typeof options>["api"],
): Promise<ApiResult> {
  const db = openConfiguredDatabase(store);
  cleanups.push(() => db.destroy());
  const tag = runTag();
  const { loads, outbox } = await loadApi({
    baseUrl: server.url,
    serverPgid: server.pid,
    db,
    tag,
    ...opts,
    log,
  });
  // Count only once the server has finished every request and closed the database.
  await server.stop();
  const rows = await Promise.all(loads.map((l) => checkRows(db, l, tag)));
  for (const r of rows) {
    log(
      `  ${database} ${r.endpoint}: ${r.acknowledged} acknowledged, ${r.storedRows} stored, ` +
        `${r.missing} lost, ${r.duplicates} duplicated → ${r.pass ? "PASS" : "FAIL"}`,
    );
  }
  const [subscribe, demo] = loads;
  if (!subscribe || !demo) throw new Error("lead API load incomplete");
  return {
    database,
    connections: opts.connections,
    subscribe,
    demo,
    outbox,
    rows,
    pass: rows.every((r) => r.pass),
  };
}

/** Every number of the last run; not committed (report.md is the record). */
const JSON_REPORT = path.join(REPO_ROOT, "bench", "report.json");
const MD_REPORT = path.join(REPO_ROOT, "bench", "report.md");

async function main() {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping servers and browsers`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  const argv = process.argv.slice(2);
  const opts = options(argv);
  if (opts.reportOnly) {
    const saved = JSON.parse(await readFile(JSON_REPORT, "utf8")) as Report;
    await writeReports(saved, JSON_REPORT, MD_REPORT);
    log(
      `rewrote ${path.relative(REPO_ROOT, MD_REPORT)} from ${path.relative(REPO_ROOT, JSON_REPORT)}`,
    );
    return;
  }
  const info = await machine();
  const report: Report = {
    date: new Date().toISOString(),
    durationS: 0,
    // The URL may hold a password: only say that it was set.
    command: `${process.env.DATABASE_URL ? "DATABASE_URL=… " : ""}npm run bench${argv.length > 0 ? ` -- ${argv.join(" ")}` : ""}`,
    machine: { ...info, loadAverageEnd: 0 },
    options: {
      runs: opts.runs,
      routes: opts.routes,
      desktopRoutes: opts.desktopRoutes,
      static: opts.static,
      api: opts.api,
    },
    lighthouse: { mobile: [], desktop: [] },
    repeatVisit: null,
    firstPaintTaps: [],
    staticServing: null,
    api: [],
    inbox: [],
    campaign: [],
    errors: [],
  };
  // A failing section is recorded and the others still run: a partial report beats none.
  const section = async (name: string, run: () => Promise<void>) => {
    log(name);
    try {
      await run();
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`${name} failed: ${message}`);
      report.errors.push({ section: name, message });
    }
  };

  try {
    const work = await mkdtemp(path.join(os.tmpdir(), "bench-"));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    await chmod(work, 0o755); // nginx's workers run as nobody and must read the site
    // A private copy of the build: other work on this checkout may rebuild build/ meanwhile,
    // and our server and nginx must serve the same bytes.
    const siteDir = path.join(work, "site");
    await buildSite(siteDir, { skipBuild: opts.skipBuild, log });

    const sqliteDir = path.join(work, "data-sqlite");
    const server = await startServer({ name: "server (SQLite)", siteDir, dataDir: sqliteDir });
    log(`server at ${server.url} (SQLite in ${sqliteDir})`);

    if (opts.sections.has("lighthouse")) {
      const presets: [Preset, string[]][] = [
        ["mobile", opts.routes],
        ["desktop", opts.desktopRoutes],
      ];
      for (const [preset, paths] of presets) {
        if (paths.length === 0) continue;
        await section(
          `Lighthouse ${preset}: ${paths.length} routes × ${opts.runs} runs`,
          async () => {
            report.lighthouse[preset] = await lighthouseRoutes({
              baseUrl: server.url,
              paths,
              preset,
              runs: opts.runs,
              chromePath: CHROMIUM_PATH,
              log,
            });
          },
        );
      }
    }
    if (opts.sections.has("taps")) {
      await section("Taps at first paint", async () => {
        report.firstPaintTaps = await timeFirstPaintTaps(server.url, opts.tapRuns);
      });
    }
    if (opts.sections.has("visit")) {
      await section("Home page: first and second visit", async () => {
        const visit = await repeatVisit(`${server.url}/`, CHROMIUM_PATH);
        log(
          `  first ${visit.first.transfers.length} requests ${(visit.first.bytes / 1024).toFixed(1)} KB; ` +
            `second ${visit.second.transfers.length} requests ${(visit.second.bytes / 1024).toFixed(2)} KB`,
        );
        report.repeatVisit = visit;
      });
    }
    if (opts.sections.has("static")) {
      await section("Static serving: ours vs nginx", async () => {
        report.staticServing = await compareStaticServing({
          ourUrl: `${server.url}/`,
          ourPgid: server.pid,
          siteDir,
          workDir: work,
          ...opts.static,
          log,
        });
      });
    }
    if (opts.sections.has("api")) {
      await section("Lead API on SQLite", async () => {
        report.api.push(await apiOn("sqlite", server, { dataDir: sqliteDir }, opts.api));
      });
      const databaseUrl = process.env.DATABASE_URL;
      if (databaseUrl) {
        await section("Lead API on PostgreSQL", async () => {
          const fresh = await freshPostgresSchema(databaseUrl, runTag());
          cleanups.push(fresh.drop);
          log(`  fresh schema ${fresh.schema} (dropped at the end)`);
          const store = { dataDir: path.join(work, "data-postgres"), databaseUrl: fresh.url };
          const pgServer = await startServer({ name: "server (PostgreSQL)", siteDir, ...store });
          const result = await apiOn("postgres", pgServer, store, opts.api);
          report.api.push({ ...result, schema: fresh.schema });
        });
      } else {
        log("DATABASE_URL not set: lead API on SQLite only");
      }
    }
    const databaseUrl = process.env.DATABASE_URL;
    const dialects = databaseUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);
    for (const dialect of opts.sections.has("inbox") ? dialects : []) {
      await section(`Staff inbox with 100,000 leads on ${dialect}`, async () => {
        report.inbox?.push(await measureInbox({ dialect, databaseUrl, log }));
      });
    }
    for (const dialect of opts.sections.has("campaign") ? dialects : []) {
      await section(`Campaign to 10,000 subscribers on ${dialect}`, async () => {
        report.campaign?.push(await measureCampaign({ dialect, databaseUrl, siteDir, log }));
      });
    }
    // No table in report.md for the exports yet: a missed target is listed with the errors.
    for (const dialect of opts.sections.has("export") ? dialects : []) {
      await section(`CSV exports of 100,000 leads and subscribers on ${dialect}`, async () => {
        const { exports } = await measureExport({ dialect, databaseUrl, siteDir, log });
        if (exports.some((e) => !e.pass)) throw new Error("health p99 over target, or rows lost");
      });
    }
  } catch (error) {
    report.errors.push({
      section: "setup",
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    log(`failed: ${String(error)}`);
  } finally {
    await cleanup();
  }

  report.durationS = (Date.now() - started) / 1000;
  report.machine.loadAverageEnd = os.loadavg()[0] ?? 0;
  await writeReports(report, JSON_REPORT, MD_REPORT);
  const written = `${path.relative(REPO_ROOT, MD_REPORT)} and ${path.relative(REPO_ROOT, JSON_REPORT)}`;
  log(`wrote ${written} in ${Math.round(report.durationS)} s`);
  process.exitCode = report.errors.length > 0 ? 1 : 0;
}

if (isMain(import.meta.url)) {
  main().catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(1);
  });
}
