import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION } from "../../../common/retention";
import type { LeadStatus } from "../../../leads/workflow";
import type { DB } from "../../db/database";
import { CAMPAIGN_KIND } from "../../newsletter/campaigns/campaigns";
import { retryOutbox } from "../../mail/outbox-routes";
import { addContact, addDemo, addOutboxMessage, addSubscriber } from "../../testing/records";
import { testDialects, useTestDatabase } from "../../testing/lead-api";
import { type RetentionCounts, monthsBefore, runRetention } from "./run";

/** The frozen clock: 24 months back is 1 June 2024, 30 days 2 May 2026, 90 days 3 March 2026. */
const AS_OF = new Date("2026-06-01T00:00:00.000Z");
const LONG_AGO = "2023-01-01T10:00:00.000Z";
const run = (db: DB, dryRun = false) =>
  runRetention(db, { asOf: AS_OF, periods: DEFAULT_RETENTION, dryRun });

const rowId = (leadKey: string) => leadKey.replace(/^(contact|demo)_/, "");

/** A lead's inbox status, set at `at`, and a timeline event of `kind` at `eventAt`. */
async function setStatus(db: DB, leadKey: string, status: LeadStatus, at: string) {
  const [type, id] = [leadKey.startsWith("demo_") ? "demo" : "contact", rowId(leadKey)] as const;
  await db
    .insertInto("lead_states")
    .values({
      lead_type: type,
      lead_id: id,
      status,
      owner_account_id: null,
      first_response_at: at,
      updated_at: at,
    })
    .execute();
}
async function addEvent(db: DB, leadKey: string, kind: "note" | "corrected", at: string) {
  const type = leadKey.startsWith("demo_") ? "demo" : "contact";
  await db
    .insertInto("lead_events")
    .values({
      id: crypto.randomUUID(),
      lead_type: type,
      lead_id: rowId(leadKey),
      at,
      actor_account_id: null,
      kind,
      from: kind === "corrected" ? JSON.stringify({ phone: "024 111 2222" }) : null,
      to: kind === "corrected" ? JSON.stringify({ phone: "+233 55 921 1848" }) : null,
      text: kind === "note" ? "Called Yaw Expired about the POS order" : null,
    })
    .execute();
}
/** A sent notification about a lead, queued at `at`, naming the person in its subject and body. */
const notification = (db: DB, leadKey: string, name: string, at: string) =>
  addOutboxMessage({ db }, at, {
    kind: leadKey.startsWith("demo_") ? "demo" : "contact",
    status: "sent",
    leadId: rowId(leadKey),
    payload: {
      to: "sales@site.test",
      replyTo: `${name.toLowerCase().replace(" ", ".")}@example.com`,
      subject: `Contact form: ${name}`,
      text: `${name} wrote: please call`,
      html: `<p>${name} wrote: please call</p>`,
      params: { from_name: name },
    },
  });

