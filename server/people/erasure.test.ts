/**
 * An erasure leaves no copy of the person: not the file transport's .eml files of the mail to
 * and about them (console and command line), and on SQLite not the database's free pages, its
 * search index or its write-ahead log.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { buildApp } from "../app";
import { run as leadsCommand } from "../cli/leads";
import { type DB, migrate, openDatabase } from "../db/database";
import { saveContact } from "../leads/store";
import { contactNotification } from "../mail/emails/contact-notification";
import { createTransport } from "../mail/transports";
import { apiPaths } from "../../common/paths";
import { emailKey, normalizeEmail } from "../../leads/email";
import {
  sampleContact,
  sampleDemo,
  testConfig,
  testDatabase,
  testDialects,
  testOutbox,
} from "../testing/lead-api";
import { addAccount } from "../staff/accounts/accounts";
import { createSession } from "../staff/sign-in/sessions";
import { staffClient } from "../testing/staff-client";
import { STAFF_SITE } from "../testing/staff-api";
import { erasureApi } from "../../staff-api/admin";

/** The person who asks to be erased, typed with capitals and a non-ASCII letter. */
const PERSON = "Äma.Zqxmensah@Example.com";
/** A word of the person's message that no one else's has: the search index holds its pieces. */
const THEIR_WORD = "Vwkjqxz";

const SAME_SITE = { origin: STAFF_SITE };

/** The app on `db` with the file transport writing to `mailDir`, and an admin's client. */
async function appWithMailFiles(db: DB, mailDir: string) {
  const config = testConfig({
    publicUrl: STAFF_SITE,
    allowedOrigins: [STAFF_SITE],
    mail: { transport: "file", dir: mailDir },
  });
  const outbox = testOutbox(db, createTransport(config.mail, config.mailFrom));
  const app = await buildApp({ config, db, outbox, staff: { limits: null, signInAnswerMs: 0 } });
  const { account } = await addAccount(
    db,
    { email: "admin@example.com", role: "admin" },
    { via: "test" },
  );
  const { secret } = await createSession(db, account.id, new Date());
  return { app, outbox, admin: staffClient(() => app, `staff_session=${secret}`, SAME_SITE) };
}

/** The person's contact message, demo request and sign-up, and someone else's message. */
async function leadsOfThePersonAndAnother(app: FastifyInstance) {
  const post = (url: string, payload: object) =>
    staffClient(() => app, undefined, SAME_SITE).send("POST", url, payload);
  const answers = [
    await post(apiPaths.contact, {
      ...sampleContact,
      email: PERSON,
      message: `Please call me about ${THEIR_WORD} payments.`,
    }),
    await post(apiPaths.demo, {
      ...sampleDemo,
      formData: { ...sampleDemo.formData, email: PERSON },
    }),
    await post(apiPaths.subscribe, { email: PERSON }),
    await post(apiPaths.contact, { ...sampleContact, email: "kofi@example.com" }),
  ];
  expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 202, 201]);
}

/** A new folder under the system's temporary one, removed when the test ends. */
async function temporaryFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The .eml files in the folder, each read as text. */
async function mailFiles(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".eml"));
  return Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
}

describe.each(testDialects)("erasure from the console on $name", ({ url }) => {
  it("deletes the file transport's copies of the mail to and about the person, no one else's", async () => {
    const mailDir = await temporaryFolder("erasure-mail-");
    const db = await testDatabase(url);
    const { app, outbox, admin } = await appWithMailFiles(db, mailDir);
    await leadsOfThePersonAndAnother(app);
    await outbox.runOnce();
    // Sales' two notifications and the confirmation about the person; Kofi's notification.
    expect(await mailFiles(mailDir)).toHaveLength(4);

    const res = await admin.call(erasureApi.forget, { body: { email: PERSON.toLowerCase() } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().erased).toMatchObject({ outbox: 3, contact_messages: 1, demo_requests: 1 });
    const left = await mailFiles(mailDir);
    expect(left).toHaveLength(1);
    expect(left[0]).toContain("kofi@example.com");
    await app.close();
    await db.destroy();
  });
});

describe("erasure on SQLite, by `npm run leads -- forget` beside the running server", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("leaves the person's address and words in none of the database's files, nor any mail file", async () => {
    const dataDir = await temporaryFolder("erasure-sqlite-");
    const mailDir = path.join(dataDir, "mail");
    // The server: its own connection, open all along, as in production.
    const server = openDatabase({ sqliteFile: path.join(dataDir, "leads.sqlite") });
    await migrate(server);
    const { app, outbox } = await appWithMailFiles(server, mailDir);
    // Enough other leads that the search index keeps the person's entries in a segment of
    // their own until something removes them.
    for (let i = 0; i < 200; i += 1) {
      const other = {
        ...sampleContact,
        email: `lead${i}@example.com`,
        message: `Hello ${i}`,
        agreeToPolicy: true as const,
      };
      await saveContact(server, other, {
        notify: (at) => contactNotification(other, at, "sales@x.gh"),
      });
      if (i === 100) await leadsOfThePersonAndAnother(app);
    }
    while ((await outbox.runOnce()) > 0);
    const traces = [
      // As stored (domain lower-cased) and as its key (all of it lower-cased).
      normalizeEmail(PERSON),
      emailKey(PERSON),
      "Zqxmensah",
      "zqxmensah",
      THEIR_WORD,
      // The search index stores the lower-cased three-letter pieces of the text.
      ...["vwk", "wkj", "kjq", "jqx", "qxz", "zqx", "qxm", "xme"],
    ];
    const found = async () => {
      const hits = new Set<string>();
      for (const name of await readdir(dataDir, { recursive: true })) {
        const bytes = await readFile(path.join(dataDir, name)).catch(() => Buffer.alloc(0));
        for (const trace of traces) if (bytes.includes(Buffer.from(trace))) hits.add(trace);
      }
      return [...hits].sort();
    };
    expect(await found()).toEqual([...traces].sort()); // the scan can see them

    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("DATABASE_URL", undefined);
    vi.stubEnv("MAIL_TRANSPORT", "file");
    let printed = "";
    await leadsCommand(["forget", "--email", PERSON], (text) => (printed += text));
    expect(printed).toMatch(/Removed 6 row\(s\)/);

    expect(await found()).toEqual([]);
    expect(await mailFiles(mailDir)).toHaveLength(201);
    // The server carries on with the same database.
    expect((await server.selectFrom("contact_messages").select("id").execute()).length).toBe(201);
    await app.close();
    await server.destroy();
  });
});
