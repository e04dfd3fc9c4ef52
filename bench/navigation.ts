/**
 * A move from one page to another after the visitor's pointer rests on the link, timed with and
 * without the Speculation Rules (common/speculation-rules.ts) in one run: the same build served
 * twice, once as built and once with the rules taken out of every page, the two taking turns.
 * Each move: a fresh page on Chromium as a slow phone (emulateSlowPhone), the link hovered for
 * `hoverMs`, then clicked; timed from the click to the next page's heading on screen.
 *
 * Playwright drives Chromium through DevTools, and Chromium does not prerender while DevTools is
 * attached: what these numbers show is the rules' prefetch of the next page's document alone, a
 * lower bound of what a visitor's browser gains by prerendering it too.
 */
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium";
import { emulateSlowPhone } from "../scripts/first-paint-taps";
import { median } from "./stats";

export interface NavigationMove {
  from: string;
  to: string;
}

export interface NavigationResult extends NavigationMove {
  withRulesMs: number[];
  withoutRulesMs: number[];
  medianWithMs: number;
  medianWithoutMs: number;
}

const RULES = /<script type="speculationrules">[^<]*<\/script>/;

/** Takes the rules out of every page of the site copy in `siteDir`, compressed copies too. */
export async function withoutSpeculationRules(siteDir: string): Promise<void> {
  for (const entry of await readdir(siteDir, { recursive: true })) {
    if (!entry.endsWith(".html")) continue;
    const file = path.join(siteDir, entry);
    const html = await readFile(file, "utf8");
    if (!RULES.test(html)) continue;
    const stripped = Buffer.from(html.replace(RULES, ""));
    await writeFile(file, stripped);
    await writeFile(`${file}.br`, brotliCompressSync(stripped));
    await writeFile(`${file}.gz`, gzipSync(stripped));
  }
}

/** One timed move on a fresh page of `baseUrl`, in milliseconds. */
async function timeMove(
  browser: import("@playwright/test").Browser,
  baseUrl: string,
  move: NavigationMove,
  hoverMs: number,
): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    await emulateSlowPhone(page);
    await page.goto(move.from, { waitUntil: "load" });
    const link = page.locator(`main a[href="${move.to}"]`).first();
    await link.hover();
    await page.waitForTimeout(hoverMs);
    const clicked = Date.now();
    await link.click();
    await page.waitForURL(`**${move.to}`);
    await page.locator("main h1").first().waitFor({ state: "visible" });
    return Date.now() - clicked;
  } finally {
    await context.close();
  }
}

/** Each move `runs` times on each server, the two taking turns. */
export async function timeNavigation(options: {
  withRulesUrl: string;
  withoutRulesUrl: string;
  moves: NavigationMove[];
  runs: number;
  hoverMs?: number;
}): Promise<NavigationResult[]> {
  const { withRulesUrl, withoutRulesUrl, moves, runs, hoverMs = 1000 } = options;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const results: NavigationResult[] = [];
    for (const move of moves) {
      const withRulesMs: number[] = [];
      const withoutRulesMs: number[] = [];
      for (let run = 0; run < runs; run++) {
        withRulesMs.push(await timeMove(browser, withRulesUrl, move, hoverMs));
        withoutRulesMs.push(await timeMove(browser, withoutRulesUrl, move, hoverMs));
      }
      results.push({
        ...move,
        withRulesMs,
        withoutRulesMs,
        medianWithMs: median(withRulesMs),
        medianWithoutMs: median(withoutRulesMs),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}