/** What the tests store: a lead of each fate, sign-ups and messages of each age and state. */
async function seed(db: DB) {
  const lead = async (name: string, add: typeof addContact | typeof addDemo, fields: object) => {
    const key = await add({ db }, LONG_AGO, fields);
    await notification(db, key, name, LONG_AGO);
    return key;
  };
  const contact = (first: string, last: string) =>
    lead(`${first} ${last}`, addContact, {
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}@example.com`,
    });
  const leads = {
    expired: await contact("Yaw", "Expired"),
    expiredDemo: await lead("Efua Spam", addDemo, { name: "Efua Spam", email: "efua@example.com" }),
    open: await contact("Akos", "Open"),
    untouched: await contact("Kwesi", "New"),
    recentlyClosed: await contact("Abena", "Recent"),
    recentNote: await contact("Kojo", "Noted"),
  };
  await setStatus(db, leads.expired, "lost", "2023-03-01T00:00:00.000Z");
  await addEvent(db, leads.expired, "note", "2023-02-01T00:00:00.000Z");
  await addEvent(db, leads.expired, "corrected", "2023-02-15T00:00:00.000Z");
  await setStatus(db, leads.expiredDemo, "spam", "2023-01-02T00:00:00.000Z");
  await setStatus(db, leads.open, "qualified", "2023-02-01T00:00:00.000Z");
  await setStatus(db, leads.recentlyClosed, "won", "2025-01-01T00:00:00.000Z");
  await setStatus(db, leads.recentNote, "lost", "2023-02-01T00:00:00.000Z");
  await addEvent(db, leads.recentNote, "note", "2025-06-01T00:00:00.000Z");

  const signUps = {
    oldPending: await addSubscriber({ db }, "2026-04-01T00:00:00.000Z", { email: "old@x.gh" }),
    youngPending: await addSubscriber({ db }, "2026-05-20T00:00:00.000Z", { email: "new@x.gh" }),
    /** First asked long ago, and again lately: its 30 days count from the latest sign-up. */
    askedAgain: await addSubscriber({ db }, "2026-01-01T00:00:00.000Z", { email: "again@x.gh" }),
    confirmed: await addSubscriber({ db }, "2020-01-01T00:00:00.000Z", {
      email: "fan@x.gh",
      status: "confirmed",
    }),
  };
  await db
    .updateTable("newsletter_subscriptions")
    .set({ consent_at: "2026-05-25T00:00:00.000Z" })
    .where("id", "=", signUps.askedAgain)
    .execute();
  const messages = {
    confirmation: await addOutboxMessage({ db }, "2026-04-01T00:00:00.000Z", {
      status: "sent",
      leadId: signUps.oldPending,
    }),
    recentSent: await notification(db, leads.open, "Akos Open", "2026-05-01T00:00:00.000Z"),
    oldPending: await addOutboxMessage({ db }, "2026-01-01T00:00:00.000Z", { status: "pending" }),
    oldFailed: await addOutboxMessage({ db }, "2026-01-01T00:00:00.000Z", { status: "failed" }),
    campaignCopy: await addOutboxMessage({ db }, LONG_AGO, {
      kind: CAMPAIGN_KIND,
      status: "sent",
      payload: { campaignId: "c1" },
    }),
  };
  return { leads, signUps, messages };
}

/** What a run over seed() changes. */
const EXPECTED: RetentionCounts = {
  contact_messages: 1,
  demo_requests: 1,
  lead_events: 2,
  pending_subscriptions: 1,
  deleted_messages: 1,
  // The six 2023 notifications and the failed confirmation of January 2026.
  message_bodies: 7,
};
const NOTHING: RetentionCounts = {
  contact_messages: 0,
  demo_requests: 0,
  lead_events: 0,
  pending_subscriptions: 0,
  deleted_messages: 0,
  message_bodies: 0,
};

const sum = (a: RetentionCounts, b: RetentionCounts) =>
  Object.fromEntries(
    Object.keys(a).map((key) => [
      key,
      a[key as keyof RetentionCounts] + b[key as keyof RetentionCounts],
    ]),
  );

describe.each(testDialects)("retention on $name", ({ url }) => {
  let db: DB;
  useTestDatabase(url, (opened) => (db = opened));

  const contactRow = (key: string) =>
    db
      .selectFrom("contact_messages")
      .selectAll()
      .where("id", "=", rowId(key))
      .executeTakeFirstOrThrow();
  const message = (id: string) =>
    db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const audit = () =>
    db.selectFrom("audit_log").selectAll().where("action", "=", "retention.ran").execute();

  it("anonymises closed leads past their period, and never an open or recent one", async () => {
    const { leads } = await seed(db);
    expect(await run(db)).toEqual(EXPECTED);

    const gone = await contactRow(leads.expired);
    expect(gone).toMatchObject({
      first_name: "",
      last_name: "",
      email: "",
      phone: "",
      phone_e164: null,
      message: "",
      email_key: `anonymised:${rowId(leads.expired)}`,
      search_text: "",
      referrer: null,
      anonymised_at: AS_OF.toISOString(),
    });
    expect(JSON.stringify(gone)).not.toMatch(/yaw|expired/i);
    const demo = await db
      .selectFrom("demo_requests")
      .selectAll()
      .where("id", "=", rowId(leads.expiredDemo))
      .executeTakeFirstOrThrow();
    expect(demo).toMatchObject({ name: "", email: "", company: "", job_title: "", industry: "" });
    expect(demo.product).toBe("aslan"); // what the reports count stays

    const events = await db
      .selectFrom("lead_events")
      .select(["kind", "from", "to", "text"])
      .where("lead_id", "=", rowId(leads.expired))
      .orderBy("at")
      .execute();
    expect(events).toEqual([
      { kind: "note", from: null, to: null, text: "" },
      { kind: "corrected", from: null, to: null, text: null },
    ]);

    for (const kept of [leads.open, leads.untouched, leads.recentlyClosed, leads.recentNote]) {
      const row = await contactRow(kept);
      expect(row.anonymised_at, kept).toBeNull();
      expect(row.email, kept).toMatch(/@example\.com$/);
    }
    const note = await db
      .selectFrom("lead_events")
      .select("text")
      .where("lead_id", "=", rowId(leads.recentNote))
      .executeTakeFirstOrThrow();
    expect(note.text).toMatch(/Yaw Expired/);

    if (!url) {
      // SQLite's search index follows search_text: the anonymised lead's words are gone from it.
      const found = await sql<{ rowid: number }>`select rowid from contact_messages_search
        where contact_messages_search match 'expired'`.execute(db);
      expect(found.rows).toEqual([]);
      const open = await sql<{ rowid: number }>`select rowid from contact_messages_search
        where contact_messages_search match 'akos'`.execute(db);
      expect(open.rows).toHaveLength(1);
    }
  });

  it("anonymises a lead merged into one it anonymises, even open and recent, and no other", async () => {
    const { leads } = await seed(db);
    const merged = async (first: string, into: string) => {
      const key = await addContact({ db }, "2026-05-01T00:00:00.000Z", {
        first_name: first,
        email: `${first.toLowerCase()}@example.com`,
      });
      await setStatus(db, key, "new", "2026-05-01T00:00:00.000Z");
      await db
        .updateTable("lead_states")
        .set({ merged_into: into })
        .where("lead_id", "=", rowId(key))
        .execute();
      return key;
    };
    const intoExpired = await merged("Adjoa", leads.expired);
    // Merged into that one in turn: it goes on the next pass of the same run.
    const intoMerged = await merged("Esi", intoExpired);
    const intoOpen = await merged("Kofi", leads.open);
    expect(await run(db)).toMatchObject({ contact_messages: EXPECTED.contact_messages + 2 });
    for (const [key, gone] of [
      [intoExpired, true],
      [intoMerged, true],
      [intoOpen, false],
    ] as const) {
      const row = await contactRow(key);
      expect(row.anonymised_at !== null, key).toBe(gone);
      expect(row.email === "", key).toBe(gone);
    }
  });

  it("deletes old unconfirmed sign-ups with their mail, and removes old message bodies", async () => {
    const { leads, signUps, messages } = await seed(db);
    await run(db);

    const subscriptions = await db.selectFrom("newsletter_subscriptions").select("id").execute();
    expect(subscriptions.map((row) => row.id).sort()).toEqual(
      [signUps.youngPending, signUps.askedAgain, signUps.confirmed].sort(),
    );
    const confirmation = await db
      .selectFrom("outbox")
      .select("id")
      .where("id", "=", messages.confirmation)
      .execute();
    expect(confirmation).toEqual([]);

    // An open lead's old message keeps what the outbox page lists, not its body.
    const openLead = await db
      .selectFrom("outbox")
      .selectAll()
      .where("lead_id", "=", rowId(leads.open))
      .where("created_at", "=", LONG_AGO)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(openLead.payload)).toEqual({
      to: "sales@site.test",
      subject: "Contact form: Akos Open",
      text: "",
      html: "",
      params: {},
    });
    expect(openLead.body_removed_at).toBe(AS_OF.toISOString());
    // An anonymised lead's message loses its subject too: it named the person.
    const anonymised = await db
      .selectFrom("outbox")
      .select("payload")
      .where("lead_id", "=", rowId(leads.expired))
      .executeTakeFirstOrThrow();
    expect(anonymised.payload).not.toMatch(/yaw|expired/i);

    expect((await message(messages.recentSent)).body_removed_at).toBeNull();
    expect((await message(messages.recentSent)).payload).toMatch(/Akos Open wrote/);
    expect((await message(messages.oldPending)).body_removed_at).toBeNull();
    expect((await message(messages.oldPending)).payload).toMatch(/secret body/);
    expect((await message(messages.campaignCopy)).body_removed_at).toBeNull();
    expect((await message(messages.oldFailed)).payload).not.toMatch(/secret body/);
    // A failed message whose body is gone cannot be queued again: there is nothing to send.
    expect(await retryOutbox(db, messages.oldFailed, AS_OF)).toEqual({
      ok: false,
      reason: "body-removed",
    });
  });

  it("records one audit entry of counts and periods, and a second run changes nothing", async () => {
    await seed(db);
    await run(db);
    const entries = await audit();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor_id).toBeNull();
    expect(JSON.parse(entries[0]?.detail ?? "{}")).toEqual({
      counts: EXPECTED,
      periods: DEFAULT_RETENTION,
      asOf: AS_OF.toISOString(),
      via: "retention job",
    });
    expect(entries[0]?.detail).not.toMatch(/@|yaw|efua/i);

    expect(await run(db)).toEqual(NOTHING);
    expect(await audit()).toHaveLength(1);
  });

  it("two runs at once change each row once between them", async () => {
    await seed(db);
    const [first, second] = await Promise.all([run(db), run(db)]);
    expect(sum(first, second)).toEqual(EXPECTED);
    expect([first, second]).toContainEqual(NOTHING);
    expect(await audit()).toHaveLength(1);
  });

  it("a dry run counts what a run would change, and changes nothing", async () => {
    const { leads } = await seed(db);
    expect(await run(db, true)).toEqual(EXPECTED);
    expect((await contactRow(leads.expired)).first_name).toBe("Yaw");
    expect(await db.selectFrom("newsletter_subscriptions").select("id").execute()).toHaveLength(4);
    expect(await audit()).toEqual([]);
    expect(await run(db)).toEqual(EXPECTED);
  });
});

describe("months before a date", () => {
  it("keeps the day, or takes the month's last when it has no such day", () => {
    expect(monthsBefore(new Date("2026-06-01T05:00:00Z"), 24)).toBe("2024-06-01T05:00:00.000Z");
    expect(monthsBefore(new Date("2026-03-31T00:00:00Z"), 1)).toBe("2026-02-28T00:00:00.000Z");
    expect(monthsBefore(new Date("2026-03-31T00:00:00Z"), 25)).toBe("2024-02-29T00:00:00.000Z");
  });
});
