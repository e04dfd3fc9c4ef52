import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  forgottenLeadOfEachKind,
  freshSchemaUrl,
  sampleContact,
  sampleDemo,
  storeLeadOfEachKind,
  useTestDatabase,
  testDialects,
} from "../testing/lead-api";
import { type DB, migrate, openDatabase } from "../db/database";
import { forgetPerson } from "../people/forget-person";
import { unsubscribe } from "../newsletter/subscribers/lifecycle";

describe.each(testDialects)("forgetting a person on $name", ({ url }) => {
  let db: DB;
  useTestDatabase(url, (opened) => (db = opened));

  /** One lead of each kind from `email`, as its owner typed it. */
  const storeEverythingFor = (email: string) =>
    storeLeadOfEachKind(db, {
      contact: { ...sampleContact, email },
      demo: { ...sampleDemo, formData: { ...sampleDemo.formData, email } },
    });

  it("removes the person's rows from every table, whatever the case of the address, and nobody else's", async () => {
    await storeEverythingFor("Ama@Example.com");
    await storeEverythingFor("kofi@example.com");
    const token = (
      await db
        .selectFrom("newsletter_subscriptions")
        .select("unsubscribe_token")
        .where("email_key", "=", "ama@example.com")
        .executeTakeFirstOrThrow()
    ).unsubscribe_token;

    const removed = await forgetPerson(db, " AMA@example.com ");
    expect(removed).toEqual(forgottenLeadOfEachKind);

    for (const table of [
      "newsletter_subscriptions",
      "contact_messages",
      "demo_requests",
    ] as const) {
      const rows = await db.selectFrom(table).selectAll().execute();
      expect(
        rows.map((r) => r.email.toLowerCase()),
        table,
      ).toEqual(["kofi@example.com"]);
    }
    const outbox = await db.selectFrom("outbox").select("payload").execute();
    expect(outbox).toHaveLength(3);
    expect(outbox.some((row) => row.payload.toLowerCase().includes("ama@example.com"))).toBe(false);
    // The old unsubscribe link still answers without error.
    await expect(unsubscribe(db, token)).resolves.toBe(false);
  });
});

describe.each(testDialects)(
  "upgrading a database from the previous release on $name",
  ({ url }) => {
    it("gives rows stored before the upgrade the erasure key, non-ASCII addresses included", async () => {
      const db = url ? openDatabase({ databaseUrl: await freshSchemaUrl(url) }) : openDatabase({});
      try {
        await migrate(db, "0002-request-keys");
        const legacy = { created_at: "2026-01-01T00:00:00.000Z", phone: "055" };
        await sql`insert into contact_messages (id, first_name, last_name, email, phone, message, policy_agreed_at, created_at)
        values ('c1', 'Ama', 'M', 'ÄMA@Example.com', ${legacy.phone}, 'Hi', ${legacy.created_at}, ${legacy.created_at}),
               ('c2', 'Kofi', 'B', 'kofi@example.com', ${legacy.phone}, 'Hi', ${legacy.created_at}, ${legacy.created_at})`.execute(
          db,
        );
        await sql`insert into demo_requests (id, product, page, name, email, phone, company, job_title, industry, created_at)
        values ('d1', 'vas', '/request-vas-demo', 'Ama', 'A\u0308ma@EXAMPLE.com', ${legacy.phone}, '', '', '', ${legacy.created_at})`.execute(
          db,
        );
        await migrate(db);
        expect(await forgetPerson(db, "äma@example.com")).toMatchObject({
          contact_messages: 1,
          demo_requests: 1,
        });
        const left = await db.selectFrom("contact_messages").select("email").execute();
        expect(left).toEqual([{ email: "kofi@example.com" }]);
      } finally {
        await db.destroy();
      }
    });
  },
);
