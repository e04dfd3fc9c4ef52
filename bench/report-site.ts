/**
 * The sections of report.md on how the site reaches a visitor: taps answered at first paint, a
 * returning visit, and our server against nginx serving the same files.
 */
import type { FirstPaintTapResult } from "./first-paint";
import type { NavigationResult } from "./navigation";
import { cores, int, mark, ms, table } from "./report-format";
import { TARGETS } from "./report-targets";
import type { RepeatVisitResult } from "./repeat-visit";
import type { StaticServingResult } from "./static-serving";
import { kb } from "./stats";

export function firstPaintTapsSection(taps: FirstPaintTapResult[]): string {
  return [
    "Chromium with the CPU slowed 4×, 150 ms round trips and 1.6 Mbps; each widget tapped as soon as the page reported its first contentful paint, in a fresh page per run. Time from the touch to the first frame that shows the effect (median of the runs).",
    "",
    table(
      ["widget", "tap to effect", "runs", "hydrated when tapped"],
      taps.map((t) => [
        t.widget,
        ms(t.medianMs),
        t.runs.map((r) => ms(r.tapToEffectMs)).join(", "),
        t.runs.some((r) => r.hydratedAtTap) ? "yes" : "no",
      ]),
    ),
  ].join("\n");
}

export function navigationSection(moves: NavigationResult[]): string {
  return [
    "Chromium as a slow phone (CPU 4× slower, 150 ms round trips, 1.6 Mbps), a fresh page per move: the link hovered for a second, then clicked; time from the click to the next page's heading on screen. The same build served twice, with its speculation rules and with them taken out, the two taking turns. Chromium does not prerender while DevTools drives it, so this is the rules' prefetch alone; a visitor's browser also prerenders.",
    "",
    table(
      ["move", "with rules", "without", "runs with", "runs without"],
      moves.map((m) => [
        `${m.from} → ${m.to}`,
        ms(m.medianWithMs),
        ms(m.medianWithoutMs),
        m.withRulesMs.map(ms).join(", "),
        m.withoutRulesMs.map(ms).join(", "),
      ]),
    ),
  ].join("\n");
}

export function visitSection(v: RepeatVisitResult): string {
  const list = (transfers: RepeatVisitResult["first"]["transfers"]) =>
    transfers
      .map((t) => `${new URL(t.url).pathname} (${t.resourceType}, ${t.status}, ${kb(t.bytes, 2)})`)
      .join("; ");
  return [
    `Measured with Playwright driving Chromium, one persistent profile: the page, then the same page in a new tab.`,
    "",
    table(
      [
        "visit",
        "requests over the network",
        "from cache",
        "transferred",
        "what went over the network",
      ],
      [
        [
          "first",
          v.first.transfers.length,
          v.first.fromCache,
          kb(v.first.bytes),
          `${v.first.transfers.length} files`,
        ],
        [
          "second",
          v.second.transfers.length,
          v.second.fromCache,
          kb(v.second.bytes, 2),
          list(v.second.transfers) || "nothing",
        ],
      ],
    ),
    "",
    `Render-blocking requests on the first visit (Chromium's \`renderBlockingStatus\`): ${
      v.renderBlocking
        .map(
          (r) => `${new URL(r.url).pathname}${r.sameOrigin ? "" : ` (${new URL(r.url).origin})`}`,
        )
        .join(", ") || "none"
    }. Requests to other origins: ${v.crossOriginRequests.join(", ") || "none"}.`,
  ].join("\n");
}

export function staticSection(st: StaticServingResult): string {
  const row = (x: StaticServingResult["ours"], ratio: string) => [
    x.name,
    x.contentEncoding,
    `${int(x.bodyBytes)} B`,
    int(x.load.rps),
    `${x.load.p50} ms`,
    `${x.load.p99} ms`,
    `${x.load.non2xx} / ${x.load.errors}`,
    cores(x.load.serverCpuCores),
    x.load.serverCpuUsPerRequest === null
      ? "n/a"
      : `${Math.round(x.load.serverCpuUsPerRequest)} µs`,
    cores(x.load.clientCpuCores),
    ratio,
  ];
  const perRequest = (x: StaticServingResult["ours"]) => x.load.serverCpuUsPerRequest ?? Number.NaN;
  return [
    `\`GET /\` with \`Accept-Encoding: br, gzip\`, ${st.connections} connections, ${st.durationS} s per server after a ${st.warmupS} s warm-up, the servers taking turns for ${st.rounds} round(s); each row is the server's median round (ratio per round: ${st.roundRatios.map((r) => r.toFixed(2)).join(", ")}). autocannon runs in the benchmark's process. ${st.nginxVersion}, \`gzip on; gzip_static on;\` (nginx-light has no brotli, so it sends the precompressed .gz, which is larger).`,
    "",
    table(
      [
        "server",
        "encoding",
        "body",
        "req/s",
        "p50",
        "p99",
        "non-2xx / errors",
        "server CPU (cores)",
        "server CPU per request",
        "client CPU (cores)",
        "ours ÷ this",
      ],
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
