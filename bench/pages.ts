/**
 * What the pages cost a visitor, for one build of the site: Lighthouse (mobile on every route,
 * desktop on the main ones), taps at first paint, and moves between pages with and without the
 * speculation rules. `npm run bench` runs it on the fresh build and, with `--before DIR`, on an
 * earlier build too, in the same run (report-compare.ts puts the two side by side).
 */
import { cp } from "node:fs/promises";
import path from "node:path";
import { CHROMIUM_PATH } from "../scripts/chromium";
import { pagePaths, servicePaths } from "../common/paths";
import { timeFirstPaintTaps, type FirstPaintTapResult } from "./first-paint";
import { type Preset, type RouteResult, lighthouseRoutes } from "./lighthouse";
import { type NavigationResult, timeNavigation, withoutSpeculationRules } from "./navigation";
import type { BenchOptions } from "./options";

/** The home page to a service page (the move to time), and one service page to another. */
const NAVIGATION_MOVES = [
  { from: pagePaths.home, to: pagePaths.paymentServices },
  { from: pagePaths.paymentServices, to: servicePaths.collections },
];

export interface PageResults {
  lighthouse: { mobile: RouteResult[]; desktop: RouteResult[] };
  firstPaintTaps: FirstPaintTapResult[];
  navigation: NavigationResult[];
}

export interface PagesRun {
  /** The build's name in the log ("fresh build", "before"). */
  label: string;
  /** Where its server answers, and the private copy of build/client it serves. */
  url: string;
  siteDir: string;
  /** A scratch folder of the run's, for the copy without speculation rules. */
  work: string;
  opts: BenchOptions;
  /** Starts the compiled server on a site folder; the caller stops it at the end of the run. */
  startServer: (name: string, siteDir: string, dataDir: string) => Promise<{ url: string }>;
  log: (line: string) => void;
  /** Runs one section, recording its failure and going on with the others. */
  section: (name: string, run: () => Promise<void>) => Promise<void>;
}

export async function measurePages(run: PagesRun): Promise<PageResults> {
  const { opts, section, label } = run;
  const results: PageResults = {
    lighthouse: { mobile: [], desktop: [] },
    firstPaintTaps: [],
    navigation: [],
  };
  if (opts.sections.has("lighthouse")) {
    const presets: [Preset, string[]][] = [
      ["mobile", opts.routes],
      ["desktop", opts.desktopRoutes],
    ];
    for (const [preset, paths] of presets) {
      if (paths.length === 0) continue;
      await section(
        `Lighthouse ${preset} (${label}): ${paths.length} routes × ${opts.runs} runs`,
        async () => {
          results.lighthouse[preset] = await lighthouseRoutes({
            baseUrl: run.url,
            paths,
            preset,
            runs: opts.runs,
            chromePath: CHROMIUM_PATH,
            log: run.log,
          });
        },
      );
    }
  }
  if (opts.sections.has("taps")) {
    await section(`Taps at first paint (${label})`, async () => {
      results.firstPaintTaps = await timeFirstPaintTaps(run.url, opts.tapRuns);
    });
  }
  if (opts.sections.has("navigation")) {
    await section(
      `Moving between pages, with and without speculation rules (${label})`,
      async () => {
        const plainDir = `${run.siteDir}-without-rules`;
        await cp(run.siteDir, plainDir, { recursive: true });
        await withoutSpeculationRules(plainDir);
        const plain = await run.startServer(
          `server (${label}, no speculation rules)`,
          plainDir,
          path.join(run.work, `data-plain-${label.replaceAll(/\W+/g, "-")}`),
        );
        results.navigation = await timeNavigation({
          withRulesUrl: run.url,
          withoutRulesUrl: plain.url,
          moves: NAVIGATION_MOVES,
          runs: opts.tapRuns,
        });
      },
    );
  }
  return results;
}
