import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiPaths, newsletterLinkPaths } from "../../common/paths";
import { type AlertsConfig, loadConfig } from "../config";
import type { DB } from "../db/database";
import type { OutboxKind } from "../db/schema";
import type { OutboxWorker } from "../mail/outbox";
import { retryOutbox } from "../mail/outbox-routes";
import {
  emptyLeadTables,
  postJson,
  recordingTransport,
  sampleContact,
  sampleDemo,
  subscriptionRow,
  testApp,
  testDatabase,
  testDialects,
  testOutbox,
} from "../testing/lead-api";
import { slackText } from "./alerts";
import { alertDeliverers } from "./deliver";
import { webhookHeaders } from "./signature";

// Slack messages and signed webhooks: stored with the change they announce, delivered by the
// outbox with retries, checked here by an independent verifier (the standardwebhooks package).

// A secret as `openssl rand -base64 32` makes one: the server refuses text (server/config.ts).
const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const SITE = "https://site.test";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on a free port: records every post; answers 500 while `failures` lasts. */
async function startReceiver() {
  const receiver = {
    received: [] as Received[],
    failures: 0,
    url: "",
    server: undefined as Server | undefined,
  };
  receiver.server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      receiver.received.push({ path: request.url ?? "", headers: request.headers, body });
      if (receiver.failures > 0) {
        receiver.failures -= 1;
        response.writeHead(500).end("down");
      } else response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.server?.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  return receiver;
}

it("signs the way Standard Webhooks receivers verify", () => {
  const body = JSON.stringify({ type: "lead.created", data: { a: 1 } });
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = webhookHeaders({ id: "msg_1", timestamp, body, secret: SECRET });
  expect(new Webhook(SECRET).verify(body, headers)).toEqual(JSON.parse(body));
  // Another body, or another secret, does not verify.
  expect(() => new Webhook(SECRET).verify(`${body} `, headers)).toThrow();
  const other = `whsec_${Buffer.from("another secret, also 32 bytes!!").toString("base64")}`;
  expect(() => new Webhook(other).verify(body, headers)).toThrow();
});

it("keeps Slack's markup out of names", () => {
  expect(slackText("<!channel> & <https://x|y>")).toBe(
    "&lt;!channel&gt; &amp; &lt;https://x|y&gt;",
  );
});

describe("the alert settings", () => {
  const base = { DATA_DIR: "/tmp/unused" };
  it("accepts a Slack URL, and a webhook URL with its whsec_ secret", () => {
    const config = loadConfig({
      ...base,
      SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/X",
      WEBHOOK_URL: "https://crm.example.com/hooks",
      WEBHOOK_SECRET: SECRET,
    });
    expect(config.alerts).toEqual({
      slackUrl: "https://hooks.slack.com/services/T/B/X",
      webhook: { url: "https://crm.example.com/hooks", secret: SECRET },
    });
    expect(loadConfig(base).alerts).toEqual({ slackUrl: undefined, webhook: undefined });
  });
  it("refuses a webhook without a secret, a malformed secret and a URL that is not http(s)", () => {
    expect(() => loadConfig({ ...base, WEBHOOK_URL: "https://crm.example.com" })).toThrow(
      /WEBHOOK_SECRET: is required when WEBHOOK_URL is set/,
    );
    expect(() =>
      loadConfig({ ...base, WEBHOOK_URL: "https://crm.example.com", WEBHOOK_SECRET: "secret" }),
    ).toThrow(/WEBHOOK_SECRET: must be whsec_/);
    expect(() => loadConfig({ ...base, SLACK_WEBHOOK_URL: "ftp://hooks.example.com" })).toThrow(
      /SLACK_WEBHOOK_URL/,
    );
  });
});

