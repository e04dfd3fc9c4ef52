/**
 * The real server process killed with SIGKILL in the middle of a load, and stopped with SIGTERM
 * while a mail is being sent, on each database. The other faults: faults-database.test.ts (the
 * database away) and faults-campaign.test.ts (a campaign through a crash).
 */
import { once } from "node:events";
import { mkdtemp, readFile, readdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { openConfiguredDatabase } from "./configured-database";
import { freshSchemaUrl, testDialects } from "./testing/lead-api";
import { fakeSite, postContact, startServer, waitFor } from "./testing/server-process";

/** Text that once reached the database: NUL (PostgreSQL refuses it), escape sequences, C1. */
const HOSTILE_MESSAGES = ["Hi\u0000there", "\u001b[2J\u001b[31mHi", "Hi\u0085", "\u200b"];

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
  }, 240_000);

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
  }, 180_000);
});
