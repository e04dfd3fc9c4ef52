import { describe, expect, it } from "vitest";
import { apiPaths } from "../../../common/paths";
import { saveContact } from "../../leads/store";
import { confirmSubscription, unsubscribe } from "../subscribers/lifecycle";
import { contactNotification } from "../../mail/emails/contact-notification";
import { readReturnAddress } from "./return-path";
import { recordReturnedMail } from "./returns";
import { returnEffects } from "../../mail/deliveries";
import { returnToListener } from "./inbound/inbound.testing";
import { startInboundListener } from "./inbound/listener";
import { dsnMessage } from "./inbound/report-samples.testing";
import {
  postJson,
  sampleContact,
  subscriptionRow,
  testConfig,
  testDialects,
} from "../../testing/lead-api";
import { auditOf, csvLines } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { BOUNCE_TAG_HEADER } from "../subscriber-mail";
import { campaignsApi } from "../../../staff-api/newsletter";
import { newCampaign, onlyConfirmed } from "../campaigns/campaigns.testing";

// Suppression applied to subscriber mail: at the queue and again at the send, with the return
// path that brings bounces back, and every recipient accounted for in the report and its CSV.

const inbound = { domain: "bounces.site.test", secret: "b".repeat(32) };

describe.each(testDialects)("suppression on $name", ({ url }) => {
  const api = useStaffApi(url, { config: { deliverability: { inbound } } });

  const confirmed = (...emails: string[]) => onlyConfirmed(api, ...emails);
  /** A campaign sent to everyone; its id. */
  const sendCampaign = (cookie: string, subject: string) => newCampaign(api, cookie, subject);

  async function states(cookie: string, id: string) {
    const res = await api.as(cookie).call(campaignsApi.get, { params: { id } });
    return res.json() as { recipients: number; states: Record<string, number> };
  }

  async function recipientsCsv(cookie: string, id: string) {
    const res = await api.as(cookie).call(campaignsApi.recipientsCsv, { params: { id } });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = csvLines(res);
    expect(header).toBe("email,state,at,detail");
    // No cell here holds a comma: the details are diagnostics and dates.
    return rows.map((row) => {
      const [email, state, at, detail] = row.split(",");
      return { email, state, at, detail };
    });
  }

  it("a hard bounce keeps a subscriber out of the next campaign; the CSV lists each once", async () => {
    const [ama, kofi, esi] = await confirmed(
      "ama@example.com",
      "kofi@example.com",
      "esi@example.com",
    );
    const { cookie, account } = await signedInStaff(api, "mkt@example.com", "marketing");
    const first = await sendCampaign(cookie, "November news");
    await api.outbox.runOnce();
    await api.outbox.runOnce();
    expect(api.transport.sent.map((m) => m.to).sort()).toEqual(
      [ama, esi, kofi].map((s) => s!.email).sort(),
    );

    // Each copy carries its own return path, and the tag Postmark hands back.
    const toKofi = api.transport.sent.find((m) => m.to === kofi!.email);
    const tag = readReturnAddress(inbound, toKofi?.envelopeFrom ?? "");
    expect(tag).toMatchObject({ kind: "c", subscriptionId: kofi!.id });
    expect(toKofi?.envelopeFrom).toBe(
      `bounce+${toKofi?.headers?.[BOUNCE_TAG_HEADER]}@${inbound.domain}`,
    );

    // The receiving server's bounce comes back to that address, through the inbound listener.
    const listener = await startInboundListener({
      db: api.db,
      effects: returnEffects(testConfig()),
      inbound,
      host: "127.0.0.1",
      port: 0,
      log: { info() {}, warn() {} },
    });
    try {
      const returnPath = toKofi?.envelopeFrom ?? "";
      const report = dsnMessage({
        to: returnPath,
        recipients: [
          {
            email: kofi!.email,
            action: "failed",
            status: "5.1.1",
            diagnostic: "550 5.1.1 <kofi@example.com>: user unknown",
          },
        ],
      });
      await returnToListener(listener.port, returnPath, report);
    } finally {
      await listener.close();
    }
    expect((await states(cookie, first)).states).toMatchObject({ sent: 2, "hard-bounced": 1 });

    api.transport.sent.length = 0;
    const second = await sendCampaign(cookie, "December news");
    await api.outbox.runOnce();
    await api.outbox.runOnce();
    expect(api.transport.sent.map((m) => m.to).sort()).toEqual([ama!.email, esi!.email].sort());
    const report = await states(cookie, second);
    expect(report.recipients).toBe(3);
    expect(report.states).toMatchObject({ sent: 2, suppressed: 1, queued: 0 });

    const rows = await recipientsCsv(cookie, second);
    expect(rows.map((r) => r.email).sort()).toEqual([ama, esi, kofi].map((s) => s!.email).sort());
    expect(rows.find((r) => r.email === kofi!.email)).toMatchObject({
      state: "suppressed",
      detail: expect.stringContaining("user unknown"),
    });
    expect((await recipientsCsv(cookie, first)).find((r) => r.email === kofi!.email)).toMatchObject(
      {
        state: "hard-bounced",
        detail: expect.stringContaining("550 5.1.1 <kofi@example.com>: user unknown"),
      },
    );
    const audit = await auditOf(api, account.id, "campaign.recipients-export");
    expect(JSON.parse(audit.at(-1)?.detail ?? "{}")).toMatchObject({ campaign: first, rows: 3 });
  });

  it("checks again at the send: a copy queued before its address was suppressed stays unsent", async () => {
    const [ama, kofi, esi] = await confirmed(
      "ama@example.com",
      "kofi@example.com",
      "esi@example.com",
    );
    const { cookie } = await signedInStaff(api, "mkt@example.com", "marketing");
    const id = await sendCampaign(cookie, "November news");
    // After the copies were made, before they go: one address bounces elsewhere, one leaves.
    await recordReturnedMail(api.db, {
      source: "postmark",
      sourceRef: "pm-1",
      type: "hard-bounce",
      email: ama!.email,
      status: "5.1.1",
      detail: "mailbox does not exist",
      at: api.clock.now,
    });
    await unsubscribe(api.db, kofi!.unsubscribe_token);
    await api.outbox.runOnce();
    await api.outbox.runOnce();
    expect(api.transport.sent.map((m) => m.to)).toEqual([esi!.email]);
    const report = await states(cookie, id);
    expect(report.states).toMatchObject({ sent: 1, suppressed: 1, unsubscribed: 1 });
    expect(Object.values(report.states).reduce((a, b) => a + b, 0)).toBe(report.recipients);
  });

  it("queues no confirmation for a suppressed address, and answers the sign-up as any other", async () => {
    await confirmed();
    await recordReturnedMail(api.db, {
      source: "ses",
      sourceRef: "ses-1",
      type: "complaint",
      email: "yaw@example.com",
      status: null,
      detail: "abuse",
      at: api.clock.now,
    });
    const suppressed = await postJson(api.app, apiPaths.subscribe, { email: "yaw@example.com" });
    const other = await postJson(api.app, apiPaths.subscribe, { email: "abena@example.com" });
    expect(suppressed.statusCode).toBe(202);
    expect(suppressed.body).toBe(other.body);
    const queued = await api.db
      .selectFrom("outbox")
      .innerJoin("newsletter_subscriptions", "newsletter_subscriptions.id", "outbox.lead_id")
      .select("newsletter_subscriptions.email")
      .where("outbox.kind", "=", "newsletter-confirmation")
      .execute();
    expect(queued.map((q) => q.email)).toEqual(["abena@example.com"]);
    api.advance(60_000); // the sign-up queued it at the real time, after the clock's
    await api.outbox.runOnce();
    const confirmation = api.transport.sent.find((m) => m.to === "abena@example.com");
    expect(confirmation?.envelopeFrom).toMatch(/^bounce\+m[a-z2-7]+@bounces\.site\.test$/);
  });

  it("a refusal while sending: 5xx bounces a subscriber's copy for good, 4xx and staff mail retry", async () => {
    const [ama, kofi] = await confirmed("ama@example.com", "kofi@example.com");
    const { cookie } = await signedInStaff(api, "mkt@example.com", "marketing");
    await saveContact(api.db, sampleContact, {
      notify: (at) => contactNotification(sampleContact, at, "sales@site.test"),
    });
    const id = await sendCampaign(cookie, "November news");
    api.advance(60_000); // the contact was stored at the real time
    const refusing = (code: number, text: string) =>
      Object.assign(new Error(`Can't send mail: ${text}`), { responseCode: code, response: text });
    api.transport.failWith = refusing(550, "550 5.1.1 <someone@example.com>: no such user");
    const send = api.transport.send.bind(api.transport);
    // Kofi's mailbox is full (4xx); Ama's does not exist (5xx), as does the sales inbox today.
    api.transport.send = async (message, outboxId) => {
      if (message.to === kofi!.email) throw refusing(452, "452 4.2.2 mailbox full");
      return send(message, outboxId);
    };
    await api.outbox.runOnce();
    api.transport.failWith = null;
    api.transport.send = send;

    // Bounced, not failed: "send the failed copies again" has nothing to retry.
    expect(await states(cookie, id)).toMatchObject({
      failed: 0,
      states: { "hard-bounced": 1, deferred: 1, failed: 0 },
    });
    const events = await api.db.selectFrom("mail_events").selectAll().execute();
    expect(events).toMatchObject([
      { source: "send", type: "hard-bounce", email: ama!.email, status: "5.1.1" },
    ]);
    const contact = await api.db
      .selectFrom("outbox")
      .select(["status", "attempts", "outcome"])
      .where("kind", "=", "contact")
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ status: "pending", attempts: 1, outcome: null });
  });

  it("queues no welcome e-mail for a subscriber whose address was suppressed meanwhile", async () => {
    await confirmed();
    const pending = subscriptionRow("esi@example.com", "pending", api.clock.now.toISOString());
    await api.db.insertInto("newsletter_subscriptions").values(pending).execute();
    await recordReturnedMail(api.db, {
      source: "postmark",
      sourceRef: "pm-2",
      type: "hard-bounce",
      email: pending.email,
      status: "5.1.1",
      detail: "no such user",
      at: api.clock.now,
    });
    const welcome = async () => ({
      to: pending.email,
      subject: "Welcome",
      text: "",
      html: "",
      params: {},
    });
    expect(await confirmSubscription(api.db, pending.confirm_token, { welcome })).toBe("confirmed");
    const queued = await api.db.selectFrom("outbox").select("kind").execute();
    expect(queued.map((q) => q.kind)).not.toContain("newsletter-welcome");
  });
});
