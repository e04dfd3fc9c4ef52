import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../db/database";
import { returnEffects } from "../../mail/deliveries";
import {
  subscriptionRow,
  subscriptionStatus,
  testConfig,
  testDatabase,
  testDialects,
} from "../../testing/lead-api";
import { type BrakeCounts, brakeReason } from "./brake";
import {
  RETURNS_PER_TRANSACTION,
  type ReturnedMail,
  isSuppressed,
  recordReturnedMail,
  recordReturnedMails,
} from "./returns";

// What recording a bounce or complaint does beyond the record: the soft-bounce rule, a
// complaint's unsubscription with its alerts, and the copy's outcome, never weakened.

const DAY = 24 * 60 * 60_000;
const T0 = Date.parse("2026-11-02T09:00:00Z");

function event(type: ReturnedMail["type"], email: string, at: number, ref: string): ReturnedMail {
  return {
    source: "smtp",
    sourceRef: ref,
    type,
    email,
    status: null,
    detail: type,
    at: new Date(at),
  };
}

describe("the brake's rule", () => {
  const judge = (counts: BrakeCounts) => brakeReason(counts)?.words ?? null;
  it("waits for 200 copies, then stops above 2 % hard bounces or 0.1 % complaints", () => {
    expect(judge({ sent: 199, hardBounces: 50, complaints: 5 })).toBeNull();
    expect(judge({ sent: 200, hardBounces: 4, complaints: 0 })).toBeNull();
    expect(judge({ sent: 240, hardBounces: 7, complaints: 0 })).toBe(
      "7 of 240 copies (2.9 %) bounced hard, above the 2 % limit",
    );
    expect(judge({ sent: 1000, hardBounces: 0, complaints: 1 })).toBeNull();
    expect(judge({ sent: 1200, hardBounces: 30, complaints: 2 })).toBe(
      "2 of 1,200 copies (0.17 %) were reported as spam, above the 0.1 % limit",
    );
  });
});

describe.each(testDialects)("returned mail on $name", ({ url }) => {
  let db: DB;
  const effects = returnEffects(
    testConfig({ alerts: { webhook: { url: "https://crm.test/hook", secret: "s".repeat(32) } } }),
  );

  beforeEach(async () => {
    db ??= await testDatabase(url);
    for (const table of ["mail_events", "mail_suppressions", "outbox"] as const) {
      await db.deleteFrom(table).execute();
    }
    await db.deleteFrom("newsletter_subscriptions").execute();
  });
  afterAll(() => db?.destroy());

  it("suppresses an address at its third soft bounce within 14 days, not before", async () => {
    await recordReturnedMail(db, event("soft-bounce", "kofi@example.com", T0, "a"));
    await recordReturnedMail(db, event("soft-bounce", "kofi@example.com", T0 + 6 * DAY, "b"));
    expect(await isSuppressed(db, "kofi@example.com")).toBe(false);
    // The first is 15 days old by the third: two in the window.
    await recordReturnedMail(db, event("soft-bounce", "kofi@example.com", T0 + 15 * DAY, "c"));
    expect(await isSuppressed(db, "kofi@example.com")).toBe(false);
    await recordReturnedMail(db, event("soft-bounce", "Kofi@Example.com", T0 + 16 * DAY, "d"));
    const row = await db.selectFrom("mail_suppressions").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email_key: "kofi@example.com", reason: "soft-bounce" });
  });

  it("a complaint suppresses, unsubscribes with the unsubscribe's alerts, and counts once", async () => {
    const at = new Date(T0).toISOString();
    const sub = subscriptionRow("ama@example.com", "confirmed", at);
    await db.insertInto("newsletter_subscriptions").values(sub).execute();
    const complaint = event("complaint", "AMA@example.com", T0 + DAY, "fbl-1");
    expect(await recordReturnedMail(db, complaint, effects)).toEqual(expect.any(String));
    expect(await recordReturnedMail(db, complaint, effects)).toBeNull();

    expect(await subscriptionStatus(db, sub.id)).toBe("unsubscribed");
    const alerts = await db.selectFrom("outbox").select(["kind", "payload"]).execute();
    expect(alerts).toHaveLength(1);
    expect(JSON.parse(alerts[0]!.payload)).toMatchObject({ type: "subscriber.unsubscribed" });
    expect(await isSuppressed(db, "ama@example.com")).toBe(true);
    expect(await db.selectFrom("mail_events").selectAll().execute()).toHaveLength(1);
  });

  it("marks the copy's outcome: a complaint outranks a bounce, never the reverse", async () => {
    const at = new Date(T0).toISOString();
    const sub = subscriptionRow("yaw@example.com", "confirmed", at);
    await db.insertInto("newsletter_subscriptions").values(sub).execute();
    const id = "7f0e9a34-11aa-4c2b-9d7e-0123456789ab";
    await db
      .insertInto("outbox")
      .values({
        id,
        kind: "newsletter-welcome",
        lead_id: sub.id,
        payload: "{}",
        status: "sent",
        next_attempt_at: at,
        created_at: at,
        sent_at: at,
      })
      .execute();
    const outcome = async () =>
      (
        await db
          .selectFrom("outbox")
          .select("outcome")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).outcome;
    const about = (type: ReturnedMail["type"], ref: string) => ({
      ...event(type, "yaw@example.com", T0 + DAY, ref),
      outboxId: id,
    });
    await recordReturnedMail(db, about("soft-bounce", "1"));
    expect(await outcome()).toBe("soft-bounce");
    await recordReturnedMail(db, about("complaint", "2"));
    expect(await outcome()).toBe("complaint");
    await recordReturnedMail(db, about("hard-bounce", "3"));
    expect(await outcome()).toBe("complaint");
    const reason = await db.selectFrom("mail_suppressions").select("reason").executeTakeFirst();
    expect(reason?.reason).toBe("complaint");
  });

  it("records a list longer than one transaction whole, each once, in order", async () => {
    const count = RETURNS_PER_TRANSACTION + 20;
    const mails = Array.from({ length: count }, (_, i) =>
      event(i % 2 ? "hard-bounce" : "soft-bounce", `r${i}@example.com`, T0, `list-${i}`),
    );
    const ids = await recordReturnedMails(db, mails);
    expect(ids).toEqual(Array(count).fill(expect.any(String)));
    const rows = await db.selectFrom("mail_events").select(["id", "source_ref"]).execute();
    const refOf = new Map(rows.map((r) => [r.id, r.source_ref]));
    expect(ids.map((id) => refOf.get(id as string))).toEqual(mails.map((m) => m.sourceRef));
    expect(await isSuppressed(db, "r1@example.com")).toBe(true);
    expect(await isSuppressed(db, "r0@example.com")).toBe(false);
    // Delivered again (a sender retrying after a failure part way): every one a repeat.
    expect(await recordReturnedMails(db, mails)).toEqual(Array(count).fill(null));
  });
});
