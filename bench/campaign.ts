/**
 * A newsletter campaign to many confirmed subscribers through a local SMTP server, sent by the
 * compiled server (as `npm start` runs it), while `POST /api/subscribe` is under load.
 *
 * In one run: the subscribe load alone (before), then the same load while the campaign sends
 * (during); the campaign's send rate against the configured one; and the checks that nothing was
 * lost: every confirmed subscriber got exactly one copy, nobody else got one, and every
 * acknowledged sign-up is a stored row.
 *
 *   npx tsx bench/campaign.ts [--recipients 10000] [--per-minute 6000] [--seconds 15]
 *   DATABASE_URL=postgres://… npx tsx bench/campaign.ts   # on PostgreSQL (fresh schema)
 *
 * Needs `npm run build` first (also the section `campaign` of `npm run bench`).
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import type { DB } from "../server/db/database";
import { sendCampaign } from "../server/newsletter/campaigns/campaign-sending";
import { createCampaign } from "../server/newsletter/campaigns/campaigns";
import { isMain } from "../scripts/is-main";
import { testSmtp } from "../server/mail/smtp.testing";
import { subscriptionRow } from "../server/testing/lead-api";
import { type EndpointLoad, type RowCheck, bodyFor, checkRows, postLoad, runTag } from "./api-load";
import { type BenchRun, launchBenchServer, onEachDialect, onFreshBenchDatabase } from "./dialects";
import type { LoadSummary } from "./load";

export interface CampaignResult {
  dialect: "sqlite" | "postgres";
  recipients: number;
  /** Unsubscribed subscribers seeded beside them: they must get nothing. */
  unsubscribed: number;
  perMinuteConfigured: number;
  /** Copies per minute from the first to the last copy the mail server received. */
  perMinuteAchieved: number;
  /** The most copies received in any 60 s window: the rate must hold there too. */
  busiestMinute: number;
  sendS: number;
  copiesReceived: number;
  distinctRecipients: number;
  /** Copies received more than once (same Message-ID). Must be 0. */
  repeated: number;
  /** Copies to anyone who was not a confirmed subscriber. Must be 0. */
  strays: number;
  before: LoadSummary;
  during: LoadSummary;
  rows: RowCheck[];
  pass: boolean;
}

/** Target: the subscribe API's p99 while a campaign sends. */
export const SUBSCRIBE_P99_MS = 50;
const CONNECTIONS = 10;

