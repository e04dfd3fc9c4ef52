import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../testing/lead-api";
import { lockKeyForTransaction } from "../../db/database";
import { ACCOUNT_CHANGES_LOCK, AccountChangeRefused, changeAccount } from "./accounts-admin";
import { createSession } from "../sign-in/sessions";
import { enabledAdmins } from "../../testing/records";
import { auditOf } from "../../testing/checks";
import { addStaff, signedInStaff, useStaffApi } from "../../testing/staff-api";
import { pathOf } from "../../../staff-api/endpoint";
import { sessionApi } from "../../../staff-api/session";
import { accountsApi, outboxApi, erasureApi } from "../../../staff-api/admin";
import { unchecked, ANY_VERSION } from "../../testing/staff-client";
import { auditApi } from "../../../staff-api/audit";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects)("admin API on $name", ({ url }) => {
  const api = useStaffApi(url);

  const me = (cookie: string) => api.as(cookie).call(sessionApi.me);

  it("disables an account, which signs it out everywhere at once, and enables it again", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const other = await createSession(api.db, sales.account.id, api.clock.now);
    expect((await me(sales.cookie)).statusCode).toBe(200);

    const res = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: { id: sales.account.id },
      body: {
        disabled: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: sales.account.id, disabled: true, role: "sales" });
    expect((await me(sales.cookie)).statusCode).toBe(401);
    expect((await me(`staff_session=${other.secret}`)).statusCode).toBe(401);
    const sessions = await api.db
      .selectFrom("staff_sessions")
      .select("revoked_at")
      .where("account_id", "=", sales.account.id)
      .execute();
    expect(sessions.map((s) => s.revoked_at)).toEqual([
      api.clock.now.toISOString(),
      api.clock.now.toISOString(),
    ]);
    const disabled = await auditOf(api, admin.account.id, "staff.disabled");
    expect(disabled).toHaveLength(1);
    expect(JSON.parse(disabled[0]?.detail ?? "{}")).toMatchObject({
      sessionsRevoked: 2,
      via: "console",
    });

    // Enabled again: the old sessions stay revoked; the role changes in the same request.
    const back = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: { id: sales.account.id },
      body: {
        disabled: false,
        role: "marketing",
      },
    });
    expect(back.json()).toMatchObject({ disabled: false, role: "marketing" });
    expect((await me(sales.cookie)).statusCode).toBe(401);
    expect(await auditOf(api, admin.account.id, "staff.enabled")).toHaveLength(1);
    const roles = await auditOf(api, admin.account.id, "staff.role-changed");
    expect(JSON.parse(roles[0]?.detail ?? "{}")).toMatchObject({ from: "sales", to: "marketing" });
  });

  it("refuses to let an admin lock themselves, or the company, out", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const self = { id: admin.account.id };
    for (const body of [
      { disabled: true },
      { role: "sales" as const },
      { role: "marketing" as const },
    ]) {
      const res = await admin.call(accountsApi.change, {
        headers: ANY_VERSION,
        params: self,
        body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(/your own/);
    }
    expect((await me(admin.cookie)).json()).toMatchObject({ role: "admin" });
    // Changing nothing of one's own is fine.
    const unchanged = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: self,
      body: { role: "admin" },
    });
    expect(unchanged.statusCode).toBe(200);

    // Another admin may be demoted; the last enabled one may not (e.g. from the command line).
    const second = await addStaff(api, "second@example.com", "admin");
    const demoted = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: { id: second.id },
      body: { role: "sales" },
    });
    expect(demoted.statusCode).toBe(200);
    await expect(
      changeAccount(api.db, admin.account.id, { role: "sales" }, { via: "test" }),
    ).rejects.toThrow(AccountChangeRefused);
    await expect(
      changeAccount(api.db, admin.account.id, { disabled: true }, { via: "test" }),
    ).rejects.toThrow(/no enabled admin/);
    const [stored] = await api.db
      .selectFrom("staff_accounts")
      .select(["role", "disabled_at"])
      .where("id", "=", admin.account.id)
      .execute();
    expect(stored).toEqual({ role: "admin", disabled_at: null });
  });

  it("applies account changes one at a time, so two admins cannot demote each other", async () => {
    const one = await addStaff(api, "one@example.com", "admin");
    const two = await addStaff(api, "two@example.com", "admin");
    // While `two` demotes `one` in a transaction that has not committed yet, `one` demotes `two`:
    // it must wait, then see that it would leave no admin.
    const second = Promise.allSettled([
      sleep(50).then(() =>
        changeAccount(
          api.db,
          two.id,
          { role: "sales" },
          { actor: { id: one.id, email: one.email }, via: "test" },
        ),
      ),
    ]);
    await api.db.transaction().execute(async (trx) => {
      await lockKeyForTransaction(trx, ACCOUNT_CHANGES_LOCK);
      await trx
        .updateTable("staff_accounts")
        .set({ role: "sales" })
        .where("id", "=", one.id)
        .execute();
      await sleep(300);
    });
    const [result] = await second;
    expect(result?.status).toBe("rejected");
    expect(result?.status === "rejected" && result.reason).toBeInstanceOf(AccountChangeRefused);
    expect(await enabledAdmins(api.db)).toEqual(["two@example.com"]);
  });

  it("answers 404 or 400 to unknown ids and bad changes, never 5xx", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await addStaff(api, "sales@example.com", "sales");
    for (const id of [randomUUID(), "x y", "..", "a".repeat(65), "%00"]) {
      const res = await admin.call(accountsApi.change, {
        headers: ANY_VERSION,
        params: { id },
        body: { role: "sales" },
      });
      expect(res.statusCode, id).toBe(404);
      const retry = await admin.call(outboxApi.retry, { params: { id } });
      expect(retry.statusCode, id).toBe(404);
    }
    for (const body of [
      { role: "root" },
      { disabled: "yes" },
      { disabled: 1 },
      [],
      { role: null },
    ]) {
      const res = await admin.call(accountsApi.change, {
        headers: ANY_VERSION,
        params: { id: sales.id },
        body: unchecked(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const notJson = await admin.raw("PATCH", pathOf(accountsApi.change, { id: sales.id }), {
      contentType: "application/json",
      body: "{",
    });
    expect(notJson.statusCode).toBe(400);
    const form = await admin.raw("POST", erasureApi.forget.path, {
      contentType: "application/x-www-form-urlencoded",
      body: "email=a%40b.gh",
    });
    expect(form.statusCode).toBe(415);
    const foreign = await api
      .as(admin.cookie, { origin: "https://evil.example" })
      .call(accountsApi.invite, { body: { email: "evil@example.com", role: "admin" } });
    expect(foreign.statusCode).toBe(403);
    const badAudit: Record<string, string>[] = [
      { limit: "0" },
      { limit: "101" },
      { cursor: "nope" },
      { actor: "not-an-email" },
      { action: "a".repeat(101) },
      { since: "yesterday" },
      { until: "2026-02-30" },
    ];
    for (const query of badAudit) {
      for (const endpoint of [auditApi.list, auditApi.exportCsv]) {
        if (endpoint === auditApi.exportCsv && ("cursor" in query || "limit" in query)) continue;
        const res = await admin.call(endpoint, { query });
        expect(res.statusCode, `${endpoint.path} ${JSON.stringify(query)}`).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    }
    const badOutbox: Record<string, string>[] = [
      { state: "delivered" },
      { cursor: "x" },
      { limit: "1000" },
    ];
    for (const query of badOutbox) {
      const res = await admin.call(outboxApi.list, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    for (const body of [{}, { email: "nobody" }, { email: 5 }]) {
      const res = await admin.call(erasureApi.forget, { body: unchecked(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
