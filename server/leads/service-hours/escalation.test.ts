/**
 * Escalation: a lead past its due time without a first response is mailed about once, to its
 * owner (or the sales address) and the admins, with an event in its timeline, however many
 * sweeps run at once; a lead answered in time, or not yet due, is left alone.
 */
import { describe, expect, it } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import { testDialects } from "../../testing/lead-api";
import { answered, auditOf } from "../../testing/checks";
import { addContact, addDemo } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { run as staffCli } from "../../cli/staff";
import { addNote, changeLead } from "../inbox/inbox.testing";
import { LEAD_ESCALATED_KIND } from "./escalation";
import { accra, sweepOn } from "./escalation.testing";

describe.each(testDialects)("escalation of overdue leads on $name", ({ url }) => {
  const api = useStaffApi(url);
  const sweep = sweepOn(api);

  const escalationMail = async () =>
    (
      await api.db
        .selectFrom("outbox")
        .select(["lead_id", "payload"])
        .where("kind", "=", LEAD_ESCALATED_KIND)
        .execute()
    ).map((row) => ({ lead: row.lead_id, to: (JSON.parse(row.payload) as { to: string }).to }));

  it("escalates each overdue lead exactly once, even with two sweeps at the same moment", async () => {
    api.clock.now = accra("2026-11-06T15:00");
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    await signedInStaff(api, "kofi@example.com", "sales");
    await signedInStaff(api, "gone@example.com", "admin");
    await staffCli(["disable", "--email", "gone@example.com"], () => {}, {
      db: api.db,
      now: api.clock.now,
    });
    // Friday 16:00: the demo request is due Monday 11:00, the contact message Monday 15:00.
    const demo = await addDemo(api, accra("2026-11-06T16:00").toISOString());
    const contact = await addContact(api, accra("2026-11-06T16:00").toISOString());
    await changeLead(admin, demo, { owner: "kofi@example.com" });

    expect(await sweep("2026-11-09T10:59")).toBe(0);
    const [first, second] = await Promise.all([
      sweep("2026-11-09T11:01"),
      sweep("2026-11-09T11:01"),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await sweep("2026-11-09T11:30")).toBe(0);
    const demoRow = demo.slice("demo_".length);
    expect(await escalationMail()).toEqual([
      { lead: demoRow, to: "kofi@example.com" },
      { lead: demoRow, to: "admin@example.com" },
    ]);

    // Unowned: the sales address and the admins.
    const both = await Promise.all([sweep("2026-11-09T15:00"), sweep("2026-11-09T15:00")]);
    expect(both.reduce((a, b) => a + b, 0)).toBe(1);
    const contactRow = contact.slice("contact_".length);
    expect((await escalationMail()).filter((mail) => mail.lead === contactRow)).toEqual([
      { lead: contactRow, to: "sales@site.test" },
      { lead: contactRow, to: "admin@example.com" },
    ]);

    api.clock.now = accra("2026-11-09T15:10");
    const reader = await signedInStaff(api, "reader@example.com", "sales");
    const detail = answered(
      leadsApi.get,
      await reader.call(leadsApi.get, { params: { id: demo } }),
      200,
    );
    expect(detail.timeline.filter((entry) => entry.kind === "escalated")).toEqual([
      { kind: "escalated", at: accra("2026-11-09T11:01").toISOString(), recipients: 2 },
    ]);
    expect(detail).toMatchObject({
      target: "overdue",
      lastActivityAt: accra("2026-11-09T11:01").toISOString(),
    });
    const events = await api.db.selectFrom("lead_escalations").select(["lead_id"]).execute();
    expect(events.map((row) => row.lead_id).sort()).toEqual([contactRow, demoRow].sort());
    const audit = await api.db
      .selectFrom("audit_log")
      .select("record_id")
      .where("action", "=", "lead.escalated")
      .where("record_id", "in", [demo, contact])
      .execute();
    expect(audit).toHaveLength(2);
    expect(await auditOf(api, admin.account.id, "lead.escalated")).toEqual([]);
  });

  it("leaves a lead answered in time, and one answered after its due time, alone", async () => {
    api.clock.now = accra("2026-11-09T09:00");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const inTime = await addDemo(api, accra("2026-11-09T08:00").toISOString());
    const late = await addDemo(api, accra("2026-11-09T08:00").toISOString());
    await addNote(sales, inTime, "Called");
    expect(await sweep("2026-11-09T11:59")).toBe(0);
    api.clock.now = accra("2026-11-09T12:30");
    const later = await signedInStaff(api, "later@example.com", "sales");
    await addNote(later, late, "Called, late");
    expect(await sweep("2026-11-09T13:00")).toBe(0);
    expect(await escalationMail()).toEqual([]);
  });

  it("runs with the outbox, whose e-mails then go out", async () => {
    await signedInStaff(api, "admin@example.com", "admin");
    const demo = await addDemo(api, new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString());
    // Whatever today is, a demo request two days old is overdue unless a weekend intervened;
    // pin the hours to every day of the week so that it is.
    const every = ["08:00", "17:00"] as const;
    await api.db
      .updateTable("service_hours")
      .set({
        value: JSON.stringify({
          days: {
            mon: every,
            tue: every,
            wed: every,
            thu: every,
            fri: every,
            sat: every,
            sun: every,
          },
          targets: { contact: 480, demo: 1 },
        }),
      })
      .execute();
    await api.db.deleteFrom("public_holidays").execute();
    api.clock.now = new Date();
    await api.outbox.runOnce();
    await api.outbox.runOnce();
    const sent = api.transport.sent.filter((mail) => mail.subject.startsWith("Overdue:"));
    expect(sent.map((mail) => mail.to).sort()).toEqual(["admin@example.com", "sales@site.test"]);
    expect(sent[0]?.text).toContain(demo);
  });
});
