import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { emailKey } from "../../../leads/email";
import { UNSAFE_CHARACTERS_MESSAGE } from "../../../leads/fields";
import { testDialects } from "../../testing";
import { lockKeyForTransaction } from "../../db/database";
import { ACCOUNT_CHANGES_LOCK, AccountChangeRefused, changeAccount } from "./accounts-admin";
import { recordAudit } from "../audit";
import { recordReturnedMail } from "../../mail/returns";
import { withId } from "../../../common/paths";
import type { StaffRole } from "../../../staff-api/roles";
import { staffApiPaths } from "../paths";
import { createSession } from "../sign-in/sessions";
import {
  OUTBOX_MAIL,
  addContact,
  addOutboxMessage,
  addSubscriber,
  at,
  enabledAdmins,
} from "../test-records";
import {
  type ListPage,
  auditOf,
  csvLines,
  expectAccess,
  expectEachOnceNewestFirst,
} from "../test-checks";
import { STAFF_SITE, addStaff, signedInStaff, useStaffApi } from "../testing";

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const accountPath = (id: string) => withId(staffApiPaths.account, id);
const retryPath = (id: string) => withId(staffApiPaths.outboxRetry, id);

describe.each(testDialects)("admin API on $name", ({ url }) => {
  const api = useStaffApi(url);

  const me = (cookie: string) => api.as(cookie).get(staffApiPaths.me);

  it("lets each role use exactly the routes it is given", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const message = await addOutboxMessage(api, at(1));
    const requests: [
      method: "GET" | "PATCH" | "POST",
      path: string,
      body: unknown,
      ok: number,
      allowed: StaffRole[],
    ][] = [
      ["GET", staffApiPaths.team, undefined, 200, ["admin", "sales"]],
      ["GET", staffApiPaths.accounts, undefined, 200, ["admin"]],
      ["POST", staffApiPaths.accounts, { email: "new@example.com", role: "sales" }, 201, ["admin"]],
      ["PATCH", accountPath(sales.account.id), { role: "sales" }, 200, ["admin"]],
      ["GET", staffApiPaths.audit, undefined, 200, ["admin"]],
      ["GET", staffApiPaths.auditCsv, undefined, 200, ["admin"]],
      ["GET", staffApiPaths.auditActions, undefined, 200, ["admin"]],
      ["POST", staffApiPaths.forget, { email: "nobody@example.com" }, 200, ["admin"]],
      ["GET", staffApiPaths.outbox, undefined, 200, ["admin"]],
      ["POST", retryPath(message), undefined, 200, ["admin"]],
    ];
    for (const [method, path, body, ok, allowed] of requests) {
      await expectAccess(api, { marketing, sales, admin }, { method, path, body }, { allowed, ok });
    }
  });

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
    const res = await sales.get(staffApiPaths.team);
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
    const res = await admin.get(staffApiPaths.accounts);
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
        },
      ],
    });
  });

  it("invites an account with a sign-in link, once", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const res = await admin.send("POST", staffApiPaths.accounts, {
      email: " Kofi@Example.COM ",
      role: "marketing",
      name: " Kofi Boateng ",
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
    });
    await api.outbox.runOnce();
    const mail = api.transport.sent.filter((m) => m.to === "Kofi@example.com");
    expect(mail).toHaveLength(1);
    const token = new RegExp(`${STAFF_SITE}/staff/sign-in\\?token=([\\w-]+)`).exec(
      mail[0]?.text ?? "",
    )?.[1];
    expect(token).toBeTruthy();
    // The link signs the new account in.
    const verified = await api.signedOut().send("POST", staffApiPaths.verify, { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email: "Kofi@example.com", role: "marketing" });

    const again = await admin.send("POST", staffApiPaths.accounts, {
      email: "kofi@example.com",
      role: "admin",
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
      const bad = await admin.send("POST", staffApiPaths.accounts, body);
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

  it("disables an account, which signs it out everywhere at once, and enables it again", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const other = await createSession(api.db, sales.account.id, api.clock.now);
    expect((await me(sales.cookie)).statusCode).toBe(200);

    const res = await admin.send("PATCH", accountPath(sales.account.id), {
      disabled: true,
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
    const back = await admin.send("PATCH", accountPath(sales.account.id), {
      disabled: false,
      role: "marketing",
    });
    expect(back.json()).toMatchObject({ disabled: false, role: "marketing" });
    expect((await me(sales.cookie)).statusCode).toBe(401);
    expect(await auditOf(api, admin.account.id, "staff.enabled")).toHaveLength(1);
    const roles = await auditOf(api, admin.account.id, "staff.role-changed");
    expect(JSON.parse(roles[0]?.detail ?? "{}")).toMatchObject({ from: "sales", to: "marketing" });
  });

  it("refuses to let an admin lock themselves, or the company, out", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const self = accountPath(admin.account.id);
    for (const body of [{ disabled: true }, { role: "sales" }, { role: "marketing" }]) {
      const res = await admin.send("PATCH", self, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(/your own/);
    }
    expect((await me(admin.cookie)).json()).toMatchObject({ role: "admin" });
    // Changing nothing of one's own is fine.
    expect((await admin.send("PATCH", self, { role: "admin" })).statusCode).toBe(200);

    // Another admin may be demoted; the last enabled one may not (e.g. from the command line).
    const second = await addStaff(api, "second@example.com", "admin");
    const demoted = await admin.send("PATCH", accountPath(second.id), { role: "sales" });
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
      const res = await admin.send("PATCH", accountPath(id), { role: "sales" });
      expect(res.statusCode, id).toBe(404);
      const retry = await admin.send("POST", retryPath(id));
      expect(retry.statusCode, id).toBe(404);
    }
    for (const body of [
      { role: "root" },
      { disabled: "yes" },
      { disabled: 1 },
      [],
      { role: null },
    ]) {
      const res = await admin.send("PATCH", accountPath(sales.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const notJson = await admin.raw("PATCH", accountPath(sales.id), {
      contentType: "application/json",
      body: "{",
    });
    expect(notJson.statusCode).toBe(400);
    const form = await admin.raw("POST", staffApiPaths.forget, {
      contentType: "application/x-www-form-urlencoded",
      body: "email=a%40b.gh",
    });
    expect(form.statusCode).toBe(415);
    const foreign = await api
      .as(admin.cookie, { origin: "https://evil.example" })
      .send("POST", staffApiPaths.accounts, { email: "evil@example.com", role: "admin" });
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
      for (const path of [staffApiPaths.audit, staffApiPaths.auditCsv]) {
        if (path === staffApiPaths.auditCsv && ("cursor" in query || "limit" in query)) continue;
        const res = await admin.get(path, query);
        expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    }
    const badOutbox: Record<string, string>[] = [
      { state: "delivered" },
      { cursor: "x" },
      { limit: "1000" },
    ];
    for (const query of badOutbox) {
      const res = await admin.get(staffApiPaths.outbox, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    for (const body of [{}, { email: "nobody" }, { email: 5 }]) {
      const res = await admin.send("POST", staffApiPaths.forget, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("lists the audit log newest first, filtered, page by page, and audits the reading", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const actor = await addStaff(api, "actor@example.com", "sales");
    const expected: string[] = [];
    for (let i = 0; i < 45; i++) {
      await recordAudit(api.db, {
        action: i % 3 ? "lead.view" : "lead.note-added",
        at: at(Math.floor(i / 4)),
        actor: { id: actor.id, email: actor.email },
        record: { type: "lead", id: `contact_${i}` },
        detail: i % 3 ? {} : { length: i },
      });
    }
    const ids = await api.db
      .selectFrom("audit_log")
      .select("id")
      .where("actor_id", "=", actor.id)
      .execute();
    expected.push(...ids.map((r) => r.id));

    const page = (query: Record<string, string | undefined>) =>
      admin.read<ListPage>(staffApiPaths.audit, query);
    const first = await page({ actor: "ACTOR@example.com", limit: "2" });
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      at: at(11),
      actor: "actor@example.com",
      actorName: "actor",
      action: "lead.view",
      // No such lead is stored: as the log says of an erased one.
      subject: { type: "lead", id: "contact_44", stored: false, email: null },
      detail: null,
    });

    const pages = await expectEachOnceNewestFirst(
      (cursor) => page({ actor: "actor@example.com", limit: "7", cursor: cursor ?? undefined }),
      expected,
      "at",
    );
    expect(pages).toBe(7);
    expect(expected).toHaveLength(45);

    const notes = await page({ actor: "actor@example.com", action: "lead.note-added" });
    expect(notes.items).toHaveLength(15);
    expect(notes.items[0]).toMatchObject({ detail: { length: 42 } });
    const window = await page({ actor: "actor@example.com", since: at(1), until: at(2) });
    expect(window.items).toHaveLength(4);
    expect((await page({ actor: "nobody@example.com" })).items).toEqual([]);
    expect((await page({ action: "no.such-action" })).items).toEqual([]);

    // Entries with nested detail come back as they were written.
    const views = await page({ actor: "admin@example.com", action: "audit.viewed" });
    expect(views.items).toContainEqual({
      id: expect.any(String),
      at: api.clock.now.toISOString(),
      actor: "admin@example.com",
      actorName: expect.any(String),
      action: "audit.viewed",
      subject: null,
      detail: { filters: { actor: "no such account" }, page: "first" },
    });
    const actions = await admin.get(staffApiPaths.auditActions);
    expect(actions.json().items).toEqual(
      expect.arrayContaining(["audit.viewed", "lead.note-added", "lead.view"]),
    );
    expect(actions.json().items).toEqual(actions.json().items.toSorted());

    const viewed = await auditOf(api, admin.account.id, "audit.viewed");
    expect(viewed.length).toBe(pages + 6);
    // The actor as their account's id, never an address; no page size.
    expect(viewed.map((a) => JSON.parse(a.detail))).toContainEqual({
      filters: { actor: actor.id },
      page: "next",
    });

    // The CSV: the same entries, formula-safe, and its own entry in the log.
    api.advance(MINUTE);
    const csv = await admin.get(`${staffApiPaths.auditCsv}?actor=actor@example.com`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["x-row-count"]).toBe("45");
    const lines = csvLines(csv);
    expect(lines[0]).toBe("id,at,actor,action,subjectType,subjectId,detail");
    expect(lines).toHaveLength(46);
    expect(lines[1]).toMatch(/,actor@example\.com,lead\.view,lead,contact_44,$/);
    expect(lines.filter((l) => l.includes(",contact_0,"))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^[\\w-]+,${at(0)},actor@example\\.com,lead\\.note-added,lead,contact_0,"\\{""length"":0\\}"$`,
        ),
      ),
    ]);
    const exported = await auditOf(api, admin.account.id, "audit.export");
    expect(JSON.parse(exported[0]?.detail ?? "{}")).toEqual({
      filters: { actor: actor.id },
      rows: 45,
    });
  });

  it("exports audit entries as formula-safe CSV", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    await recordAudit(api.db, {
      action: "lead.view",
      at: at(0),
      actor: { id: admin.account.id, email: admin.account.email },
      record: { type: "=cmd", id: "+1" },
    });
    api.advance(MINUTE);
    const csv = await admin.get(staffApiPaths.auditCsv, `actor=admin@example.com&until=${at(1)}`);
    const lines = csvLines(csv);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",admin@example.com,lead.view,'=cmd,'+1,");
  });

  it("erases a person as the command line does, and keeps no trace of the address", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const lead = await addContact(api, at(0), { email: "ama@example.com" });
    await addOutboxMessage(api, at(0), {
      kind: "contact",
      leadId: lead.slice("contact_".length),
      payload: { ...OUTBOX_MAIL, to: "sales@site.test" },
    });
    await addSubscriber(api, at(0), { email: "Ama@example.com", status: "confirmed", source: "/" });
    const notes = await admin.send("POST", withId(staffApiPaths.leadNotes, lead), {
      text: "Called Ama",
    });
    expect(notes.statusCode).toBe(201);
    await recordReturnedMail(api.db, {
      source: "postmark",
      sourceRef: "pm-1",
      type: "hard-bounce",
      email: "ama@example.com",
      status: "5.1.1",
      detail: "550 5.1.1 ama@example.com: no such user",
      at: new Date(at(1)),
    });

    const res = await admin.send("POST", staffApiPaths.forget, {
      email: " AMA@Example.com ",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      erased: {
        outbox: 1,
        lead_states: 1,
        lead_events: 1,
        newsletter_subscriptions: 1,
        contact_messages: 1,
        demo_requests: 0,
        mail_events: 1,
        mail_suppressions: 1,
        mail_mentions: 0,
      },
    });
    for (const table of [
      "contact_messages",
      "newsletter_subscriptions",
      "lead_events",
      "mail_events",
    ] as const) {
      expect(await api.db.selectFrom(table).select("id").execute(), table).toEqual([]);
    }
    const erased = await auditOf(api, admin.account.id, "person.erased");
    expect(erased).toHaveLength(1);
    expect(erased[0]?.record_id).toBeNull();
    expect(JSON.parse(erased[0]?.detail ?? "{}")).toEqual({
      erased: res.json().erased,
      via: "console",
    });
    expect(JSON.stringify(erased[0])).not.toMatch(/ama/i);
    // Asking again erases nothing, and is recorded too.
    const again = await admin.send("POST", staffApiPaths.forget, {
      email: "ama@example.com",
    });
    expect(again.json().erased).toEqual(
      Object.fromEntries(Object.keys(res.json().erased).map((table) => [table, 0])),
    );
    expect(await auditOf(api, admin.account.id, "person.erased")).toHaveLength(2);
  });

  it("refuses hidden characters in the audit log's filters, report types and an invitee's name", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const refused = (field: string) => ({ error: `${field}: ${UNSAFE_CHARACTERS_MESSAGE}` });
    for (const bad of ["\u0000", "\u001b[2J", "\u0007", "\u007f", "\u0085", "\u202e", "\u2028"]) {
      for (const path of [staffApiPaths.audit, staffApiPaths.auditCsv]) {
        const query = new URLSearchParams({ action: `lead${bad}.view` });
        const res = await admin.get(`${path}?${query}`);
        expect(res.statusCode, `${path} ${query}`).toBe(400);
        expect(res.json()).toEqual(refused("action"));
      }
      const report = new URLSearchParams({ by: "week", type: `contact${bad},demo` });
      expect((await admin.get(`${staffApiPaths.leadReport}?${report}`)).json()).toEqual(
        refused("type"),
      );
      const invite = await admin.send("POST", staffApiPaths.accounts, {
        email: "kofi@example.com",
        role: "sales",
        name: `Kofi${bad}Boateng`,
      });
      expect(invite.statusCode).toBe(400);
      expect(invite.json()).toEqual(refused("name"));
    }
    expect((await admin.get(staffApiPaths.accounts)).json().items).toHaveLength(1);
    // An empty filter is no filter.
    expect((await admin.get(`${staffApiPaths.audit}?action=`)).statusCode).toBe(200);
  });

  it("audits reading the accounts: the list, and a change that changes nothing", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await addStaff(api, "sales@example.com", "sales", "Esi Sales");
    const list = await admin.get(staffApiPaths.accounts);
    expect(list.statusCode).toBe(200);
    const listed = await auditOf(api, admin.account.id, "account.list");
    expect(listed.map((e) => JSON.parse(e.detail))).toEqual([{ accounts: 2 }]);

    for (const body of [{}, { role: "sales" }, { disabled: false }]) {
      const res = await admin.send("PATCH", accountPath(sales.id), body);
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
    const changed = await admin.send("PATCH", accountPath(sales.id), { role: "marketing" });
    expect(changed.json()).toMatchObject({ role: "marketing" });
    expect(await auditOf(api, admin.account.id, "staff.role-changed")).toHaveLength(1);
    const unknown = await admin.send("PATCH", accountPath(randomUUID()), {});
    expect(unknown.statusCode).toBe(404);
    expect(await auditOf(api, admin.account.id, "account.view")).toHaveLength(3);
  });

  it("keeps no trace of an erased person's address in the audit log, however staff looked", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const address = "Ama.Mensah@example.com";
    const searches = [
      `${staffApiPaths.leads}?q=${address}`,
      `${staffApiPaths.leads}?owner=${address}`,
      `${staffApiPaths.leads}?product=${address}`,
      `${staffApiPaths.leadsCsv}?owner=${address}&product=${address}&q=${address}`,
      `${staffApiPaths.leadStats}?owner=${address}&product=${address}`,
      `${staffApiPaths.subscribers}?q=${address}`,
      `${staffApiPaths.subscribersCsv}?q=${address}`,
      `${staffApiPaths.audit}?actor=${address}`,
      `${staffApiPaths.audit}?action=${address}`,
      `${staffApiPaths.auditCsv}?actor=${address}&action=${address}`,
    ];
    for (const path of searches) {
      const res = await admin.get(path.replaceAll("@", "%40"));
      expect(res.statusCode, path).toBe(200);
    }
    const erased = await admin.send("POST", staffApiPaths.forget, { email: address });
    expect(erased.statusCode).toBe(200);
    const entries = await auditOf(api, admin.account.id);
    expect(entries).toHaveLength(searches.length + 1);
    expect(JSON.stringify(entries)).not.toMatch(/ama|mensah/i);
  });

  it("lists waiting and failed mail without bodies, and retries a failed message", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const failed = await addOutboxMessage(api, at(3), { attempts: 3 });
    const pending = await addOutboxMessage(api, at(2), { status: "pending", attempts: 1 });
    const sent = await addOutboxMessage(api, at(1), { status: "sent" });
    const signIn = await addOutboxMessage(api, at(0), { kind: "staff-sign-in" });

    const list = (query: Record<string, string> = {}) =>
      admin.read<ListPage>(staffApiPaths.outbox, query);
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
    expect(rest.items.map((i) => i.id)).toEqual([signIn]);
    expect(rest.nextCursor).toBeNull();
    expect(await auditOf(api, admin.account.id, "outbox.viewed")).toHaveLength(6);

    api.advance(MINUTE);
    const retried = await admin.send("POST", retryPath(failed));
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      id: failed,
      state: "pending",
      attempts: 0,
      nextAttemptAt: api.clock.now.toISOString(),
    });
    expect((await admin.send("POST", retryPath(failed))).statusCode).toBe(409);
    expect((await admin.send("POST", retryPath(pending), {})).statusCode).toBe(409);
    // A sent e-mail is not sent again (server/alerts/alerts.test.ts re-sends a sent alert).
    expect((await admin.send("POST", retryPath(sent))).statusCode).toBe(409);
    const dropped = await admin.send("POST", retryPath(signIn));
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
