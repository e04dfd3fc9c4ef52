/**
 * The real server process under faults: killed with SIGKILL in the middle of a load,
 * stopped with SIGTERM while a mail is being sent, and cut off from PostgreSQL while running.
 */
import { once } from "node:events";
import { mkdir, mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { openConfiguredDatabase } from "./configured-database";
import { migrate } from "./db/database";
import { SENDS_IN_FLIGHT } from "./mail/outbox";
import { sendCampaign } from "./newsletter/campaigns/campaign-sending";
import { createCampaign } from "./newsletter/campaigns/campaigns";
import { testSmtp } from "./mail/smtp.testing";
import { freshSchemaUrl, postgresTestUrl, subscriptionRow, testDialects } from "./testing/lead-api";
import { freePort } from "../scripts/free-port";
import { type ServerSettings, launchServer, spawnServer } from "../scripts/launch-server";

/** A minimal prerendered site: the server refuses to start without one. */
async function fakeSite(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "site-"));
  await mkdir(path.join(dir, "404"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), "<h1>home</h1>");
  await writeFile(path.join(dir, "404", "index.html"), "<h1>missing</h1>");
  return dir;
}

/**
 * The server from source (these tests run before any build), with rate limits off, a fast outbox,
 * and short claims so the killed instance's claims lapse and the restarted one sends them.
 */
function startServer(settings: ServerSettings) {
  return launchServer({
    code: "source",
    settings: { RATE_LIMIT_MAX: "0", OUTBOX_POLL_MS: "200", OUTBOX_LEASE_MS: "2000", ...settings },
  });
}

const contact = (email: string) => ({
  firstName: "Load",
  lastName: "Test",
  email,
  phone: "0550000000",
  message: "Hello",
  agreeToPolicy: true,
});

function postContact(url: string, email: string, message = "Hello") {
  return fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...contact(email), message }),
  });
}

/** Text that once reached the database: NUL (PostgreSQL refuses it), escape sequences, C1. */
const HOSTILE_MESSAGES = ["Hi\u0000there", "\u001b[2J\u001b[31mHi", "Hi\u0085", "\u200b"];

async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(testDialects)("server process on $name", ({ name, url: baseUrl }) => {
  it("keeps every acknowledged lead through kill -9 and delivers its notification after restart", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "crash-"));
    const databaseUrl = baseUrl ? await freshSchemaUrl(baseUrl) : "";
    const settings = {
      DATA_DIR: dataDir,
      SITE_DIR: await fakeSite(),
      DATABASE_URL: databaseUrl,
      MAIL_TRANSPORT: "file",
    };
    const first = await startServer(settings);

    // Steady load from 16 clients until the kill; remember every address the server acknowledged.
    // Every fifth post carries control characters and must get a 400, never a 5xx.
    const acknowledged: string[] = [];
    const hostileAnswers = new Set<number>();
    let stop = false;
    let n = 0;
    const clients = Array.from({ length: 16 }, async () => {
      while (!stop) {
        const i = n++;
        const email = `crash-${name}-${i}@example.com`;
        const hostile = i % 5 === 0 ? HOSTILE_MESSAGES[(i / 5) % HOSTILE_MESSAGES.length] : null;
        try {
          const res = await postContact(first.url, email, hostile ?? "Hello");
          if (hostile !== null) hostileAnswers.add(res.status);
          else if (res.ok) acknowledged.push(email);
        } catch {
          // The connection died with the process: not acknowledged, nothing to check.
        }
      }
    });
    // Killed mid-stream once enough was acknowledged to mean something: counted, not timed, so
    // that a busy machine (fewer answers a second) kills it no sooner.
    while (acknowledged.length <= 20 || hostileAnswers.size === 0) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await first.kill();
    stop = true;
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect([...hostileAnswers]).toEqual([400]);

    const second = await startServer(settings);
    const db = openConfiguredDatabase({ databaseUrl, dataDir });
    try {
      const stored = new Set(
        (await db.selectFrom("contact_messages").select("email").execute()).map((r) => r.email),
      );
      const lost = acknowledged.filter((email) => !stored.has(email));
      expect(lost, "acknowledged leads missing after the crash").toEqual([]);

      // The outbox drains after the restart: every notification is sent.
      await waitFor(
        async () => {
          const pending = await db
            .selectFrom("outbox")
            .select("id")
            .where("status", "!=", "sent")
            .execute();
          return pending.length === 0 ? true : undefined;
        },
        30_000,
        "the outbox to drain",
      );
      const mails = await Promise.all(
        (await readdir(path.join(dataDir, "mail"))).map((file) =>
          readFile(path.join(dataDir, "mail", file), "utf8"),
        ),
      );
      const mailed = new Set(mails.map((mail) => /^Reply-To: (.+)$/m.exec(mail)?.[1]?.trim()));
      expect(
        acknowledged.filter((email) => !mailed.has(email)),
        "acknowledged leads never notified",
      ).toEqual([]);
    } finally {
      await db.destroy();
      await second.stop();
    }
  }, 90_000);

  it("on SIGTERM finishes the mail being sent and exits 0 within 10 seconds", async () => {
    const received: string[] = [];
    let sending!: () => void;
    const sendStarted = new Promise<void>((resolve) => (sending = resolve));
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        sending();
        let body = "";
        stream.on("data", (chunk: Buffer) => (body += chunk.toString()));
        // A slow mail server: it takes two seconds to accept the message.
        stream.on("end", () => setTimeout(() => (received.push(body), callback()), 2_000));
      },
    });
    smtp.listen(0, "127.0.0.1");
    await once(smtp.server, "listening");
    const smtpPort = (smtp.server.address() as AddressInfo).port;

    const dataDir = await mkdtemp(path.join(tmpdir(), "term-"));
    const databaseUrl = baseUrl ? await freshSchemaUrl(baseUrl) : "";
    const server = await startServer({
      DATA_DIR: dataDir,
      SITE_DIR: await fakeSite(),
      DATABASE_URL: databaseUrl,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
    expect((await postContact(server.url, `term-${name}@example.com`)).status).toBe(201);
    await sendStarted;
    const started = Date.now();
    expect((await server.stop()).code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(received).toHaveLength(1);
    const db = openConfiguredDatabase({ databaseUrl, dataDir });
    expect((await db.selectFrom("outbox").select("status").executeTakeFirstOrThrow()).status).toBe(
      "sent",
    );
    await db.destroy();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }, 60_000);
});

