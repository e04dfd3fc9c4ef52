/**
 * The sections of report.md on the server's database under load: the lead API (and whether
 * every acknowledged lead was stored), the staff inbox at many leads, and a newsletter campaign
 * sent while people sign up.
 */
import type { ApiResult } from "./api-load";
import type { CampaignResult } from "./campaign";
import type { InboxResult } from "./inbox";
import { NO, YES, cores, int, ms, table } from "./report-format";
import { TARGETS } from "./report-targets";

export function apiSection(apis: ApiResult[]): string {
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
      [
        "database",
        "endpoint",
        "connections",
        "duration",
        "req/s",
        "p50",
        "p90",
        "p99",
        "max",
        "2xx",
        "non-2xx / errors / timeouts",
        "server CPU (cores)",
        "client CPU (cores)",
      ],
      loads,
    ),
    "",
    "### Every 2xx is a stored row",
    "",
    "Counted in the database after the server stopped; warm-up requests included. *Stored without answer*: requests in flight when the load stopped (stored, never acknowledged — harmless). *Outbox*: the e-mail queued in the same transaction as each lead.",
    "",
    table(
      [
        "database",
        "endpoint",
        "2xx answers",
        "stored rows",
        "lost",
        "duplicates",
        "stored without answer",
        "outbox rows",
        "check",
      ],
      rows,
    ),
    "",
    "### Mail outbox",
    "",
    `Watched for ${apis[0]?.outbox[0]?.windowS ?? 0} s after each load (file transport): messages pending, and how fast the worker sends once the load has stopped.`,
    "",
    table(
      [
        "database",
        "when",
        "pending at the start",
        "pending at the end",
        "sent",
        "backlog gone in about",
      ],
      outbox,
    ),
  ].join("\n");
}

export function inboxSection(results: InboxResult[]): string {
  const first = results[0];
  if (!first) return "";
  return [
    `A signed-in admin asks each query ${first.samples} times in a row over HTTP (after 3 unmeasured); the app runs in the benchmark's process on a fresh database seeded with ${int(first.leads)} leads over two years (two in three worked: a status, mostly an owner). Reproduce alone: \`npx tsx bench/inbox.ts\` (with \`DATABASE_URL\` for PostgreSQL).`,
    "",
    table(
      [
        "query",
        "parameters",
        ...results.flatMap((r) => [`${r.dialect} p50`, `${r.dialect} p95`]),
        "first page",
      ],
      first.queries.map((q, i) => [
        q.name,
        `\`${q.query.length > 40 ? `${q.query.slice(0, 40)}…` : q.query}\``,
        ...results.flatMap((r) => {
          const x = r.queries[i];
          return x
            ? [
                ms(x.p50Ms),
                x.p95Ms <= TARGETS.inboxP95Ms || q.name.startsWith("average")
                  ? ms(x.p95Ms)
                  : `${ms(x.p95Ms)} ${NO}`,
              ]
            : ["n/a", "n/a"];
        }),
        q.items,
      ]),
    ),
  ].join("\n");
}

export function campaignSection(results: CampaignResult[]): string {
  return [
    "The compiled server sends a campaign to confirmed subscribers through a local SMTP server (smtp-server) while 10 connections post `POST /api/subscribe` in a closed loop; the same load ran just before, without the campaign. The sign-ups' confirmation e-mails go through the same outbox and mail server, ahead of the campaign's copies. Reproduce alone: `npx tsx bench/campaign.ts` (with `DATABASE_URL` for PostgreSQL).",
    "",
    table(
      [
        "database",
        "recipients",
        "configured /min",
        "busiest minute",
        "overall /min",
        "sending took",
        "subscribe p99 before",
        "p99 during",
        "req/s during",
        "copies repeated",
        "sign-ups lost",
      ],
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
