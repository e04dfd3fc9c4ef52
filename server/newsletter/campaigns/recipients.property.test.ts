import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { fuzzRuns } from "../../../common/fuzz.testing";
import { describe, expect, it } from "vitest";
import type { DB } from "../../db/database";
import { unsubscribe } from "../subscribers/lifecycle";
import { type Deliverer, createOutboxWorker } from "../../mail/outbox";
import { type ReturnedMail, recordReturnedMail } from "../returns/returns";
import {
  recordingTransport,
  subscriptionRow,
  testDialects,
  useTestDatabase,
} from "../../testing/lead-api";
import { campaignRecipients } from "./campaign-recipients";
import { readCampaign } from "./campaign-reports";
import { runCampaigns, sendCampaign } from "./campaign-sending";
import { CAMPAIGN_KIND, createCampaign } from "./campaigns";
import { campaignDeliverers } from "./delivery";

// For any interleaving of bounces, complaints, unsubscribes and the sends of two outbox workers
// on one database: nothing goes to an address suppressed (or a subscriber gone) before its send
// began, nobody gets two copies, and every recipient ends in exactly one state.

const PEOPLE = 5;
const log = { info() {}, warn() {}, error() {} };

type Step =
  | { t: "hard-bounce" | "soft-bounce" | "complaint" | "unsubscribe"; who: number }
  | { t: "run"; worker: 0 | 1 };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    t: fc.constantFrom("hard-bounce", "soft-bounce", "complaint", "unsubscribe") as fc.Arbitrary<
      "hard-bounce" | "soft-bounce" | "complaint" | "unsubscribe"
    >,
    who: fc.nat(PEOPLE - 1),
  }),
  fc.record({ t: fc.constant("run" as const), worker: fc.constantFrom(0 as const, 1 as const) }),
);

describe.each(testDialects)("every recipient accounted for on $name", ({ url }) => {
  let db: DB;
  useTestDatabase(url, (opened) => (db = opened), { once: true });

  async function scenario(suppressedFirst: number[], batches: Step[][]) {
    for (const table of ["mail_events", "mail_suppressions", "outbox"] as const) {
      await db.deleteFrom(table).execute();
    }
    await db.deleteFrom("newsletter_campaigns").execute();
    await db.deleteFrom("newsletter_subscriptions").execute();
    const joined = new Date(Date.now() - 60_000).toISOString();
    const people = Array.from({ length: PEOPLE }, (_, i) =>
      subscriptionRow(`p${i}@example.com`, "confirmed", joined),
    );
    await db.insertInto("newsletter_subscriptions").values(people).execute();

    /** A logical clock: when each suppression or departure was done, when each send began. */
    let tick = 0;
    const goneAt = new Map<string, number>();
    const began = new Map<string, number>();
    let ref = 0;
    const returned = (type: ReturnedMail["type"], who: number, campaignId?: string) =>
      recordReturnedMail(db, {
        source: "smtp",
        sourceRef: `r${ref++}`,
        type,
        email: people[who]!.email,
        // Inbound reports name the copy by its tag once there is a campaign.
        ...(campaignId
          ? {
              tag: {
                kind: "c" as const,
                subscriptionId: people[who]!.id,
                refPrefix: campaignId.replace(/-/g, "").slice(0, 16),
              },
            }
          : {}),
        status: null,
        detail: type,
        at: new Date(),
      });
    const stop = (who: number) => {
      const email = people[who]!.email;
      if (!goneAt.has(email)) goneAt.set(email, tick++);
    };

    for (const who of suppressedFirst) {
      await returned("hard-bounce", who);
      stop(who);
    }
    const change = { accountId: randomUUID(), at: new Date().toISOString() };
    const campaignId = await db.transaction().execute(async (trx) => {
      const id = await createCampaign(trx, { subject: "News", markdown: "Hi" }, change);
      await sendCampaign(trx, id, undefined, change);
      return id;
    });

    const transport = recordingTransport();
    const deliverers = campaignDeliverers({
      db,
      transport,
      deliverability: {},
      publicUrl: "https://site.test",
    });
    const campaign: Deliverer = (payload, id, lead) => {
      began.set(id, tick++);
      return deliverers[CAMPAIGN_KIND](payload, id, lead);
    };
    const workers = [0, 1].map(() =>
      createOutboxWorker({
        db,
        transport,
        deliverers: { [CAMPAIGN_KIND]: campaign },
        tasks: [(at) => runCampaigns(db, at)],
        log,
        pollMs: 60_000,
        maxAttempts: 3,
      }),
    );

    const act = async (s: Step) => {
      if (s.t === "run") return void (await workers[s.worker]!.runOnce());
      if (s.t === "unsubscribe") await unsubscribe(db, people[s.who]!.unsubscribe_token);
      else await returned(s.t, s.who, campaignId);
      if (s.t !== "soft-bounce") stop(s.who);
    };
    for (const batch of batches) await Promise.all(batch.map(act));
    // Then until nothing is left to send.
    while ((await workers[0]!.runOnce()) + (await workers[1]!.runOnce()) > 0);

    const sent = transport.sent.map((m) => m.to);
    expect(new Set(sent).size, "nobody gets two copies").toBe(sent.length);
    const idOf = (email: string) => `${campaignId}.${people.find((p) => p.email === email)!.id}`;
    for (const email of sent) {
      const gone = goneAt.get(email);
      expect(gone === undefined || gone > (began.get(idOf(email)) ?? -1), email).toBe(true);
    }
    for (const who of suppressedFirst) expect(sent).not.toContain(people[who]!.email);

    const report = (await readCampaign(db, campaignId))!;
    expect(report.recipients).toBe(PEOPLE);
    expect(Object.values(report.states).reduce((a, b) => a + b, 0)).toBe(PEOPLE);
    expect(report.states.queued + report.states.deferred).toBe(0);
    const listed = [];
    for await (const recipient of campaignRecipients(db, campaignId, change.at)) {
      listed.push(recipient);
    }
    expect(listed.map((r) => r.email).sort()).toEqual(people.map((p) => p.email).sort());
    for (const state of Object.keys(report.states) as (keyof typeof report.states)[]) {
      expect(listed.filter((r) => r.state === state).length, state).toBe(report.states[state]);
    }
  }

  it("holds for any interleaving", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.nat(PEOPLE - 1), { maxLength: 2 }),
        fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        scenario,
      ),
      fuzzRuns(30),
    );
  }, 120_000);
});
