import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/database";
import { createDeliveries } from "../../mail/deliveries";
import { BRAKE_ALERT_KIND } from "./brake";
import { type TestSmtp, testSmtp } from "../../mail/smtp.testing";
import { createTransport } from "../../mail/transports";
import { addAccount } from "../../staff/accounts/accounts";
import { subscriptionRow, testConfig, useTestDatabase, testDialects } from "../../testing/lead-api";
import { readCampaign } from "../campaigns/campaign-reports";
import { changeCampaign, sendCampaign } from "../campaigns/campaign-sending";
import { createCampaign } from "../campaigns/campaigns";

// The brake, end to end: a campaign to 1,000 subscribers through a real mail server that refuses
// one recipient in twenty at RCPT stops itself early, says why, and alerts the team.

const RECIPIENTS = 1_000;
/** Every twentieth address does not exist: 5 %, over the 2 % limit. */
const refused = (email: string) => Number(/\d+/.exec(email)?.[0]) % 20 === 7;

/** A mail server that refuses the unknown recipients with 550 5.1.1. */
const refusingSmtp = () =>
  testSmtp({ refuse: (email) => (refused(email) ? "5.1.1 <mailbox> does not exist" : undefined) });
/** The recipients it took mail for. */
const accepted = (smtp: TestSmtp) => smtp.received.flatMap((mail) => mail.to);

describe.each(testDialects)("the brake on $name", ({ url }) => {
  let db: DB;
  let smtp: TestSmtp;
  useTestDatabase(url, (opened) => (db = opened), { once: true });
  beforeAll(async () => {
    smtp = await refusingSmtp();
  });
  afterAll(() => smtp?.close());

  it("pauses a campaign bouncing hard before 300 sends, says why, alerts the team", async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    const rows = Array.from({ length: RECIPIENTS }, (_, i) =>
      subscriptionRow(`reader-${i}@example.com`, "confirmed", at),
    );
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insertInto("newsletter_subscriptions")
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const now = new Date();
    const team: { id: string }[] = [];
    for (const [email, role] of [
      ["mkt@example.com", "marketing"],
      ["admin@example.com", "admin"],
      ["sales@example.com", "sales"],
    ] as const) {
      team.push((await addAccount(db, { email, role }, { via: "test", now })).account);
    }
    const change = { accountId: team[0]!.id, at: now.toISOString() };
    const id = await db.transaction().execute(async (trx) => {
      const id = await createCampaign(trx, { subject: "Rates", markdown: "Hello" }, change);
      await sendCampaign(trx, id, undefined, change);
      return id;
    });

    const config = testConfig({
      newsletter: { sendPerMinute: 100_000 },
      alerts: { slackUrl: "https://hooks.slack.test/x" },
    });
    const from = "News <news@site.test>";
    const transport = createTransport(
      { transport: "smtp", url: `smtp://127.0.0.1:${smtp.port}` },
      from,
    );
    const outbox = createDeliveries(
      { db, transport, config },
      { log: { info() {}, warn() {}, error() {} }, pollMs: 60_000 },
    );
    try {
      for (let run = 0; run < 40; run++) {
        await outbox.runOnce();
        const campaign = await readCampaign(db, id);
        if (campaign?.status === "paused") break;
      }
    } finally {
      transport.close();
    }

    const campaign = await readCampaign(db, id);
    expect(campaign?.status).toBe("paused");
    const copies = accepted(smtp).filter((to) => to.startsWith("reader-"));
    expect(copies.length).toBeGreaterThanOrEqual(190);
    expect(copies.length).toBeLessThan(300);
    expect(campaign?.autoPaused).toMatch(
      /^Paused by the brake at \d\d:\d\d Accra time: \d+ of \d+ copies \([\d.]+ %\) bounced hard, above the 2 % limit\. Check the list's source before resuming\.$/,
    );
    // Every recipient is in one state, and those not tried yet wait, held.
    const states = campaign!.states;
    expect(Object.values(states).reduce((a, b) => a + b, 0)).toBe(RECIPIENTS);
    expect(states["hard-bounced"]).toBeGreaterThan(4);
    expect(states.sent).toBe(copies.length);
    expect(states.queued).toBe(RECIPIENTS - states.sent - states["hard-bounced"]);

    const alerts = await db
      .selectFrom("outbox")
      .select(["kind", "lead_id", "payload"])
      .where("kind", "in", [BRAKE_ALERT_KIND, "slack"])
      .execute();
    const mailed = alerts.filter((a) => a.kind === BRAKE_ALERT_KIND);
    expect(mailed.map((a) => JSON.parse(a.payload).to).sort()).toEqual([
      "admin@example.com",
      "mkt@example.com",
    ]);
    expect(JSON.parse(mailed[0]!.payload).text).toContain(campaign!.autoPaused);
    // The team's mail is not subscriber mail: it went out in the same runs, through the brake.
    expect(
      accepted(smtp)
        .filter((to) => !to.startsWith("reader-"))
        .sort(),
    ).toEqual(["admin@example.com", "mkt@example.com"]);
    expect(alerts.filter((a) => a.kind === "slack")).toHaveLength(1);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_id"])
      .where("record_id", "=", id)
      .where("action", "=", "campaign.auto-paused")
      .execute();
    expect(audit).toEqual([{ action: "campaign.auto-paused", actor_id: null }]);

    // Resuming sets the brake anew: it judges only what is sent from then on.
    const resumed = await db
      .transaction()
      .execute((trx) =>
        changeCampaign(trx, id, "resume", { accountId: team[0]!.id, at: new Date().toISOString() }),
      );
    expect(resumed).toEqual({ status: "sending" });
    const after = await readCampaign(db, id);
    expect(after).toMatchObject({ status: "sending", autoPaused: null, waiting: states.queued });
  }, 120_000);
});