/** Confirmed and unsubscribed subscribers, `tag` in their addresses. Also bench/export.ts's. */
export async function seedSubscribers(
  db: DB,
  confirmed: number,
  unsubscribed: number,
  tag: string,
) {
  const at = new Date(Date.now() - 86_400_000).toISOString();
  const rows = [
    ...Array.from({ length: confirmed }, (_, i) => ["confirmed", i] as const),
    ...Array.from({ length: unsubscribed }, (_, i) => ["unsubscribed", i] as const),
  ].map(([status, i]) => subscriptionRow(`reader.${tag}.${status}.${i}@example.com`, status, at));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("newsletter_subscriptions")
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

export async function measureCampaign({
  dialect,
  databaseUrl,
  recipients = 10_000,
  perMinute = 6_000,
  loadS = 15,
  siteDir = path.resolve("build/client"),
  log = console.log,
}: BenchRun & {
  recipients?: number;
  perMinute?: number;
  loadS?: number;
  /** The built site the server serves (it refuses to start without one). */
  siteDir?: string;
}): Promise<CampaignResult> {
  return onFreshBenchDatabase("campaign", { dialect, databaseUrl }, async (database, cleanups) => {
    const { db } = database;
    const tag = runTag();
    const unsubscribed = Math.ceil(recipients / 20);
    await seedSubscribers(db, recipients, unsubscribed, tag);
    const smtp = await testSmtp();
    cleanups.push(() => smtp.close());

    const server = await launchBenchServer(
      `campaign-${dialect}`,
      database,
      {
        siteDir,
        settings: {
          MAIL_TRANSPORT: "smtp",
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          NEWSLETTER_SEND_PER_MINUTE: String(perMinute),
        },
      },
      cleanups,
    );
    const url = `${server.url}/api/subscribe`;
    const acknowledged: string[] = [];
    const body = bodyFor("subscribe", tag);
    let n = 0;
    const nextBody = () => body(n++);

    await postLoad(url, CONNECTIONS, 3, nextBody, acknowledged); // warm-up, checked too
    const before = await postLoad(url, CONNECTIONS, loadS, nextBody, acknowledged, server.pid);
    log(`  ${dialect}: subscribe alone: ${Math.round(before.rps)} req/s, p99 ${before.p99} ms`);

    const change = { accountId: randomUUID(), at: new Date().toISOString() };
    const id = await createCampaign(
      db,
      { subject: "Bench", markdown: "Hello **reader**." },
      change,
    );
    await db.transaction().execute((trx) => sendCampaign(trx, id, undefined, change));
    const copies = () => smtp.received.filter((r) => r.messageId.startsWith(`<${id}.`));
    // Wait for the first copy, so the load below runs while the campaign sends.
    while (copies().length === 0) await sleep(100);
    const during = await postLoad(url, CONNECTIONS, loadS, nextBody, acknowledged, server.pid);
    log(`  ${dialect}: subscribe during: ${Math.round(during.rps)} req/s, p99 ${during.p99} ms`);

    const deadline = Date.now() + ((recipients / perMinute) * 60 + 120) * 1000;
    for (;;) {
      const row = await db
        .selectFrom("newsletter_campaigns")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      if (row.status === "sent") break;
      if (Date.now() > deadline) throw new Error(`campaign not finished: ${copies().length} sent`);
      await sleep(500);
    }
    await server.stop();

    const sent = copies();
    const times = sent.map((c) => c.at).sort((a, b) => a - b);
    const sendS = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    let busiestMinute = 0;
    for (let first = 0, last = 0; last < times.length; last++) {
      while ((times[last] as number) - (times[first] as number) >= 60_000) first++;
      busiestMinute = Math.max(busiestMinute, last - first + 1);
    }
    const confirmed = new Set(
      Array.from({ length: recipients }, (_, i) => `reader.${tag}.confirmed.${i}@example.com`),
    );
    const distinct = new Set(sent.flatMap((c) => c.to));
    const repeated = sent.length - new Set(sent.map((c) => c.messageId)).size;
    const strays = [...distinct].filter((to) => !confirmed.has(to)).length;
    const load: EndpointLoad = { endpoint: "subscribe", warmupS: 3, load: during, acknowledged };
    const rows = [await checkRows(db, load, tag)];
    const result: CampaignResult = {
      dialect,
      recipients,
      unsubscribed,
      perMinuteConfigured: perMinute,
      perMinuteAchieved: sendS > 0 ? (sent.length / sendS) * 60 : 0,
      busiestMinute,
      sendS,
      copiesReceived: sent.length,
      distinctRecipients: distinct.size,
      repeated,
      strays,
      before,
      during,
      rows,
      pass:
        distinct.size === recipients &&
        repeated === 0 &&
        strays === 0 &&
        during.p99 < SUBSCRIBE_P99_MS &&
        busiestMinute <= perMinute &&
        rows.every((r) => r.pass),
    };
    log(
      `  ${dialect}: ${sent.length} copies to ${distinct.size} of ${recipients} in ${sendS.toFixed(1)} s ` +
        `(${Math.round(result.perMinuteAchieved)}/min, busiest minute ${busiestMinute}, ` +
        `configured ${perMinute}); ${repeated} repeated, ${strays} strays; ` +
        `${rows[0]?.acknowledged} sign-ups acknowledged, ${rows[0]?.missing} lost → ${result.pass ? "PASS" : "FAIL"}`,
    );
    return result;
  });
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      recipients: { type: "string", default: "10000" },
      "per-minute": { type: "string", default: "6000" },
      seconds: { type: "string", default: "15" },
    },
  });
  const settings = {
    recipients: Number(values.recipients),
    perMinute: Number(values["per-minute"]),
    loadS: Number(values.seconds),
  };
  await onEachDialect((target) => measureCampaign({ ...target, ...settings }));
}
