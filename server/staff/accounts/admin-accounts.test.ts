import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { emailKey } from "../../../leads/email";
import { testDialects } from "../../testing/lead-api";
import { changeAccount } from "./accounts-admin";
import { auditOf } from "../../testing/checks";
import { STAFF_SITE, addStaff, signedInStaff, useStaffApi } from "../../testing/staff-api";
import { teamApi, accountsApi } from "../../../staff-api/admin";
import { sessionApi } from "../../../staff-api/session";
import { unchecked, ANY_VERSION } from "../../testing/staff-client";

describe.each(testDialects)("admin API on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("lists the team for the owner picker and filter, the disabled said so", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    await addStaff(api, "ama@example.com", "admin", "Ama Mensah");
    await addStaff(api, "gone@example.com", "marketing");
    await changeAccount(
      api.db,
      (await addStaff(api, "gone@example.com", "marketing")).id,
      { disabled: true },
      { via: "test" },
    );
    const res = await sales.call(teamApi.list);
    expect(res.json()).toEqual({
      items: [
        { email: "ama@example.com", name: "Ama Mensah", role: "admin", disabled: false },
        { email: "gone@example.com", name: "gone", role: "marketing", disabled: true },
        { email: "sales@example.com", name: "sales", role: "sales", disabled: false },
      ],
    });
  });

  it("lists accounts with their last sign-in", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const never = await addStaff(api, "new@example.com", "marketing", "New One");
    const res = await admin.call(accountsApi.list);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: admin.account.id,
          email: "admin@example.com",
          name: "admin",
          role: "admin",
          disabled: false,
          createdAt: api.clock.now.toISOString(),
          lastSignInAt: api.clock.now.toISOString(),
          invitedAt: null,
          invitedBy: null,
          version: expect.any(String),
        },
        {
          id: never.id,
          email: "new@example.com",
          name: "New One",
          role: "marketing",
          disabled: false,
          createdAt: api.clock.now.toISOString(),
          lastSignInAt: null,
          invitedAt: null,
          invitedBy: null,
          version: expect.any(String),
        },
      ],
    });
  });

  it("invites an account with a sign-in link, once", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const res = await admin.call(accountsApi.invite, {
      body: {
        email: " Kofi@Example.COM ",
        role: "marketing",
        name: " Kofi Boateng ",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json();
    expect(account).toEqual({
      id: expect.any(String),
      email: "Kofi@example.com",
      name: "Kofi Boateng",
      role: "marketing",
      disabled: false,
      createdAt: api.clock.now.toISOString(),
      lastSignInAt: null,
      invitedAt: api.clock.now.toISOString(),
      // The inviting admin's name; added without one, theirs is their address's local part.
      invitedBy: "admin",
      version: expect.any(String),
    });
    await api.outbox.runOnce();
    const mail = api.transport.sent.filter((m) => m.to === "Kofi@example.com");
    expect(mail).toHaveLength(1);
    const token = new RegExp(`${STAFF_SITE}/staff/sign-in\\?token=([\\w-]+)`).exec(
      mail[0]?.text ?? "",
    )?.[1];
    expect(token).toBeTruthy();
    // The link signs the new account in.
    const verified = await api.signedOut().call(sessionApi.verify, { body: unchecked({ token }) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email: "Kofi@example.com", role: "marketing" });

    const again = await admin.call(accountsApi.invite, {
      body: {
        email: "kofi@example.com",
        role: "admin",
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: expect.any(String) });
    const [stored] = await api.db
      .selectFrom("staff_accounts")
      .selectAll()
      .where("email_key", "=", emailKey("kofi@example.com"))
      .execute();
    expect(stored?.role).toBe("marketing");

    const audit = await auditOf(api, admin.account.id, "staff.account-added");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ record_type: "staff_account", record_id: account.id });
    expect(JSON.parse(audit[0]?.detail ?? "{}")).toEqual({
      email: "Kofi@example.com",
      role: "marketing",
      via: "console",
      signInLinkSent: true,
    });

    // Bad input: 400, nothing created.
    for (const body of [
      {},
      { email: "not-an-address", role: "sales" },
      { email: "x@example.com", role: "root" },
      { email: "x@example.com", role: "sales", name: "a\u0000b" },
      { email: "x@example.com", role: "sales", name: "n".repeat(101) },
      { email: ["x@example.com"], role: "sales" },
    ]) {
      const bad = await admin.call(accountsApi.invite, { body: unchecked(body) });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      await api.db
        .selectFrom("staff_accounts")
        .select("id")
        .where("email_key", "=", "x@example.com")
        .execute(),
    ).toEqual([]);
  });

  it("audits reading the accounts: the list, and a change that changes nothing", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await addStaff(api, "sales@example.com", "sales", "Esi Sales");
    const list = await admin.call(accountsApi.list);
    expect(list.statusCode).toBe(200);
    const listed = await auditOf(api, admin.account.id, "account.list");
    expect(listed.map((e) => JSON.parse(e.detail))).toEqual([{ accounts: 2 }]);

    for (const body of [{}, { role: "sales" }, { disabled: false }]) {
      const res = await admin.call(accountsApi.change, {
        headers: ANY_VERSION,
        params: { id: sales.id },
        body: unchecked(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json()).toMatchObject({ id: sales.id, name: "Esi Sales", role: "sales" });
    }
    const viewed = await auditOf(api, admin.account.id, "account.view");
    expect(viewed.map((e) => [e.record_type, e.record_id])).toEqual([
      ["staff_account", sales.id],
      ["staff_account", sales.id],
      ["staff_account", sales.id],
    ]);
    // A change is recorded as the change; an unknown account is read by nobody.
    const changed = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: { id: sales.id },
      body: { role: "marketing" },
    });
    expect(changed.json()).toMatchObject({ role: "marketing" });
    expect(await auditOf(api, admin.account.id, "staff.role-changed")).toHaveLength(1);
    const unknown = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: { id: randomUUID() },
      body: {},
    });
    expect(unknown.statusCode).toBe(404);
    expect(await auditOf(api, admin.account.id, "account.view")).toHaveLength(3);
  });
});
