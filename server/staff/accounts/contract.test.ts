import { randomUUID } from "node:crypto";
import { ANY_VERSION } from "../../testing/staff-client";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { apiPaths } from "../../../common/paths";
import {
  OutboxItem,
  StaffAccount,
  accountsApi,
  erasureApi,
  outboxApi,
  teamApi,
} from "../../../staff-api/admin";
import { AuditItem, auditApi } from "../../../staff-api/audit";
import { pathOf } from "../../../staff-api/endpoint";
import { staffAccount } from "../../../staff-api/test-samples";
import type { OutboxKind, OutboxStatus } from "../../db/schema";
import { postJson, sampleContact, sqliteOnly } from "../../testing/lead-api";
import { changeAccount } from "./accounts-admin";
import { recordAudit } from "../../audit/audit";
import { aMinuteAgo, addOutboxMessage } from "../../testing/records";
import { answered, everyPage, parsedAnswer, refusedWith, expectStrict } from "../../testing/checks";
import { type StaffApi, addStaff, signedInStaff, useStaffApi } from "../../testing/staff-api";

// Every answer of the admin routes (the team, accounts, erasure, the outbox and the audit log),
// read back as the console reads it: parsed with its contract schema, whose objects are strict.
// As for the lead inbox (contract.test.ts), the app under test also checks each answer before
// Fastify serialises it (checkAnswers, testing/staff-api.ts), so a field the query module leaves
// out fails here rather than reaching the console as undefined.

/** An outbox message as the worker leaves it, a minute ago. */
const addMessage = (
  api: StaffApi,
  options: { kind: OutboxKind; status: OutboxStatus; payload: unknown },
) =>
  addOutboxMessage(api, aMinuteAgo(api), {
    ...options,
    attempts: options.status === "pending" ? 0 : 3,
  });

const mail = { to: "esi@example.com", subject: "Please confirm", text: "…", html: "<p>…</p>" };

