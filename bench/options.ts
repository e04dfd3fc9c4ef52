/**
 * The options of `npm run bench`: parsed and checked before anything is built or started, so a
 * typo fails at once rather than after minutes of building.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { pagePaths as page } from "../common/paths";
import { pagePaths } from "../scripts/page-paths";

/** The five main routes, measured with the desktop preset too (docs/requirements.md). */
const MAIN_ROUTES: string[] = [
  page.home,
  page.aboutUs,
  page.paymentServices,
  page.contactUs,
  page.helpCenter,
];
const DATABASE_SECTIONS = ["inbox", "campaign", "export", "returns"] as const;
const SECTIONS = [
  "lighthouse",
  "taps",
  "navigation",
  "visit",
  "static",
  "api",
  ...DATABASE_SECTIONS,
] as const;
type Section = (typeof SECTIONS)[number];

const USAGE = `npm run bench -- [options]
  --runs N              Lighthouse runs per route (default 3; the median is reported)
  --tap-runs N          fresh pages per widget for the taps at first paint, and per move
                        between pages with and without speculation rules (default 5; median)
  --routes /,/about-us  only these routes (default: every route of app/routes.ts)
  --only a,b            only these sections: ${SECTIONS.join(", ")} (default: all)
  --skip-build          use the existing build/client
  --before DIR          also measure lighthouse, taps and navigation on an earlier build's
                        build/client (copy it aside before rebuilding), in the same run
  --connections N       static serving connections (default 50)
  --duration S          static serving seconds per server and round (default 10)
  --rounds N            static serving rounds, servers taking turns (default 3; median)
  --api-connections N   lead API connections (default 10)
  --api-duration S      lead API seconds per endpoint (default 20)
  --warmup S            warm-up seconds before each load (default 3)
  --outbox-window S     seconds to watch the mail outbox after each API load (default 10)
  --report-only         measure nothing: rewrite report.md from report.json
Set DATABASE_URL=postgres://… to load the API on PostgreSQL too (in a fresh schema).`;

/** The options in `argv`; `--help` prints the usage and exits, anything invalid throws. */
export function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      runs: { type: "string", default: "3" },
      "tap-runs": { type: "string", default: "5" },
      routes: { type: "string" },
      only: { type: "string" },
      "skip-build": { type: "boolean", default: false },
      before: { type: "string" },
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
    before: values.before ? earlierBuild(values.before) : undefined,
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

/** An earlier build's site folder, checked to hold a prerendered site. */
function earlierBuild(dir: string): string {
  const site = path.resolve(dir);
  if (!existsSync(path.join(site, "index.html"))) {
    throw new Error(`--before ${dir}: no index.html there; give an earlier build's build/client`);
  }
  return site;
}

export type BenchOptions = ReturnType<typeof parseOptions>;
