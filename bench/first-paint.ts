/**
 * Taps at first paint (scripts/first-paint-taps.ts), timed: for each widget, the median over
 * `runs` fresh pages of the time from the tap to the first frame that shows its effect, on
 * Chromium with the CPU slowed 4× and a slow mobile network. Target: ≤ 100 ms for every widget.
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium";
import { type TapResult, firstPaintTaps, tapAtFirstPaint } from "../scripts/first-paint-taps";
import { median } from "./stats";

export interface FirstPaintTapResult {
  widget: string;
  runs: TapResult[];
  medianMs: number;
}

export async function timeFirstPaintTaps(
  baseUrl: string,
  runs: number,
): Promise<FirstPaintTapResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const results: FirstPaintTapResult[] = [];
    for (const tap of firstPaintTaps) {
      const measured: TapResult[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ ...tap.screen, baseURL: baseUrl });
        const page = await context.newPage();
        measured.push(await tapAtFirstPaint(page, tap));
        await context.close();
      }
      results.push({
        widget: tap.widget,
        runs: measured,
        medianMs: median(measured.map((r) => r.tapToEffectMs)),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}
