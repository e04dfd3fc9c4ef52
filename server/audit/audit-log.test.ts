import { describe, expect, it } from "vitest";
import { UNSAFE_CHARACTERS_MESSAGE } from "../../leads/fields";
import { testDialects } from "../testing/lead-api";
import { recordAudit } from "./audit";
import { at, MINUTE } from "../testing/records";
import { type ListPage, auditOf, csvLines, expectEachOnceNewestFirst } from "../testing/checks";
import { addStaff, signedInStaff, useStaffApi } from "../testing/staff-api";
import { auditApi } from "../../staff-api/audit";
import { reportsApi } from "../../staff-api/reports";
import { accountsApi } from "../../staff-api/admin";

describe.each(testDialects)("admin API on $name", ({ url }) => {
  const api = useStaffApi(url);

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
      admin.read<ListPage>(auditApi.list, { query });
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
    const actions = await admin.call(auditApi.actions);
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
    const csv = await admin.call(auditApi.exportCsv, { query: "actor=actor@example.com" });
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
    const csv = await admin.call(auditApi.exportCsv, {
      query: `actor=admin@example.com&until=${at(1)}`,
    });
    const lines = csvLines(csv);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",admin@example.com,lead.view,'=cmd,'+1,");
  });

  it("refuses hidden characters in the audit log's filters, report types and an invitee's name", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const refused = (field: string) => ({ error: `${field}: ${UNSAFE_CHARACTERS_MESSAGE}` });
    for (const bad of ["\u0000", "\u001b[2J", "\u0007", "\u007f", "\u0085", "\u202e", "\u2028"]) {
      for (const endpoint of [auditApi.list, auditApi.exportCsv]) {
        const query = new URLSearchParams({ action: `lead${bad}.view` });
        const res = await admin.call(endpoint, { query });
        expect(res.statusCode, `${endpoint.path} ${query}`).toBe(400);
        expect(res.json()).toEqual(refused("action"));
      }
      const report = new URLSearchParams({ by: "week", type: `contact${bad},demo` });
      expect((await admin.call(reportsApi.leads, { query: report })).json()).toEqual(
        refused("type"),
      );
      const invite = await admin.call(accountsApi.invite, {
        body: {
          email: "kofi@example.com",
          role: "sales",
          name: `Kofi${bad}Boateng`,
        },
      });
      expect(invite.statusCode).toBe(400);
      expect(invite.json()).toEqual(refused("name"));
    }
    expect((await admin.call(accountsApi.list)).json().items).toHaveLength(1);
    // An empty filter is no filter.
    expect((await admin.call(auditApi.list, { query: "action=" })).statusCode).toBe(200);
  });
});
