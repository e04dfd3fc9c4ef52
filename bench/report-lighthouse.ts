/**
 * The Lighthouse sections of report.md: scores and metrics per route, the bytes each route
 * transfers against its budget, and, for the routes that miss a target, what Lighthouse flags.
 */
import type { RouteResult } from "./lighthouse";
import { NO, mark, ms, s, table } from "./report-format";
import { TARGETS } from "./report-targets";
import { KB, kb } from "./stats";

export function lighthouseTable(routes: RouteResult[]): string {
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

export function bytesTable(routes: RouteResult[]): string {
  return table(
    ["route", "JS", "CSS", "images", "fonts", "HTML", "other", "total", "3rd-party", "budget"],
    routes.map((r) => {
      const b = r.median.bytes;
      const limit = r.path === "/" ? TARGETS.homeTotalBytes : TARGETS.otherRouteBytes;
      const scriptLimit = r.path === "/" ? TARGETS.homeScriptBytes : TARGETS.formPageScriptBytes;
      const scriptOk = b.script <= scriptLimit;
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
        `${mark(ok)} ≤ ${limit / KB} KB (JS ≤ ${scriptLimit / KB} KB${scriptOk ? "" : " ✖"})`,
      ];
    }),
  );
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
export function diagnosticsSection(routes: RouteResult[]): string {
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
