import { describe, expect, it } from "vitest";
import { subscribersApi } from "../../../staff-api/subscribers";
import { suppress } from "../returns/suppressions";
import { testDialects } from "../../testing/lead-api";
import { addSubscriber, at } from "../../testing/records";
import { auditOf, refusedWith } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";

// What marketing does for one subscriber who asks (the confirmation e-mail again, leaving the
// list), and the counts above the list.

describe.each(testDialects)("a subscriber's actions on $name", ({ url }) => {
  const api = useStaffApi(url);
  const { counts, resendConfirmation, unsubscribe } = subscribersApi;

  const confirmationsTo = (id: string) =>
    api.db
      .selectFrom("outbox")
      .select(["recipient_key", "payload", "created_at"])
      .where("lead_id", "=", id)
      .where("kind", "=", "newsletter-confirmation")
      .execute();

  it("counts subscribers in each state, and those the filters match", async () => {
    await addSubscriber(api, at(1), { email: "esi@example.com" });
    await addSubscriber(api, at(2), { email: "kofi@example.com", status: "confirmed" });
    await addSubscriber(api, at(3), { email: "ama@corp.example", status: "confirmed" });
    await addSubscriber(api, at(4), { email: "yaw@example.com", status: "unsubscribed" });
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const countOf = async (query: Record<string, string>) =>
      (await marketing.call(counts, { query })).json();
    expect(await countOf({})).toEqual({ matching: 4, pending: 1, confirmed: 2, unsubscribed: 1 });
    expect(await countOf({ q: "example.com", status: "confirmed" })).toEqual({
      matching: 1,
      pending: 1,
      confirmed: 1,
      unsubscribed: 1,
    });
    const [entry] = await auditOf(api, marketing.account.id, "subscriber.count");
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({ filters: {} });
  });

  it("sends the confirmation again to one who has not confirmed, at most hourly", async () => {
    const esi = await addSubscriber(api, at(1), { email: "esi@example.com" });
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const res = await marketing.call(resendConfirmation, { params: { id: esi } });
    expect(res.statusCode).toBe(202);
    const [sent, ...more] = await confirmationsTo(esi);
    expect(more).toEqual([]);
    expect(sent?.recipient_key).toBe("esi@example.com");
    expect(JSON.parse(sent?.payload ?? "{}")).toMatchObject({ to: "esi@example.com" });
    const [entry] = await auditOf(api, marketing.account.id, "subscriber.confirmation-resent");
    expect(entry).toMatchObject({ record_type: "subscriber", record_id: esi });

    // The list says when it went, and from when another may go.
    const listed = (await marketing.call(subscribersApi.list, { query: {} })).json();
    expect(listed.items).toMatchObject([
      {
        id: esi,
        confirmationSentAt: sent?.created_at,
        confirmationAgainAt: new Date(Date.parse(sent?.created_at ?? "") + 3_600_000).toISOString(),
      },
    ]);

    // Again at once: refused with why, and nothing more sent.
    const again = await marketing.call(resendConfirmation, { params: { id: esi } });
    refusedWith(409, again);
    expect(again.json().error).toMatch(/less than an hour ago/);
    expect(await confirmationsTo(esi)).toHaveLength(1);
    // An hour later it may go again (signed in afresh: the session has idled out meanwhile).
    api.advance(61 * 60_000);
    const later = await signedInStaff(api, "mkt2@example.com", "marketing");
    expect((await later.call(resendConfirmation, { params: { id: esi } })).statusCode).toBe(202);
  });

  it("refuses to send it to one who confirmed or left, or to no one", async () => {
    const kofi = await addSubscriber(api, at(1), {
      email: "kofi@example.com",
      status: "confirmed",
    });
    const yaw = await addSubscriber(api, at(2), {
      email: "yaw@example.com",
      status: "unsubscribed",
    });
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const confirmed = await admin.call(resendConfirmation, { params: { id: kofi } });
    refusedWith(409, confirmed);
    expect(confirmed.json().error).toMatch(/confirmed already/);
    refusedWith(409, await admin.call(resendConfirmation, { params: { id: yaw } }));
    for (const id of ["00000000-0000-4000-8000-000000000000", "not/an id", "x".repeat(65)]) {
      refusedWith(404, await admin.call(resendConfirmation, { params: { id } }));
      refusedWith(404, await admin.call(unsubscribe, { params: { id } }));
    }
    expect(await confirmationsTo(kofi)).toEqual([]);
  });

  it("says so, and sends nothing, when the address is on the suppression list", async () => {
    const esi = await addSubscriber(api, at(1), { email: "esi@example.com" });
    await suppress(api.db, {
      email: "ESI@example.com",
      reason: "hard-bounce",
      at: at(2),
      detail: "550 5.1.1 no such user",
      eventId: null,
    });
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const res = await marketing.call(resendConfirmation, { params: { id: esi } });
    refusedWith(409, res);
    expect(res.json().error).toMatch(/suppression list \(its mailbox does not exist\)/);
    expect(await confirmationsTo(esi)).toEqual([]);
  });

  it("unsubscribes one who asks, once, recorded; sales may do neither", async () => {
    const kofi = await addSubscriber(api, at(1), {
      email: "kofi@example.com",
      status: "confirmed",
    });
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    refusedWith(403, await sales.call(unsubscribe, { params: { id: kofi } }));
    refusedWith(403, await sales.call(resendConfirmation, { params: { id: kofi } }));
    refusedWith(403, await sales.call(counts));

    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    for (let i = 0; i < 2; i++) {
      expect((await marketing.call(unsubscribe, { params: { id: kofi } })).statusCode).toBe(200);
    }
    const row = await api.db
      .selectFrom("newsletter_subscriptions")
      .select(["status", "unsubscribed_at"])
      .where("id", "=", kofi)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "unsubscribed", unsubscribed_at: expect.any(String) });
    // The change is recorded once: the second changed nothing.
    const entries = await auditOf(api, marketing.account.id, "subscriber.unsubscribed");
    expect(entries.map((e) => e.record_id)).toEqual([kofi]);
  });
});
