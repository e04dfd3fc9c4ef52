/**
 * A newsletter campaign sent by the real server process, killed with SIGKILL mid-send and taken
 * over by two instances, on each database. The other faults: faults-crash.test.ts,
 * faults-database.test.ts.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { openConfiguredDatabase } from "./configured-database";
import { migrate } from "./db/database";
import { SENDS_IN_FLIGHT } from "./mail/outbox";
import { sendCampaign } from "./newsletter/campaigns/campaign-sending";
import { createCampaign } from "./newsletter/campaigns/campaigns";
import { testSmtp } from "./mail/smtp.testing";
import { freshSchemaUrl, subscriptionRow, testDialects } from "./testing/lead-api";
import { fakeSite, startServer, waitFor } from "./testing/server-process";

describe.each(testDialects)("a newsletter campaign on $name", ({ name, url: baseUrl }) => {
  it("reaches every confirmed subscriber once through kill -9 and two instances", async () => {
    // A mail server that keeps what it is given, a little slowly, so the kill lands mid-send.
    const smtp = await testSmtp({ delayMs: 5 });
    const { received } = smtp;

    const dataDir = await mkdtemp(path.join(tmpdir(), "campaign-"));
    const databaseUrl = baseUrl ? await freshSchemaUrl(baseUrl) : "";
    const db = openConfiguredDatabase({ databaseUrl, dataDir });
    await migrate(db);
    const at = new Date().toISOString();
    const subscriber = (i: number, status: "confirmed" | "unsubscribed") =>
      subscriptionRow(`${status}-${name}-${i}@example.com`, status, at);
    const confirmed = Array.from({ length: 1000 }, (_, i) => subscriber(i, "confirmed"));
    await db
      .insertInto("newsletter_subscriptions")
      .values([
        ...confirmed,
        ...Array.from({ length: 10 }, (_, i) => subscriber(i, "unsubscribed")),
      ])
      .execute();
    const change = { accountId: randomUUID(), at };
    const id = await createCampaign(db, { subject: "News", markdown: "Hello." }, change);
    await db.transaction().execute((trx) => sendCampaign(trx, id, undefined, change));

    const settings = {
      DATA_DIR: dataDir,
      SITE_DIR: await fakeSite(),
      DATABASE_URL: databaseUrl,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NEWSLETTER_SEND_PER_MINUTE: "100000",
    };
    const first = await startServer(settings);
    await waitFor(async () => (received.length >= 100 ? true : undefined), 30_000, "copies");
    await first.kill();
    expect(received.length).toBeLessThan(confirmed.length);

    // The killed instance's claim lapses; two instances share the rest.
    const others = await Promise.all([startServer(settings), startServer(settings)]);
    try {
      await waitFor(
        async () => {
          const row = await db
            .selectFrom("newsletter_campaigns")
            .select("status")
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          return row.status === "sent" ? true : undefined;
        },
        60_000,
        "the campaign to finish",
      );
      const byMessage = new Map<string, Set<string>>();
      for (const { to, messageId } of received) {
        byMessage.set(messageId, new Set([...(byMessage.get(messageId) ?? []), ...to]));
      }
      expect(new Set(received.flatMap((r) => r.to))).toEqual(
        new Set(confirmed.map((s) => s.email)),
      );
      // One copy per subscriber. The only possible repeats are the copies the killed instance was
      // handing over at that instant (at most its sends in flight), sent again with the same
      // Message-ID, by which a mail server knows them.
      expect(byMessage.size).toBe(confirmed.length);
      expect([...byMessage.values()].every((to) => to.size === 1)).toBe(true);
      expect(received.length - confirmed.length).toBeLessThanOrEqual(SENDS_IN_FLIGHT);
      const copies = await db
        .selectFrom("outbox")
        .select(["status"])
        .where("campaign_id", "=", id)
        .execute();
      expect(copies.map((c) => c.status)).toEqual(confirmed.map(() => "sent"));
    } finally {
      await Promise.all(others.map((server) => server.stop()));
      await db.destroy();
      await smtp.close();
    }
  }, 300_000);
});
