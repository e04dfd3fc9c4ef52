import { describe, expect, it } from "vitest";
import { testDialects } from "../testing/lead-api";
import { addOutboxMessage, at, MINUTE } from "../testing/records";
import { type ListPage, auditOf, expectLastPage } from "../testing/checks";
import { signedInStaff, useStaffApi } from "../testing/staff-api";
import { outboxApi } from "../../staff-api/admin";

describe.each(testDialects)("admin API on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("lists waiting and failed mail without bodies, and retries a failed message", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const failed = await addOutboxMessage(api, at(3), { attempts: 3 });
    const pending = await addOutboxMessage(api, at(2), { status: "pending", attempts: 1 });
    const sent = await addOutboxMessage(api, at(1), { status: "sent" });
    const signIn = await addOutboxMessage(api, at(0), { kind: "staff-sign-in" });

    const list = (query: Record<string, string> = {}) =>
      admin.read<ListPage>(outboxApi.list, { query });
    const all = await list();
    expect(all.items.map((i) => i.id)).toEqual([failed, pending, signIn]);
    expect(all.items[0]).toEqual({
      id: failed,
      kind: "newsletter-confirmation",
      to: "esi@example.com",
      subject: "Please confirm",
      attempts: 3,
      lastError: "550 mailbox unavailable",
      createdAt: at(3),
      nextAttemptAt: at(3),
      state: "failed",
    });
    expect(JSON.stringify(all)).not.toMatch(/secret body|token=/);
    expect((await list({ state: "failed" })).items.map((i) => i.id)).toEqual([failed, signIn]);
    expect((await list({ state: "pending" })).items.map((i) => i.id)).toEqual([pending]);
    expect((await list({ state: "sent" })).items.map((i) => i.id)).toEqual([sent]);
    const firstPage = await list({ limit: "2" });
    expect(firstPage.items).toHaveLength(2);
    const rest = await list({ limit: "2", cursor: String(firstPage.nextCursor) });
    expectLastPage(rest, [signIn]);
    expect(await auditOf(api, admin.account.id, "outbox.viewed")).toHaveLength(6);

    api.advance(MINUTE);
    const retried = await admin.call(outboxApi.retry, { params: { id: failed } });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      id: failed,
      state: "pending",
      attempts: 0,
      nextAttemptAt: api.clock.now.toISOString(),
    });
    expect((await admin.call(outboxApi.retry, { params: { id: failed } })).statusCode).toBe(409);
    expect(
      (await admin.call(outboxApi.retry, { params: { id: pending }, body: {} })).statusCode,
    ).toBe(409);
    // A sent e-mail is not sent again (server/alerts/alerts.test.ts re-sends a sent alert).
    expect((await admin.call(outboxApi.retry, { params: { id: sent } })).statusCode).toBe(409);
    const dropped = await admin.call(outboxApi.retry, { params: { id: signIn } });
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().error).toMatch(/sign-in link/);
    const audit = await auditOf(api, admin.account.id, "outbox.retried");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ record_type: "outbox", record_id: failed });
    expect(JSON.parse(audit[0]?.detail ?? "{}")).toEqual({
      kind: "newsletter-confirmation",
      attemptsBefore: 3,
    });

    // The worker sends it at once.
    await api.outbox.runOnce();
    expect(api.transport.sent.map((m) => m.to)).toContain("esi@example.com");
    const [row] = await api.db
      .selectFrom("outbox")
      .select(["status", "attempts"])
      .where("id", "=", failed)
      .execute();
    expect(row).toEqual({ status: "sent", attempts: 1 });
  });
});
