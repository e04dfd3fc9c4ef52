/**
 * report.md's "Before and after" (`npm run bench -- --before DIR`): an earlier build and the fresh
 * one measured in the same run, route by route and widget by widget, so a change to the site's
 * build can show that no page got slower or heavier.
 */
import type { RouteResult } from "./lighthouse";
import type { PageResults } from "./pages";
import { NO, ms, s, table } from "./report-format";
import { kb } from "./stats";

/** `after` beside `before`, marked ✖ when it is worse by more than `slack`. */
function pair(before: number, after: number, show: (n: number) => string, slack = 0): string {
  const worse = after > before + slack;
  return `${show(before)} → ${show(after)}${worse ? ` ${NO}` : ""}`;
}

function lighthouseRows(before: RouteResult[], after: RouteResult[]) {
  return after.flatMap((a) => {
    const b = before.find((r) => r.path === a.path && r.preset === a.preset);
    if (!b) return [];
    const [bm, am] = [b.median, a.median];
    return [
      [
        `\`${a.path}\` ${a.preset}`,
        // A lower score is the worse one: compare the negatives.
        `${bm.scores.performance} → ${am.scores.performance}${am.scores.performance < bm.scores.performance ? ` ${NO}` : ""}`,
        pair(bm.metrics.fcp, am.metrics.fcp, s, 50),
        pair(bm.metrics.lcp, am.metrics.lcp, s, 50),
        pair(bm.metrics.tbt, am.metrics.tbt, ms, 10),
        pair(bm.metrics.cls, am.metrics.cls, (n) => n.toFixed(3), 0.001),
        pair(bm.bytes.script, am.bytes.script, kb, 102),
        pair(bm.bytes.total, am.bytes.total, kb, 512),
      ],
    ];
  });
}

export function compareSection(before: PageResults & { site: string }, after: PageResults): string {
  const out = [
    `The earlier build (\`${before.site}\`) and the fresh one, served by the same compiled server and measured one after the other in this run. ${NO} marks a number worse than before by more than noise (50 ms for FCP and LCP, 10 ms TBT, 0.1 KB of JS, 0.5 KB in all).`,
    "",
  ];
  const rows = [
    ...lighthouseRows(before.lighthouse.mobile, after.lighthouse.mobile),
    ...lighthouseRows(before.lighthouse.desktop, after.lighthouse.desktop),
  ];
  if (rows.length > 0) {
    out.push(table(["route", "Perf", "FCP", "LCP", "TBT", "CLS", "JS", "total bytes"], rows), "");
  }
  const taps = after.firstPaintTaps.flatMap((a) => {
    const b = before.firstPaintTaps.find((t) => t.widget === a.widget);
    return b ? [[a.widget, pair(b.medianMs, a.medianMs, ms, 20)]] : [];
  });
  if (taps.length > 0) {
    out.push(
      "Taps at first paint, median from tap to effect:",
      "",
      table(["widget", "tap to effect"], taps),
      "",
    );
  }
  const moves = after.navigation.flatMap((a) => {
    const b = before.navigation.find((m) => m.from === a.from && m.to === a.to);
    return b
      ? [
          [
            `\`${a.from}\` → \`${a.to}\``,
            pair(b.medianWithMs, a.medianWithMs, ms, 50),
            pair(b.medianWithoutMs, a.medianWithoutMs, ms, 50),
          ],
        ]
      : [];
  });
  if (moves.length > 0) {
    out.push(
      "Moves between pages, median from click to the next page's heading:",
      "",
      table(["move", "with speculation rules", "without"], moves),
      "",
    );
  }
  return out.join("\n");
}