describe.each(testDialects)("alerts on $name", ({ url }) => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let db: DB;
  let app: FastifyInstance;
  let outbox: OutboxWorker;
  let alerts: AlertsConfig;
  // The worker's clock; leads are stored at the real time, so it is never behind it (a loaded
  // machine can take longer than any head start between storing and delivering).
  const clock = { now: new Date() };
  const now = () => new Date(Math.max(clock.now.getTime(), Date.now()));
  const later = (ms: number) => (clock.now = new Date(now().getTime() + ms));

  const workerFor = (database: DB) =>
    testOutbox(database, recordingTransport(), {
      deliverers: alertDeliverers(alerts, { now, timeoutMs: 5_000 }),
      retryBaseMs: 30_000,
      now,
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    alerts = {
      slackUrl: `${receiver.url}/slack`,
      webhook: { url: `${receiver.url}/crm`, secret: SECRET },
    };
    db = await testDatabase(url);
    outbox = workerFor(db);
    app = await testApp(db, { config: { publicUrl: SITE, alerts }, outbox });
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    receiver.server?.close();
  });
  beforeEach(async () => {
    clock.now = new Date(Date.now() + 1_000);
    receiver.received.length = 0;
    receiver.failures = 0;
    await emptyLeadTables(db);
  });
  afterEach(() => {
    alerts.slackUrl = `${receiver.url}/slack`;
  });

  const deliveries = (kind: OutboxKind) =>
    db.selectFrom("outbox").selectAll().where("kind", "=", kind).execute();
  const posted = (path: string) => receiver.received.filter((r) => r.path === path);

  it("announces a demo request in Slack (who, product, link; no contact details) and to the CRM, signed", async () => {
    const res = await postJson(app, apiPaths.demo, sampleDemo);
    expect(res.statusCode).toBe(201);
    await outbox.runOnce();

    const [slack] = posted("/slack");
    expect(slack).toBeDefined();
    const message = JSON.parse(slack?.body ?? "{}") as { text: string };
    expect(message.text).toContain("New demo request for ASLAN from Kofi Boateng (Susu Co)");
    const [lead] = await db.selectFrom("demo_requests").select("id").execute();
    expect(message.text).toContain(`${SITE}/staff/leads/demo_${lead?.id}`);
    for (const secret of [sampleDemo.formData.email, sampleDemo.formData.phone, "CEO"]) {
      expect(slack?.body).not.toContain(secret);
    }

    const [crm] = posted("/crm");
    const event = new Webhook(SECRET).verify(
      crm?.body ?? "",
      crm?.headers as Record<string, string>,
    );
    expect(event).toMatchObject({
      type: "lead.created",
      data: {
        id: `demo_${lead?.id}`,
        type: "demo",
        product: "aslan",
        email: "kofi@example.com",
        company: "Susu Co",
        url: `${SITE}/staff/leads/demo_${lead?.id}`,
      },
    });
    const rows = [...(await deliveries("slack")), ...(await deliveries("webhook"))];
    expect(rows.map((r) => [r.status, r.lead_id])).toEqual([
      ["sent", lead?.id],
      ["sent", lead?.id],
    ]);
  });

  it("announces a contact message without its text", async () => {
    expect((await postJson(app, apiPaths.contact, sampleContact)).statusCode).toBe(201);
    await outbox.runOnce();
    const [slack] = posted("/slack");
    expect(JSON.parse(slack?.body ?? "{}").text).toContain("New contact message from Ama Mensah");
    expect(slack?.body).not.toContain(sampleContact.message);
    const [crm] = posted("/crm");
    expect(JSON.parse(crm?.body ?? "{}").data).toMatchObject({ message: sampleContact.message });
  });

  it("retries a receiver that fails, with a longer wait each time, until it answers", async () => {
    receiver.failures = 2;
    alerts.slackUrl = undefined; // the CRM alone: two failures, then success
    await db.deleteFrom("outbox").execute();
    await postJson(app, apiPaths.contact, sampleContact);
    await db.deleteFrom("outbox").where("kind", "=", "slack").execute();

    await outbox.runOnce();
    let [row] = await deliveries("webhook");
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: expect.stringMatching(/500/),
    });
    const firstWait = Date.parse(row?.next_attempt_at ?? "") - clock.now.getTime();
    // Not due yet: nothing is posted.
    await outbox.runOnce();
    expect(posted("/crm")).toHaveLength(1);

    later(firstWait);
    await outbox.runOnce();
    [row] = await deliveries("webhook");
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    const secondWait = Date.parse(row?.next_attempt_at ?? "") - clock.now.getTime();
    expect(secondWait).toBeGreaterThan(firstWait);

    later(secondWait);
    await outbox.runOnce();
    [row] = await deliveries("webhook");
    expect(row).toMatchObject({ status: "sent", attempts: 3, last_error: null });
    // Every attempt carried the same id, so the receiver can tell they are one event.
    const ids = new Set(posted("/crm").map((r) => r.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    for (const attempt of posted("/crm")) {
      expect(() =>
        new Webhook(SECRET).verify(attempt.body, attempt.headers as Record<string, string>),
      ).not.toThrow();
    }
  });

  it("marks a delivery failed after the last attempt; an admin's re-send delivers it", async () => {
    receiver.failures = 100;
    await postJson(app, apiPaths.contact, sampleContact);
    for (let i = 0; i < 3; i++) {
      await outbox.runOnce();
      later(60 * 60_000);
    }
    const failed = await deliveries("slack");
    expect(failed.map((r) => r.status)).toEqual(["failed"]);

    receiver.failures = 0;
    const id = failed[0]?.id ?? "";
    expect(await retryOutbox(db, id, clock.now)).toMatchObject({ ok: true });
    await outbox.runOnce();
    expect((await deliveries("slack")).map((r) => r.status)).toEqual(["sent"]);
    // A sent alert can be sent again too (a webhook keeps its id); a sent e-mail cannot.
    const [hook] = await deliveries("webhook");
    expect(await retryOutbox(db, hook?.id ?? "", clock.now)).toMatchObject({ ok: true });
    const before = posted("/crm").length;
    await outbox.runOnce();
    expect(posted("/crm")).toHaveLength(before + 1);
    expect(new Set(posted("/crm").map((r) => r.headers["webhook-id"])).size).toBe(1);
    const [mail] = await deliveries("contact");
    expect(mail?.status).toBe("sent");
    expect(await retryOutbox(db, mail?.id ?? "", clock.now)).toEqual({
      ok: false,
      reason: "not-failed",
    });
  });

  it("announces a confirmation and an unsubscription once each, to the CRM only", async () => {
    await postJson(app, apiPaths.subscribe, { email: "esi@example.com" });
    const [subscription] = await db.selectFrom("newsletter_subscriptions").selectAll().execute();
    const press = (path: string, token: string) =>
      app.inject({ method: "POST", url: `${path}?token=${token}`, headers: { origin: SITE } });
    for (let i = 0; i < 2; i++)
      await press(newsletterLinkPaths.confirm, subscription?.confirm_token ?? "");
    for (let i = 0; i < 2; i++)
      await press(newsletterLinkPaths.unsubscribe, subscription?.unsubscribe_token ?? "");
    await outbox.runOnce();
    expect(posted("/slack")).toHaveLength(0);
    const events = posted("/crm").map(
      (r) =>
        new Webhook(SECRET).verify(r.body, r.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        },
    );
    expect(events.map((e) => e.type).sort()).toEqual([
      "subscriber.confirmed",
      "subscriber.unsubscribed",
    ]);
    expect(events.find((e) => e.type === "subscriber.confirmed")?.data).toMatchObject({
      email: "esi@example.com",
      confirmedAt: expect.any(String),
    });
  });

  it("announces a confirmed new address as the old one's unsubscription and the new one's confirmation", async () => {
    const at = new Date().toISOString();
    const old = { ...subscriptionRow("ama@old.example", "confirmed", at), source: "/pricing" };
    const replacement = {
      ...subscriptionRow("ama@new.example", "pending", at),
      replaces_subscription_id: old.id,
    };
    await db.insertInto("newsletter_subscriptions").values([old, replacement]).execute();
    await app.inject({
      method: "POST",
      url: `${newsletterLinkPaths.confirm}?token=${replacement.confirm_token}`,
      headers: { origin: SITE },
    });
    await outbox.runOnce();
    const events = posted("/crm").map((r) => JSON.parse(r.body) as { type: string; data: object });
    expect(events.map((e) => [e.type, e.data]).sort()).toEqual([
      ["subscriber.confirmed", expect.objectContaining({ email: "ama@new.example" })],
      [
        "subscriber.unsubscribed",
        expect.objectContaining({ email: "ama@old.example", signUpPage: "/pricing" }),
      ],
    ]);
  });

  it("sends nothing on a channel that is off", async () => {
    const quiet = await testApp(db, { config: { alerts: {} }, outbox });
    try {
      await postJson(quiet, apiPaths.demo, sampleDemo);
      expect(await deliveries("slack")).toHaveLength(0);
      expect(await deliveries("webhook")).toHaveLength(0);
    } finally {
      await quiet.close();
    }
  });

  it("delivers each alert once when two instances share the database", async () => {
    // A second worker (another instance id) on the same database; server/mail/outbox.test.ts
    // covers two connections as well.
    const other = workerFor(db);
    for (let i = 0; i < 5; i++) {
      await postJson(app, apiPaths.contact, { ...sampleContact, email: `p${i}@example.com` });
    }
    await Promise.all([outbox.runOnce(), other.runOnce(), outbox.runOnce(), other.runOnce()]);
    expect(posted("/slack")).toHaveLength(5);
    expect(posted("/crm")).toHaveLength(5);
  });
});
