/**
 * The staff console's CSV exports at scale, from the compiled server (as `npm start` runs it):
 * `GET /api/staff/leads.csv` of 100,000 leads, then `subscribers.csv` of 100,000 subscribers,
 * while `GET /api/health` is asked every 10 ms. An export must not hold the event loop: health's
 * p99 during an export must stay within 100 ms. Also how long each export takes, and that it
 * holds every row.
 *
 *   npx tsx bench/export.ts [--leads 100000] [--subscribers 100000]   # SQLite, and PostgreSQL with DATABASE_URL
 *   npm run bench -- --only export                                     # the same, in the full run
 *
 * Needs the compiled server: `npm run build`, or `npm run build:server` alone, since without
 * `--site` the server is given a site of one page (exports do not need the site).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { leadsApi } from "../staff-api/leads";
import { subscribersApi } from "../staff-api/subscribers";
import { addAccount } from "../server/staff/accounts/accounts";
import { createSession } from "../server/staff/sign-in/sessions";
import { isMain } from "../scripts/is-main";
import { runTag } from "./api-load";
import { seedSubscribers } from "./campaign";
import { type BenchRun, launchBenchServer, onEachDialect, onFreshBenchDatabase } from "./dialects";
import { type HealthTimes, healthWhile } from "./health";
import { seedLeads } from "./inbox";

/** Target: `/api/health`'s p99 while an export streams. */
export const HEALTH_DURING_EXPORT_P99_MS = 100;

export interface ExportRun {
  /** "leads" or "subscribers". */
  name: string;
  /** Rows seeded, the rows the export's count header announced, and the rows it held. */
  expectedRows: number;
  announcedRows: number;
  rows: number;
  megabytes: number;
  durationS: number;
  /** Health before the export (the server idle) and while it streamed. */
  idle: HealthTimes;
  during: HealthTimes;
  pass: boolean;
}

export interface ExportResult {
  dialect: "sqlite" | "postgres";
  seedS: number;
  exports: ExportRun[];
}

/** Reads an export to its end: its bytes, its lines (a row per line: no seeded value breaks one). */
async function readExport(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`${url} → ${response.status}`);
  let bytes = 0;
  let lines = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const announced = response.headers.get("x-lead-count") ?? response.headers.get("x-row-count");
  return { bytes, rows: lines - 1, announcedRows: Number(announced) };
}

/** A site of one page, the missing page, which is all the server needs to start. */
export async function onePageSite(dir: string): Promise<string> {
  await mkdir(path.join(dir, "404"), { recursive: true });
  await writeFile(path.join(dir, "404", "index.html"), "<!doctype html><title>Not found</title>");
  return dir;
}

export async function measureExport({
  dialect,
  databaseUrl,
  leads = 100_000,
  subscribers = 100_000,
  siteDir,
  log = console.log,
}: BenchRun & {
  leads?: number;
  subscribers?: number;
  /** The built site to serve; by default a site of one page. */
  siteDir?: string;
}): Promise<ExportResult> {
  // The database the server will open, seeded before it starts.
  return onFreshBenchDatabase("export", { dialect, databaseUrl }, async (database, cleanups) => {
    const { db, dataDir } = database;
    const now = new Date();
    const account = (email: string, role: "sales" | "admin") =>
      addAccount(db, { email, role }, { via: "bench", now }).then((added) => added.account);
    const owner = await account("sales@bench.example", "sales");
    const admin = await account("admin@bench.example", "admin");
    const { secret } = await createSession(db, admin.id, now);
    const cookie = `staff_session=${secret}`;
    const seedStart = performance.now();
    await seedLeads(db, leads, [owner.id]);
    await seedSubscribers(db, subscribers, 0, runTag());
    await sql`analyze`.execute(db);
    const seedS = (performance.now() - seedStart) / 1000;
    log(
      `  ${dialect}: ${leads} leads and ${subscribers} subscribers seeded in ${seedS.toFixed(1)} s`,
    );

    const server = await launchBenchServer(
      `export-${dialect}`,
      database,
      { siteDir: siteDir ?? (await onePageSite(path.join(dataDir, "site"))) },
      cleanups,
    );

    const exports: ExportRun[] = [];
    const runs = [
      { name: "leads", path: leadsApi.exportCsv.path, expectedRows: leads },
      { name: "subscribers", path: subscribersApi.exportCsv.path, expectedRows: subscribers },
    ];
    for (const { name, path: exportPath, expectedRows } of runs) {
      const idle = await healthWhile(server.url, sleep(1_000));
      const start = performance.now();
      const exported = readExport(`${server.url}${exportPath}`, cookie);
      const during = await healthWhile(server.url, exported);
      const { bytes, rows, announcedRows } = await exported;
      const run: ExportRun = {
        name,
        expectedRows,
        announcedRows,
        rows,
        megabytes: bytes / 2 ** 20,
        durationS: (performance.now() - start) / 1000,
        idle,
        during,
        pass:
          rows === expectedRows &&
          announcedRows === expectedRows &&
          during.p99Ms <= HEALTH_DURING_EXPORT_P99_MS,
      };
      log(
        `  ${dialect} ${name}.csv: ${rows} rows (${announcedRows} announced, ${expectedRows} seeded), ` +
          `${run.megabytes.toFixed(1)} MB in ${run.durationS.toFixed(1)} s; health during it ` +
          `p50 ${during.p50Ms.toFixed(1)} ms, p99 ${during.p99Ms.toFixed(1)} ms, max ` +
          `${during.maxMs.toFixed(1)} ms over ${during.samples} requests (idle p99 ` +
          `${idle.p99Ms.toFixed(1)} ms) → ${run.pass ? "PASS" : "FAIL"}`,
      );
      exports.push(run);
    }
    return { dialect, seedS, exports };
  });
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      leads: { type: "string", default: "100000" },
      subscribers: { type: "string", default: "100000" },
      site: { type: "string" },
    },
  });
  const options = {
    leads: Number(values.leads),
    subscribers: Number(values.subscribers),
    siteDir: values.site,
  };
  const results = await onEachDialect((target) => measureExport({ ...target, ...options }));
  process.exitCode = results.every((r) => r.exports.every((e) => e.pass)) ? 0 : 1;
}