/** A TCP relay we can cut and restore, standing between the server and PostgreSQL. */
async function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const port = await freePort();
  const open = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
  };
  const cut = async () => {
    // Stop accepting, then drop live connections (close() waits for them to end).
    const closed = new Promise<void>((resolve) =>
      server ? server.close(() => resolve()) : resolve(),
    );
    for (const s of sockets) s.destroy();
    await closed;
  };
  await open();
  return { port, cut, restore: open };
}

describe.skipIf(!postgresTestUrl)("PostgreSQL lost while running", () => {
  it("answers 503 while the database is away and recovers by itself", async () => {
    const url = new URL(await freshSchemaUrl(postgresTestUrl ?? ""));
    const link = await relay({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(link.port);
    const server = await startServer({
      DATA_DIR: await mkdtemp(path.join(tmpdir(), "pg-")),
      SITE_DIR: await fakeSite(),
      DATABASE_URL: url.toString(),
    });
    try {
      expect((await postContact(server.url, "before@example.com")).status).toBe(201);

      await link.cut();
      const during = await postContact(server.url, "during@example.com").catch((e: Error) => {
        throw new Error(`${e.message}; server said: ${server.output()}`);
      });
      expect(during.status).toBe(503);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(503);

      await link.restore();
      const status = await waitFor(
        async () => {
          const res = await postContact(server.url, `after-${Date.now()}@example.com`);
          return res.status === 201 ? res.status : undefined;
        },
        20_000,
        "the API to accept leads again",
      );
      expect(status).toBe(201);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    } finally {
      await server.stop();
      await link.cut();
    }
  }, 60_000);
});

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
  }, 120_000);
});

describe("start-up without a database", () => {
  it("stops with a clear message and a non-zero exit", async () => {
    const server = await spawnServer({
      code: "source",
      settings: {
        DATA_DIR: await mkdtemp(path.join(tmpdir(), "no-db-")),
        DATABASE_URL: `postgres://user:secret@127.0.0.1:${await freePort()}/leads`,
      },
    });
    const { code } = await server.exited;
    const output = server.output();
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot use the database \(PostgreSQL at 127\.0\.0\.1:\d+\/leads\)/);
    expect(output).not.toContain("secret");
  }, 30_000);
});
