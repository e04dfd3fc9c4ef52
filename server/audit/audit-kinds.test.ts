import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_KINDS, type AuditItem, auditApi } from "../../staff-api/audit";
import { testDialects } from "../testing/lead-api";
import { recordAudit } from "./audit";
import { addContact, addSubscriber, at } from "../testing/records";
import { type ListPage, auditOf, csvLines } from "../testing/checks";
import { addStaff, signedInStaff, useStaffApi } from "../testing/staff-api";

describe.each(testDialects)("audit log kinds and records on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** An admin, and one entry of a change, a read, a count and an action the table lacks. */
  async function logWithEveryKind() {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const kofi = await addStaff(api, "kofi@example.com", "sales", "Kofi Mensah");
    const actor = { id: kofi.id, email: kofi.email };
    const lead = { type: "lead", id: "contact_1" };
    const entries = [
      ["lead.status-changed", { from: "new", to: "qualified" }],
      ["lead.view", {}],
      ["lead.list", { filters: {}, page: "first" }],
      ["lead.stats", { filters: {} }],
      ["lead.retired-action", {}],
    ] as const;
    for (const [minute, [action, detail]] of entries.entries()) {
      // An action no longer (or not yet) in the table is still stored and shown.
      const entry = { action: action as "lead.view", at: at(minute), actor, record: lead, detail };
      await recordAudit(api.db, entry);
    }
    return { admin, kofi };
  }

  const kofisActions = (page: ListPage) =>
    (page.items as AuditItem[])
      .filter((item) => item.actor === "kofi@example.com")
      .map((item) => item.action);

  it("shows changes only, reads of personal data only, or everything, as asked", async () => {
    const { admin } = await logWithEveryKind();
    const page = (kind?: string) =>
      admin.read<ListPage>(auditApi.list, { query: kind ? { kind } : {} });

    expect(kofisActions(await page("change"))).toEqual([
      "lead.retired-action",
      "lead.status-changed",
    ]);
    expect(kofisActions(await page("read"))).toEqual(["lead.list", "lead.view"]);
    const everything = [
      "lead.retired-action",
      "lead.stats",
      "lead.list",
      "lead.view",
      "lead.status-changed",
    ];
    expect(kofisActions(await page("all"))).toEqual(everything);
    // Without the filter the API answers every entry, as it always has.
    expect(kofisActions(await page())).toEqual(everything);
    // Accounts added by the tests' kit are changes; the admin's reads of the log are reads.
    expect((await page("change")).items.map((item) => item.action)).toContain(
      "staff.account-added",
    );
    expect((await page("change")).items.map((item) => item.action)).not.toContain("audit.viewed");
    expect((await page("read")).items.map((item) => item.action)).toContain("audit.viewed");

    for (const endpoint of [auditApi.list, auditApi.exportCsv]) {
      const res = await admin.call(endpoint, { query: { kind: "changes" } });
      expect(res.statusCode, endpoint.path).toBe(400);
    }
    // The read of the log keeps the kind it asked for.
    const viewed = await auditOf(api, admin.account.id, "audit.viewed");
    expect(viewed.map((entry) => JSON.parse(entry.detail).filters)).toContainEqual({
      kind: "read",
    });
  });

  it("exports the kind asked for, and keeps it in the export's entry", async () => {
    const { admin, kofi } = await logWithEveryKind();
    api.advance(60_000);
    const csv = await admin.call(auditApi.exportCsv, {
      query: {
        actor: "kofi@example.com",
        kind: "change",
      },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["x-row-count"]).toBe("2");
    const lines = csvLines(csv);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",lead.retired-action,");
    expect(lines[2]).toContain(",lead.status-changed,");
    const reads = await admin.call(auditApi.exportCsv, {
      query: {
        actor: "kofi@example.com",
        kind: "read",
      },
    });
    expect(
      csvLines(reads)
        .slice(1)
        .map((line) => line.split(",")[3]),
    ).toEqual(["lead.list", "lead.view"]);
    const exported = await auditOf(api, admin.account.id, "audit.export");
    expect(exported.map((entry) => JSON.parse(entry.detail))).toEqual([
      { filters: { actor: kofi.id, kind: "change" }, rows: 2 },
      { filters: { actor: kofi.id, kind: "read" }, rows: 2 },
    ]);
  });

  it("names the actor and says which records are still stored", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const kofi = await addStaff(api, "kofi@example.com", "sales", "Kofi Mensah");
    const actor = { id: kofi.id, email: kofi.email };
    const kept = await addContact(api, at(0), { email: "ama@example.com" });
    const subscriber = await addSubscriber(api, at(0), { email: "Esi@Example.com" });
    const record = (type: string, id: string) => ({ type, id });
    for (const [minute, subject] of [
      record("lead", kept),
      record("lead", "contact_00000000-0000-0000-0000-000000000000"),
      record("subscriber", subscriber),
      record("subscriber", "gone"),
      record("staff_account", kofi.id),
    ].entries()) {
      await recordAudit(api.db, { action: "lead.view", at: at(minute), actor, record: subject });
    }
    const page = await admin.read<ListPage>(auditApi.list, {
      query: { actor: "kofi@example.com" },
    });
    const items = page.items as AuditItem[];
    expect(items.map((item) => item.actorName)).toEqual(Array(5).fill("Kofi Mensah"));
    expect(items.map((item) => item.subject).reverse()).toEqual([
      { type: "lead", id: kept, stored: true, email: null },
      {
        type: "lead",
        id: "contact_00000000-0000-0000-0000-000000000000",
        stored: false,
        email: null,
      },
      { type: "subscriber", id: subscriber, stored: true, email: "Esi@Example.com" },
      { type: "subscriber", id: "gone", stored: false, email: null },
      { type: "staff_account", id: kofi.id, stored: null, email: null },
    ]);
  });

  it("classes every action as a change, a read or a count", () => {
    const reads = Object.entries(AUDIT_ACTION_KINDS).filter(([, kind]) => kind !== "change");
    // The routine reads that used to bury the changes, each hidden from "Changes".
    for (const action of ["lead.list", "lead.view", "subscriber.list", "account.list"]) {
      expect(reads.map(([name]) => name)).toContain(action);
    }
    expect(AUDIT_ACTION_KINDS["lead.owner-changed"]).toBe("change");
  });
});