describe.each(sqliteOnly)("the admin answers match the contract on $name", ({ url }) => {
  const api = useStaffApi(url);

  const signedOut = api.signedOut();

  /** Accounts of every role, one disabled and one that never signed in. */
  async function addTeam() {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    const invited = await addStaff(api, "ama@example.com", "sales", "Ama Mensah");
    const gone = await addStaff(api, "gone@example.com", "marketing");
    await changeAccount(api.db, gone.id, { disabled: true }, { via: "test" });
    return { admin, sales, marketing, invited, gone };
  }

  it("answers the team and account routes, success and refusal, exactly as the contract says", async () => {
    const { admin, sales, marketing, invited, gone } = await addTeam();

    const team = await sales.get(teamApi.list.path);
    expect(team.statusCode).toBe(200);
    const members = parsedAnswer(teamApi.list.answers[200], team.json()).items;
    expect(
      members.map((member) => `${member.role}${member.disabled ? " disabled" : ""}`).toSorted(),
    ).toEqual(["admin", "marketing", "marketing disabled", "sales", "sales"]);

    const { list, invite, change, resendInvitation } = accountsApi;
    const listed = await admin.get(list.path);
    expect(listed.statusCode).toBe(200);
    const accounts = parsedAnswer(list.answers[200], listed.json()).items;
    expect(accounts.find((account) => account.id === gone.id)?.disabled).toBe(true);
    expect(accounts.find((account) => account.id === invited.id)?.lastSignInAt).toBeNull();
    expect(accounts.find((account) => account.id === sales.account.id)?.lastSignInAt).toBeTypeOf(
      "string",
    );

    const invitation = { email: "kwame@example.com", role: "marketing", name: "Kwame" };
    const invitedNow = await admin.send("POST", invite.path, invitation);
    expect(invitedNow.statusCode, invitedNow.body).toBe(201);
    expect(parsedAnswer(invite.answers[201], invitedNow.json())).toMatchObject(invitation);
    const resend = (id: string) => pathOf(resendInvitation, { id });
    const resent = await admin.send("POST", resend(invitedNow.json().id), {}, ANY_VERSION);
    expect(resent.statusCode, resent.body).toBe(200);
    parsedAnswer(resendInvitation.answers[200], resent.json());

    const path = (id: string) => pathOf(change, { id });
    // A change of each kind, and one that changes nothing (answered as a read).
    for (const body of [{ role: "admin" }, { disabled: true }, { disabled: false }, {}]) {
      const changed = await admin.send("PATCH", path(invited.id), body, ANY_VERSION);
      expect(changed.statusCode, changed.body).toBe(200);
      parsedAnswer(change.answers[200], changed.json());
    }

    const missing = path(randomUUID());
    for (const [status, res] of [
      [400, await admin.send("POST", invite.path, { email: "x", role: "sales" })],
      [400, await admin.send("POST", invite.path, { email: "y@example.com", role: "x" })],
      [400, await admin.send("PATCH", path(admin.account.id), { disabled: true }, ANY_VERSION)],
      [400, await admin.send("PATCH", path(gone.id), { disabled: "yes" }, ANY_VERSION)],
      [401, await signedOut.get(teamApi.list.path)],
      [401, await signedOut.get(list.path)],
      [401, await signedOut.send("POST", invite.path, invitation)],
      [401, await signedOut.send("PATCH", path(gone.id), { disabled: false }, ANY_VERSION)],
      [403, await sales.get(list.path)],
      [403, await sales.send("POST", invite.path, invitation)],
      [403, await marketing.send("PATCH", path(gone.id), { disabled: false }, ANY_VERSION)],
      [404, await admin.send("PATCH", missing, { role: "sales" }, ANY_VERSION)],
      [404, await admin.send("PATCH", path("not an id!"), { role: "sales" }, ANY_VERSION)],
      [409, await admin.send("POST", invite.path, { ...invitation, email: gone.email })],
      [409, await admin.send("POST", resend(gone.id), {}, ANY_VERSION)],
      [409, await admin.send("POST", resend(sales.account.id), {}, ANY_VERSION)],
      [404, await admin.send("POST", resend(randomUUID()), {}, ANY_VERSION)],
      [403, await sales.send("POST", resend(invited.id), {}, ANY_VERSION)],
    ] as const) {
      refusedWith(status, res);
    }
  });

  it("answers erasure and the outbox, success and refusal, exactly as the contract says", async () => {
    const { admin, sales } = await addTeam();
    expect((await postJson(api.app, apiPaths.contact, sampleContact)).statusCode).toBe(201);
    const failed = await addMessage(api, { kind: "contact", status: "failed", payload: mail });
    await addMessage(api, { kind: "newsletter-confirmation", status: "pending", payload: mail });
    const slack = await addMessage(api, {
      kind: "slack",
      status: "sent",
      payload: { text: "New contact message" },
    });
    await addMessage(api, { kind: "webhook", status: "failed", payload: { type: "lead.created" } });
    const dropped = await addMessage(api, {
      kind: "staff-sign-in",
      status: "failed",
      payload: { dropped: "the message carried a secret" },
    });
    await addMessage(api, { kind: "contact", status: "sent", payload: "not JSON" });
    await addMessage(api, { kind: "contact", status: "held", payload: mail });
    await addMessage(api, { kind: "contact", status: "cancelled", payload: mail });

    const { list, retry } = outboxApi;
    const seen = new Map<string, z.output<typeof OutboxItem>>();
    for (const state of ["", "pending", "failed", "sent"]) {
      const { items } = await everyPage(async (cursor) => {
        const query = { ...(state ? { state } : {}), ...(cursor ? { cursor } : { limit: "2" }) };
        return answered(list, await admin.call(list, { query }), 200);
      });
      for (const item of items) seen.set(item.id, item);
    }
    expect([...seen.values()].map((item) => item.state).toSorted()).toEqual(
      ["failed", "failed", "failed", "pending", "pending", "sent", "sent"].toSorted(),
    );
    expect(seen.get(dropped)).toMatchObject({ to: null, subject: null });

    for (const id of [failed, slack]) {
      const res = await admin.send("POST", pathOf(retry, { id }), {});
      expect(res.statusCode, res.body).toBe(200);
      expect(parsedAnswer(retry.answers[200], res.json()).state).toBe("pending");
    }

    const { forget } = erasureApi;
    for (const address of [sampleContact.email, "nobody@example.com"]) {
      const res = await admin.send("POST", forget.path, { email: address });
      expect(res.statusCode, res.body).toBe(200);
      parsedAnswer(forget.answers[200], res.json());
    }

    for (const [status, res] of [
      [400, await admin.get(`${list.path}?limit=0`)],
      [400, await admin.get(`${list.path}?state=held`)],
      [400, await admin.get(`${list.path}?cursor=nope`)],
      [400, await admin.send("POST", pathOf(retry, { id: failed }), [])],
      [400, await admin.send("POST", forget.path, { email: "not an address" })],
      [401, await signedOut.get(list.path)],
      [401, await signedOut.send("POST", pathOf(retry, { id: failed }), {})],
      [401, await signedOut.send("POST", forget.path, { email: "nobody@example.com" })],
      [403, await sales.get(list.path)],
      [403, await sales.send("POST", pathOf(retry, { id: failed }), {})],
      [403, await sales.send("POST", forget.path, { email: "nobody@example.com" })],
      [404, await admin.send("POST", pathOf(retry, { id: randomUUID() }), {})],
      [404, await admin.send("POST", pathOf(retry, { id: "not an id!" }), {})],
      [409, await admin.send("POST", pathOf(retry, { id: failed }), {})],
      [409, await admin.send("POST", pathOf(retry, { id: dropped }), {})],
    ] as const) {
      refusedWith(status, res);
    }
  });

  it("answers the audit log's routes, success and refusal, exactly as the contract says", async () => {
    const { admin, sales } = await addTeam();
    // Entries of every shape: from the command line (no actor), about a record or not, with a
    // detail, with none, and one whose stored detail is no object.
    await api.db.transaction().execute(async (trx) => {
      const at = api.clock.now.toISOString();
      await recordAudit(trx, { action: "staff.account-added", at, detail: { via: "cli" } });
      await recordAudit(trx, {
        action: "account.view",
        at,
        actor: { id: admin.account.id, email: admin.account.email },
        record: { type: "staff_account", id: sales.account.id },
      });
    });
    await api.db
      .insertInto("audit_log")
      .values({
        id: randomUUID(),
        at: api.clock.now.toISOString(),
        actor_id: null,
        actor_email: null,
        action: "person.erased",
        record_type: null,
        record_id: null,
        detail: "[1]",
      })
      .execute();

    const { list, exportCsv, actions } = auditApi;
    const { items: entries } = await everyPage(async (cursor) => {
      const query = cursor ? { limit: "50", cursor } : { limit: "3" };
      return answered(list, await admin.call(list, { query }), 200);
    });
    expect(entries.some((entry) => entry.actor === null && entry.detail === null)).toBe(true);
    expect(entries.some((entry) => entry.subject !== null && entry.detail === null)).toBe(true);
    expect(entries.some((entry) => entry.actor !== null && entry.detail !== null)).toBe(true);

    const filtered = `?actor=${admin.account.email}&action=account.view&since=2000-01-01&until=2999-01-01`;
    const some = await admin.get(`${list.path}${filtered}`);
    expect(parsedAnswer(list.answers[200], some.json()).items.length).toBeGreaterThan(0);

    const actionList = await admin.get(actions.path);
    expect(actionList.statusCode).toBe(200);
    expect(parsedAnswer(actions.answers[200], actionList.json()).items).toContain("person.erased");

    const csv = await admin.get(`${exportCsv.path}${filtered}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");

    for (const [status, res] of [
      [400, await admin.get(`${list.path}?limit=0`)],
      [400, await admin.get(`${list.path}?since=2026-02-30`)],
      [400, await admin.get(`${list.path}?actor=nobody`)],
      [400, await admin.get(`${exportCsv.path}?until=yesterday`)],
      [400, await admin.get(`${exportCsv.path}?since=2026-02-30`)],
      [401, await signedOut.get(list.path)],
      [401, await signedOut.get(exportCsv.path)],
      [401, await signedOut.get(actions.path)],
      [403, await sales.get(list.path)],
      [403, await sales.get(exportCsv.path)],
      [403, await sales.get(actions.path)],
    ] as const) {
      refusedWith(status, res);
    }
  });
});

describe("the admin pages' strict answers", () => {
  const account = staffAccount();
  const entry = {
    id: "00000000-0000-0000-0000-000000000001",
    at: "2026-11-01T09:00:00.000Z",
    actor: null,
    actorName: null,
    action: "account.view",
    subject: { type: "staff_account", id: account.id, stored: null, email: null },
    detail: null,
  };

  it("refuse a field the contract lacks, and one it requires that is missing", () => {
    const { lastSignInAt: _, ...withoutSignIn } = account;
    const { invitedBy: __, ...withoutInviter } = account;
    expectStrict(StaffAccount, account, [
      { ...account, emailKey: "x" },
      { ...account, invitedBy: { id: account.id } },
      withoutSignIn,
      withoutInviter,
    ]);
    const subject = { ...entry.subject, table: "staff_accounts" };
    expectStrict(AuditItem, entry, [{ ...entry, subject }]);
  });
});
