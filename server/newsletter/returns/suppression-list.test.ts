import { beforeEach, describe, expect, it } from "vitest";
import { type SuppressionPage, suppressionsApi } from "../../../staff-api/mail";
import { recordReturnedMail, suppress } from "./returns";
import { testDialects } from "../../testing/lead-api";
import { auditOf, refusedWith } from "../../testing/checks";
import { at } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";

// The suppression list as marketing sees it, and lifting an entry: only a soft bounce or one made
// by hand; a hard bounce or a complaint stays.

describe.each(testDialects)("the suppression list on $name", ({ url }) => {
  const api = useStaffApi(url);
  const { list, add, lift } = suppressionsApi;

  beforeEach(async () => {
    await api.db.deleteFrom("mail_suppressions").execute();
    await api.db.deleteFrom("mail_events").execute();
  });

  /** Suppresses three addresses: by hand, for soft bounces, and by the complaint recorder. */
  async function threeEntries() {
    await suppress(api.db, {
      email: "ama@example.com",
      reason: "manual",
      at: at(1),
      detail: "Asked by phone",
      eventId: null,
    });
    await suppress(api.db, {
      email: "kofi@corp.example",
      reason: "soft-bounce",
      at: at(2),
      detail: "452 4.2.2 Mailbox full",
      eventId: null,
    });
    await recordReturnedMail(api.db, {
      source: "postmark",
      sourceRef: "complaint-1",
      type: "complaint",
      email: "esi@example.com",
      status: null,
      detail: "abuse",
      at: new Date(at(3)),
    });
    const rows = await api.db.selectFrom("mail_suppressions").select(["id", "email"]).execute();
    return Object.fromEntries(rows.map((row) => [row.email, row.id]));
  }

  it("lists the entries newest first with why, searched by address, each page read audited", async () => {
    const ids = await threeEntries();
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const page = async (query: Record<string, string>) => {
      const res = await marketing.call(list, { query });
      expect(res.statusCode).toBe(200);
      return res.json() as SuppressionPage;
    };
    const first = await page({ limit: "2" });
    expect(first.items).toEqual([
      {
        id: ids["esi@example.com"],
        email: "esi@example.com",
        reason: "complaint",
        at: at(3),
        detail: "abuse",
      },
      {
        id: ids["kofi@corp.example"],
        email: "kofi@corp.example",
        reason: "soft-bounce",
        at: at(2),
        detail: "452 4.2.2 Mailbox full",
      },
    ]);
    const second = await page({ limit: "2", cursor: first.nextCursor ?? "" });
    expect(second).toEqual({
      items: [expect.objectContaining({ email: "ama@example.com", reason: "manual" })],
      nextCursor: null,
    });
    expect((await page({ q: "EXAMPLE.com" })).items.map((item) => item.email)).toEqual([
      "esi@example.com",
      "ama@example.com",
    ]);
    refusedWith(400, await marketing.call(list, { query: { cursor: "not-ours" } }));

    const entries = await auditOf(api, marketing.account.id, "suppression.list");
    expect(entries.map((entry) => JSON.parse(entry.detail))).toEqual([
      { filters: {}, page: "first" },
      { filters: {}, page: "next" },
      // The search is kept as its length only: the log outlives any erasure.
      { filters: { q: "(11 characters)" }, page: "first" },
    ]);
  });

  it("lifts a soft bounce or a manual entry, recorded with its reason and date, never the address", async () => {
    const ids = await threeEntries();
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const softBounce = ids["kofi@corp.example"] as string;
    const res = await marketing.call(lift, { params: { id: softBounce } });
    expect(res.statusCode).toBe(204);
    const [entry, ...more] = await auditOf(api, marketing.account.id, "suppression.lifted");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ record_type: "mail_suppression", record_id: softBounce });
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({ reason: "soft-bounce", since: at(2) });
    expect(entry?.detail).not.toMatch(/kofi/);
    expect(
      (await marketing.call(lift, { params: { id: ids["ama@example.com"] ?? "" } })).statusCode,
    ).toBe(204);
    const left = await api.db.selectFrom("mail_suppressions").select("email").execute();
    expect(left.map((row) => row.email)).toEqual(["esi@example.com"]);

    // Gone already: 404, and nothing more recorded.
    refusedWith(404, await marketing.call(lift, { params: { id: softBounce } }));
    expect(await auditOf(api, marketing.account.id, "suppression.lifted")).toHaveLength(2);
  });

  it("refuses to lift a complaint or a hard bounce, saying why, and keeps it", async () => {
    const ids = await threeEntries();
    await recordReturnedMail(api.db, {
      source: "smtp",
      sourceRef: "dsn-1",
      type: "hard-bounce",
      email: "yaw@example.com",
      status: "5.1.1",
      detail: "550 5.1.1 No such user",
      at: new Date(at(4)),
    });
    const hard = await api.db
      .selectFrom("mail_suppressions")
      .select("id")
      .where("email", "=", "yaw@example.com")
      .executeTakeFirstOrThrow();
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const complaint = await admin.call(lift, { params: { id: ids["esi@example.com"] ?? "" } });
    refusedWith(409, complaint);
    expect(complaint.json().error).toMatch(/marked the newsletter as spam/);
    const bounce = await admin.call(lift, { params: { id: hard.id } });
    refusedWith(409, bounce);
    expect(bounce.json().error).toMatch(/mailbox does not exist/);
    expect(await api.db.selectFrom("mail_suppressions").select("id").execute()).toHaveLength(4);
    expect(await auditOf(api, admin.account.id, "suppression.lifted")).toEqual([]);
  });

  it("adds an address by hand, once, recorded without the address", async () => {
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    api.clock.now = new Date(at(5));
    const res = await marketing.call(add, {
      body: { email: " Abena@Example.com ", note: "Asked by phone" },
    });
    expect(res.statusCode).toBe(201);
    const added = res.json();
    expect(added).toEqual({
      id: expect.any(String),
      email: "Abena@example.com",
      reason: "manual",
      at: at(5),
      detail: "Asked by phone",
    });
    const [entry] = await auditOf(api, marketing.account.id, "suppression.added");
    expect(entry).toMatchObject({ record_type: "mail_suppression", record_id: added.id });
    expect(entry?.detail).not.toMatch(/abena/i);

    // Twice, or an address suppressed for a complaint: refused, the entry left as it is.
    const again = await marketing.call(add, { body: { email: "abena@example.com" } });
    refusedWith(409, again);
    expect(again.json().error).toMatch(/on the list already \(added by hand\)/);
    await threeEntries();
    const complained = await marketing.call(add, { body: { email: "esi@example.com" } });
    refusedWith(409, complained);
    expect(complained.json().error).toMatch(/marked the newsletter as spam/);
    refusedWith(400, await marketing.call(add, { body: { email: "not an address" } }));
    expect(await auditOf(api, marketing.account.id, "suppression.added")).toHaveLength(1);
  });
});
