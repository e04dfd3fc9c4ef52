import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { apiPaths, newsletterLinkPaths } from "../../../common/paths";
import { createDeliveries } from "../../mail/deliveries";
import type { SubscriptionStatus } from "../../db/schema";
import { recordingTransport, subscriptionRow, testConfig } from "../../testing/lead-api";
import { testDialects } from "../../db/testing/databases";
import { unchecked, ANY_VERSION } from "../../testing/staff-client";
import { STAFF_SITE, signedInStaff, useStaffApi } from "../../testing/staff-api";
import { campaignsApi } from "../../../staff-api/newsletter";
import { sendAsIs } from "./campaigns.testing";

// Campaigns through the API and the outbox: who gets a copy, what it carries, pause, resume,
// cancel, scheduling, the send rate, and two instances sharing one database.
describe.each(testDialects)("newsletter campaigns on $name", ({ url }) => {
  const api = useStaffApi(url);
  const draft = {
    subject: "November news",
    markdown: "Hello **friends**.\n\n[Our services](https://example.com/s)",
  };

  /** Subscribers stored directly, in the given states; returns their addresses by state. */
  async function subscribers(counts: Partial<Record<SubscriptionStatus, number>>) {
    await api.db.deleteFrom("newsletter_subscriptions").execute();
    await api.db.deleteFrom("newsletter_campaigns").execute();
    const byStatus: Record<string, string[]> = {};
    const at = new Date(api.clock.now.getTime() - 60_000).toISOString();
    for (const [status, count] of Object.entries(counts) as [SubscriptionStatus, number][]) {
      const rows = Array.from({ length: count }, (_, i) => {
        const email = `${status}-${i}@example.com`;
        (byStatus[status] ??= []).push(email);
        return subscriptionRow(email, status, at);
      });
      if (rows.length) await api.db.insertInto("newsletter_subscriptions").values(rows).execute();
    }
    return byStatus;
  }

  async function marketing() {
    return (await signedInStaff(api, `mkt-${randomUUID()}@example.com`, "marketing")).cookie;
  }

  async function newCampaign(cookie: string) {
    const created = await api.as(cookie).call(campaignsApi.create, { body: draft });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }

  const report = async (cookie: string, id: string) =>
    (await api.as(cookie).call(campaignsApi.get, { params: { id } })).json();
  const copiesTo = (email: string) => api.transport.sent.filter((m) => m.to === email);

  it("sends one copy to each confirmed subscriber, with their own unsubscribe links", async () => {
    const people = await subscribers({ confirmed: 3, pending: 2, unsubscribed: 2 });
    const cookie = await marketing();
    const id = await newCampaign(cookie);
    expect(await report(cookie, id)).toMatchObject({
      status: "draft",
      audience: 3,
      recipients: 0,
      html: expect.stringContaining("<strong>friends</strong>"),
    });

    const sent = await sendAsIs(api, cookie, id);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ status: "sending" });
    await api.outbox.runOnce();
    await api.outbox.runOnce(); // the run after the last copy marks the campaign sent

    expect(api.transport.sent.map((m) => m.to).sort()).toEqual(people.confirmed);
    for (const email of people.confirmed ?? []) {
      const { unsubscribe_token: token } = await api.db
        .selectFrom("newsletter_subscriptions")
        .select("unsubscribe_token")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      const [copy] = copiesTo(email);
      expect(copy?.subject).toBe("November news");
      expect(copy?.html).toContain("<strong>friends</strong>");
      expect(copy?.html).toContain(`${newsletterLinkPaths.unsubscribe}?token=${token}`);
      expect(copy?.text).toContain(`${newsletterLinkPaths.unsubscribe}?token=${token}`);
      expect(copy?.headers).toEqual({
        "List-Unsubscribe": `<${STAFF_SITE}${apiPaths.oneClickUnsubscribe}?token=${token}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Feedback-ID": `${id}:campaign:newsletter:localhost`,
      });
    }
    expect(await report(cookie, id)).toMatchObject({
      status: "sent",
      recipients: 3,
      sent: 3,
      failed: 0,
      waiting: 0,
    });

    // A sent campaign cannot be changed, sent again, paused or cancelled.
    for (const [endpoint, body] of [
      [campaignsApi.update, draft],
      [campaignsApi.send, {}],
      [campaignsApi.pause, {}],
      [campaignsApi.resume, {}],
      [campaignsApi.cancel, {}],
    ] as const) {
      const res = await api
        .as(cookie)
        .call(endpoint, { params: { id }, body: unchecked(body), headers: ANY_VERSION });
      expect(res.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(409);
      expect(res.json().error).toBe("This campaign has been sent.");
    }
    const list = await api.as(cookie).call(campaignsApi.list);
    expect(list.json().items).toMatchObject([{ id, status: "sent", recipients: 3, sent: 3 }]);

    const audit = await api.db
      .selectFrom("audit_log")
      .select("action")
      .where("record_id", "=", id)
      .orderBy("at")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["campaign.created", "campaign.sent"]);
  });

  it("sends a test copy to the member of staff only, without a working unsubscribe", async () => {
    await subscribers({ confirmed: 2 });
    const { cookie } = await signedInStaff(api, "writer@example.com", "marketing");
    const id = await newCampaign(cookie);
    const test = await api.as(cookie).call(campaignsApi.test, { params: { id }, body: {} });
    expect(test.statusCode, test.body).toBe(202);
    await api.outbox.runOnce();
    expect(api.transport.sent.map((m) => m.to)).toEqual(["writer@example.com"]);
    const [copy] = api.transport.sent;
    expect(copy?.subject).toBe("[Test] November news");
    expect(copy?.headers).toEqual({});
    expect(copy?.html).not.toContain("?token=");
    expect((await report(cookie, id)).status).toBe("draft");
  });

  it("refuses bad drafts, unknown campaigns, and sending to nobody", async () => {
    await subscribers({ pending: 1 });
    const cookie = await marketing();
    const empty = await api.as(cookie).call(campaignsApi.create, {
      body: {
        subject: " ",
        markdown: "x",
      },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/subject/i);
    for (const id of ["nope", randomUUID()]) {
      expect((await api.as(cookie).call(campaignsApi.get, { params: { id } })).statusCode).toBe(
        404,
      );
      expect((await sendAsIs(api, cookie, id)).statusCode).toBe(404);
    }
    const id = await newCampaign(cookie);
    const nobody = await sendAsIs(api, cookie, id);
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().error).toMatch(/no confirmed subscribers/);
    const badDate = await sendAsIs(api, cookie, id, { at: "soon" });
    expect(badDate.statusCode).toBe(400);
  });

  it("pauses, resumes and cancels, holding and dropping the copies not yet sent", async () => {
    const people = await subscribers({ confirmed: 4 });
    const cookie = await marketing();
    const id = await newCampaign(cookie);
    await sendAsIs(api, cookie, id);
    const paused = await api.as(cookie).call(campaignsApi.pause, { params: { id }, body: {} });
    expect(paused.json()).toEqual({ status: "paused" });
    expect(
      (await api.as(cookie).call(campaignsApi.pause, { params: { id }, body: {} })).statusCode,
    ).toBe(409);
    expect(
      (
        await api
          .as(cookie)
          .call(campaignsApi.update, { headers: ANY_VERSION, params: { id }, body: draft })
      ).statusCode,
    ).toBe(409);
    await api.outbox.runOnce();
    expect(api.transport.sent).toEqual([]);
    expect(await report(cookie, id)).toMatchObject({ status: "paused", waiting: 4, sent: 0 });

    expect(
      (await api.as(cookie).call(campaignsApi.resume, { params: { id }, body: {} })).json(),
    ).toEqual({
      status: "sending",
    });
    await api.outbox.runOnce();
    await api.outbox.runOnce();
    expect(api.transport.sent.map((m) => m.to).sort()).toEqual(people.confirmed);
    expect((await report(cookie, id)).status).toBe("sent");

    const other = await newCampaign(cookie);
    await sendAsIs(api, cookie, other);
    expect(
      (await api.as(cookie).call(campaignsApi.cancel, { params: { id: other }, body: {} })).json(),
    ).toEqual({
      status: "cancelled",
    });
    api.transport.sent.length = 0;
    await api.outbox.runOnce();
    expect(api.transport.sent).toEqual([]);
    expect(await report(cookie, other)).toMatchObject({
      status: "cancelled",
      recipients: 4,
      sent: 0,
    });
    const resumed = await api
      .as(cookie)
      .call(campaignsApi.resume, { params: { id: other }, body: {} });
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().error).toBe("This campaign was cancelled.");
  });

  it("skips a subscriber who left after it started, and reports them", async () => {
    const people = await subscribers({ confirmed: 3 });
    const cookie = await marketing();
    const id = await newCampaign(cookie);
    await sendAsIs(api, cookie, id);
    const leaver = people.confirmed?.[1] as string;
    const { unsubscribe_token: token } = await api.db
      .selectFrom("newsletter_subscriptions")
      .select("unsubscribe_token")
      .where("email", "=", leaver)
      .executeTakeFirstOrThrow();
    api.advance(1000);
    const left = await api.app.inject({
      method: "POST",
      url: `${apiPaths.oneClickUnsubscribe}?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(left.statusCode, left.body).toBe(200);
    await api.outbox.runOnce();
    await api.outbox.runOnce();
    expect(copiesTo(leaver)).toEqual([]);
    expect(api.transport.sent).toHaveLength(2);
    expect(await report(cookie, id)).toMatchObject({
      status: "sent",
      recipients: 3,
      sent: 2,
      unsubscribedSince: 1,
    });
  });

  it("starts a scheduled campaign when it is due, once, whichever instance gets there", async () => {
    const people = await subscribers({ confirmed: 5 });
    const cookie = await marketing();
    const id = await newCampaign(cookie);
    const at = new Date(api.clock.now.getTime() + 3_600_000).toISOString();
    const scheduled = await sendAsIs(api, cookie, id, { at });
    expect(scheduled.json()).toEqual({ status: "scheduled" });
    expect(await report(cookie, id)).toMatchObject({ status: "scheduled", scheduledAt: at });
    // Still editable until it starts.
    const edited = await api.as(cookie).call(campaignsApi.update, {
      headers: ANY_VERSION,
      params: { id },
      body: {
        ...draft,
        subject: "December news",
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await api.outbox.runOnce();
    expect(api.transport.sent).toEqual([]);

    api.advance(3_600_000);
    const second = createDeliveries(
      { db: api.db, transport: api.transport, config: testConfig({ publicUrl: STAFF_SITE }) },
      { log: { info() {}, warn() {}, error() {} }, pollMs: 60_000, now: () => api.clock.now },
    );
    await Promise.all([api.outbox.runOnce(), second.runOnce()]);
    await Promise.all([api.outbox.runOnce(), second.runOnce()]);
    expect(api.transport.sent.map((m) => m.to).sort()).toEqual(people.confirmed);
    expect(new Set(api.transport.sent.map((m) => m.subject))).toEqual(new Set(["December news"]));
    // An hour later the session has ended: read the report signed in afresh.
    expect(await report(await marketing(), id)).toMatchObject({
      status: "sent",
      recipients: 5,
      sent: 5,
    });
  });

  it("keeps to the send rate, counting what every instance sent in the last minute", async () => {
    await subscribers({ confirmed: 6 });
    const cookie = await marketing();
    const id = await newCampaign(cookie);
    const config = testConfig({ publicUrl: STAFF_SITE, newsletter: { sendPerMinute: 2 } });
    const quiet = { info() {}, warn() {}, error() {} };
    const transport = recordingTransport();
    const [one, two] = [1, 2].map(() =>
      createDeliveries(
        { db: api.db, transport, config },
        { log: quiet, pollMs: 60_000, now: () => api.clock.now },
      ),
    );
    await sendAsIs(api, cookie, id);
    await one!.runOnce();
    await two!.runOnce();
    expect(transport.sent).toHaveLength(2);
    api.advance(30_000);
    await one!.runOnce();
    await two!.runOnce();
    expect(transport.sent).toHaveLength(2); // the minute is not over
    api.advance(31_000);
    await one!.runOnce();
    await two!.runOnce();
    expect(transport.sent).toHaveLength(4);
  });

  it("lets other mail go first, and counts a copy the mail server keeps refusing as failed", async () => {
    await subscribers({ confirmed: 60 }); // more than one run takes
    const cookie = await marketing();
    const id = await newCampaign(cookie);
    const quiet = { info() {}, warn() {}, error() {} };
    const transport = recordingTransport();
    const worker = createDeliveries(
      {
        db: api.db,
        transport,
        config: testConfig({ publicUrl: STAFF_SITE, newsletter: { sendPerMinute: 100_000 } }),
      },
      { log: quiet, pollMs: 60_000, retryBaseMs: 1_000, now: () => api.clock.now },
    );
    await sendAsIs(api, cookie, id);
    api.advance(1000);
    // Queued after the campaign's 60 copies, the test copy still goes in the first run.
    await api.as(cookie).call(campaignsApi.test, { params: { id }, body: {} });
    transport.failWith = new Error("mailbox unavailable");
    await worker.runOnce();
    expect(transport.sent).toEqual([]);
    transport.failWith = null;
    const testCopy = await api.db
      .selectFrom("outbox")
      .select(["status", "attempts"])
      .where("kind", "=", "campaign-test")
      .executeTakeFirstOrThrow();
    expect(testCopy).toEqual({ status: "pending", attempts: 1 });

    transport.failWith = new Error("mailbox unavailable");
    for (let i = 0; i < 6; i++) {
      api.advance(61_000);
      await worker.runOnce();
    }
    transport.failWith = null;
    api.advance(61_000);
    await worker.runOnce();
    const again = await marketing();
    expect(await report(again, id)).toMatchObject({
      status: "sent",
      recipients: 60,
      sent: 0,
      failed: 60,
    });

    // Once the mail server is back, the failed copies can be sent again, once.
    const retry = await api.as(again).call(campaignsApi.retry, { params: { id }, body: {} });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual({ status: "sending", retried: 60 });
    for (let i = 0; i < 3; i++) {
      api.advance(1000);
      await worker.runOnce();
    }
    expect(new Set(transport.sent.map((m) => m.to)).size).toBe(60);
    expect(transport.sent).toHaveLength(60);
    expect(await report(again, id)).toMatchObject({ status: "sent", sent: 60, failed: 0 });
    const none = await api.as(again).call(campaignsApi.retry, { params: { id }, body: {} });
    expect(none.statusCode).toBe(409);
  });

  it("never gives anyone two copies when two instances send at once", async () => {
    const people = await subscribers({ confirmed: 120 });
    const cookie = await marketing();
    const id = await newCampaign(cookie);
    const config = testConfig({ publicUrl: STAFF_SITE, newsletter: { sendPerMinute: 100_000 } });
    const quiet = { info() {}, warn() {}, error() {} };
    const transport = recordingTransport();
    const workers = [1, 2].map(() =>
      createDeliveries(
        { db: api.db, transport, config },
        { log: quiet, pollMs: 60_000, now: () => api.clock.now },
      ),
    );
    await sendAsIs(api, cookie, id);
    for (let i = 0; i < 6; i++) {
      api.advance(1000);
      await Promise.all(workers.map((w) => w.runOnce()));
    }
    const to = transport.sent.map((m) => m.to);
    expect(to).toHaveLength(120);
    expect(new Set(to).size).toBe(120);
    expect(to.sort()).toEqual(people.confirmed?.sort());
    expect(await report(cookie, id)).toMatchObject({ status: "sent", sent: 120 });
  });
});
