import { once } from "node:events";
import { mkdtemp, readFile, readdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrate, openDatabase } from "../db/database";
import { saveContact } from "../leads/store";
import {
  failingTransport,
  freshSchemaUrl,
  useTestDatabase,
  testDialects,
  testOutbox,
} from "../testing/lead-api";
import type { MailMessage } from "./message";
import { retryDelayMs } from "./outbox";
import { testSmtp } from "./smtp.testing";
import { contactNotification } from "./emails/contact-notification";
import { createTransport } from "./transports";

const contact = {
  firstName: "Ama",
  lastName: "Mensah",
  email: "ama@example.com",
  phone: "0550000000",
  message: "Hello",
  agreeToPolicy: true as const,
};

async function storeLead(db: DB) {
  await saveContact(db, contact, {
    notify: (at) => contactNotification(contact, at, "sales@site.test"),
  });
}

describe.each(testDialects)("outbox on $name", ({ url }) => {
  let db: DB;
  useTestDatabase(url, (opened) => (db = opened));

  it("delivers over SMTP, and keeps the lead and delivers later when the server was down", async () => {
    // Find a free port, then close it: the mail server is "down".
    const probe = await testSmtp();
    const port = probe.port;
    await probe.close();

    const start = Date.now() + 1_000;
    let clock = new Date(start);
    const transport = createTransport(
      { transport: "smtp", url: `smtp://127.0.0.1:${port}` },
      "Site <no-reply@site.test>",
    );
    const worker = testOutbox(db, transport, {
      maxAttempts: 5,
      retryBaseMs: 30_000,
      now: () => clock,
    });

    await storeLead(db);
    expect(await worker.runOnce()).toBe(1);
    let row = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.next_attempt_at).toBe(new Date(start + 30_000).toISOString());
    expect(await db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(1);

    // Not due yet: nothing is attempted.
    expect(await worker.runOnce()).toBe(0);

    const smtp = await testSmtp({ port });
    clock = new Date(start + 60_000);
    expect(await worker.runOnce()).toBe(1);
    row = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0]?.raw ?? "";
    expect(raw).toMatch(/^To: sales@site\.test/m);
    expect(raw).toMatch(/^Reply-To: ama@example\.com/m);
    expect(raw).toMatch(/^Subject: Contact form: Ama Mensah/m);
    expect(raw).toContain("0550000000");

    // Sent once: another run sends nothing more.
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    transport.close();
    await smtp.close();
  });

  it("marks a message failed after the maximum number of attempts", async () => {
    let clock = new Date(Date.now() + 1_000);
    const worker = testOutbox(db, failingTransport("mailbox unavailable"), {
      retryBaseMs: 1_000,
      now: () => clock,
    });
    await storeLead(db);
    for (let i = 0; i < 3; i += 1) {
      await worker.runOnce();
      clock = new Date(clock.getTime() + 60_000);
    }
    const row = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: 3, last_error: "mailbox unavailable" });
    expect(await worker.runOnce()).toBe(0);
  });

  it("never sends a message twice from two instances working the same outbox", async () => {
    const sent: string[] = [];
    const slowTransport = {
      name: "slow",
      async send(_message: MailMessage, id: string) {
        await new Promise((r) => setTimeout(r, 20));
        sent.push(id);
      },
      close() {},
    };
    // Two connections to one database, as two API instances would have: two pools on one
    // PostgreSQL schema, or two connections to one SQLite file.
    const target = url
      ? { databaseUrl: await freshSchemaUrl(url) }
      : { sqliteFile: path.join(await mkdtemp(path.join(tmpdir(), "outbox-")), "leads.sqlite") };
    const first = openDatabase(target);
    await migrate(first);
    const second = openDatabase(target);
    for (let i = 0; i < 10; i += 1) await storeLead(first);
    const a = testOutbox(first, slowTransport);
    const b = testOutbox(second, slowTransport);
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(sent).toHaveLength(10);
    expect(new Set(sent).size).toBe(10);
    await first.destroy();
    await second.destroy();
  });
});

describe("transports", () => {
  let http: Server;
  let requests: { body: Record<string, unknown> }[];
  let answer = 200;
  beforeAll(async () => {
    requests = [];
    http = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        requests.push({ body: JSON.parse(body) as Record<string, unknown> });
        res.statusCode = answer;
        res.end(answer === 200 ? "OK" : "The Public Key is invalid");
      });
    });
    http.listen(0, "127.0.0.1");
    await once(http, "listening");
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  let message: MailMessage;
  beforeAll(async () => {
    message = await contactNotification(contact, "2026-01-01T10:00:00.000Z", "sales@site.test");
  });

  it("file: writes one .eml file per message, the same file when a message is sent again", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "mail-"));
    const transport = createTransport({ transport: "file", dir }, "Site <no-reply@site.test>");
    await transport.send(message, "id-1");
    await transport.send(message, "id-2");
    await transport.send(message, "id-2");
    // A campaign copy's id: the campaign's and the subscription's, joined by a dot.
    await transport.send(message, "campaign-1.subscription-1");
    for (const outside of ["../id-3", "id-3/..", ".id-3", "id..3", "id/3"]) {
      await expect(transport.send(message, outside)).rejects.toThrow("not an outbox id");
    }
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(["campaign-1.subscription-1.eml", "id-1.eml", "id-2.eml"]);
    const eml = await readFile(path.join(dir, files[0] ?? ""), "utf8");
    expect(eml).toMatch(/^Reply-To: ama@example\.com/m);
    expect(eml).toContain("0550000000");
  });

  it("emailjs: posts the REST API with the private key, and throws on refusal", async () => {
    const { port } = http.address() as AddressInfo;
    const transport = createTransport(
      {
        transport: "emailjs",
        apiUrl: `http://127.0.0.1:${port}/api/v1.0/email/send`,
        serviceId: "svc",
        templateId: "tpl",
        publicKey: "pub",
        privateKey: "secret",
      },
      "Site <no-reply@site.test>",
    );
    await transport.send(message, "id-1");
    expect(requests[0]?.body).toMatchObject({
      service_id: "svc",
      template_id: "tpl",
      user_id: "pub",
      accessToken: "secret",
      template_params: {
        from_name: "Ama Mensah",
        from_email: "ama@example.com",
        to_name: expect.stringContaining("Sales"),
        to_email: "sales@site.test",
        reply_to: "ama@example.com",
      },
    });
    answer = 403;
    await expect(transport.send(message, "id-2")).rejects.toThrow(/403/);
  });
});

describe("retry delay", () => {
  it("doubles from the base up to the cap", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000, 100_000))).toEqual([
      30_000, 60_000, 100_000, 100_000,
    ]);
  });
});
