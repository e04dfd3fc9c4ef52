/**
 * Merging a lead into another that is the same customer's: nothing is lost (notes, events, the
 * owner, the first response), both leads say so, and a merge that cannot be made is refused
 * before anything changes.
 */
import { describe, expect, it } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import { parseLeadKey } from "../../../leads/workflow";
import { testDialects } from "../../testing/lead-api";
import { answered, auditOf, refusedWith } from "../../testing/checks";
import { ANY_VERSION, type StaffClient } from "../../testing/staff-client";
import { MINUTE, addContact, addDemo, at } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { addNote, changeLead } from "../inbox/inbox.testing";
import { escalateOverdueLeads } from "../service-hours/escalation";
import { expectPairOfNoLeadsRefused } from "./duplicates.testing";

describe.each(testDialects)("merging a customer's leads, on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** The lead and its version (ETag), as the console opens it. */
  async function open(staff: StaffClient, id: string) {
    const res = await staff.call(leadsApi.get, { params: { id } });
    return { lead: answered(leadsApi.get, res, 200), version: String(res.headers.etag) };
  }

  const merge = (staff: StaffClient, id: string, into: string, version?: string) =>
    staff.call(leadsApi.merge, {
      params: { id },
      body: { into },
      headers: version === undefined ? ANY_VERSION : { "if-match": version },
    });

  it("merges a lead into another with nothing lost, both saying so", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    const kofi = await signedInStaff(api, "kofi@example.com", "sales");
    // The school wrote first through the contact form; Ama answered and took it.
    const first = await addContact(api, at(0), { email: "bursar@school.edu.gh", phone: "" });
    await changeLead(ama, first, { status: "contacted" });
    api.advance(MINUTE);
    await changeLead(ama, first, { owner: "ama@example.com" });
    api.advance(MINUTE);
    await addNote(ama, first, "Wants mobile money for school fees");
    // Soon after it asked for a demo, with the same address: nobody's yet, unanswered.
    const later = new Date(api.clock.now.getTime() + 10 * MINUTE).toISOString();
    const demo = await addDemo(api, later, { email: "bursar@school.edu.gh" });
    const before = { first: await open(kofi, first), demo: await open(kofi, demo) };
    expect(before.demo.lead.duplicates).toEqual([first]);

    api.advance(11 * MINUTE);
    const res = await merge(kofi, first, demo, before.first.version);
    const merged = answered(leadsApi.merge, res, 200);
    // The lead merged stays as it was, readable, now pointing at the other.
    expect(merged).toMatchObject({
      id: first,
      status: "contacted",
      owner: "ama@example.com",
      mergedInto: demo,
      duplicates: [],
    });
    expect(merged.timeline.at(-1)).toMatchObject({
      kind: "merged",
      actor: "kofi@example.com",
      from: first,
      to: demo,
    });
    expect(res.headers.etag).not.toBe(before.first.version);

    // The lead it went into shows its notes and events, and takes its owner and first response
    // (answered before the demo arrived: the demo counts as answered on arrival).
    const into = await open(kofi, demo);
    expect(into.version).not.toBe(before.demo.version);
    expect(into.lead).toMatchObject({
      owner: "ama@example.com",
      status: "new",
      mergedInto: null,
      duplicates: [],
      firstResponseAt: later,
      timeToFirstResponseMs: 0,
    });
    const kinds = into.lead.timeline.filter((entry) => entry.kind !== "delivery");
    // Its own events (the merge, the owner it took: one instant) after the merged lead's.
    const inOrder = kinds.map((entry) => entry.kind);
    expect(inOrder.slice(0, 3)).toEqual(["status", "owner", "note"]);
    expect(inOrder.slice(3).toSorted()).toEqual(["merged", "owner"]);
    expect(kinds).toContainEqual(
      expect.objectContaining({ kind: "note", text: "Wants mobile money for school fees" }),
    );
    expect(kinds.filter((entry) => entry.kind === "merged")).toHaveLength(1);

    // The merged lead is still listed, linked to nothing: it is no longer open.
    const page = answered(leadsApi.list, await kofi.call(leadsApi.list, {}), 200);
    expect(page.items.find((lead) => lead.id === first)?.duplicates).toEqual([]);

    const [entry, ...more] = await auditOf(api, kofi.account.id, "lead.merged");
    expect(more).toEqual([]);
    expect(entry?.record_id).toBe(first);
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({
      into: demo,
      owner: "ama@example.com",
      firstResponseAt: later,
    });
  });

  it("keeps the first response and owner of a lead that has its own", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    const kofi = await signedInStaff(api, "kofi@example.com", "sales");
    const older = await addDemo(api, at(0), { email: "esi@example.com" });
    await changeLead(ama, older, { owner: "ama@example.com", status: "qualified" });
    api.advance(MINUTE);
    const newer = await addContact(api, api.clock.now.toISOString(), { email: "esi@example.com" });
    api.advance(MINUTE);
    await changeLead(kofi, newer, { owner: "kofi@example.com", status: "contacted" });
    const answeredAt = (await open(kofi, newer)).lead.firstResponseAt;

    answered(leadsApi.merge, await merge(kofi, older, newer), 200);
    expect((await open(kofi, newer)).lead).toMatchObject({
      owner: "kofi@example.com",
      firstResponseAt: answeredAt,
    });
    expect(JSON.parse((await auditOf(api, kofi.account.id, "lead.merged"))[0]!.detail)).toEqual({
      into: newer,
    });
  });

  it("shows what was merged before on the lead a merged lead goes into", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const email = "yaw@example.com";
    const [a, b, c] = [
      await addContact(api, at(0), { email }),
      await addDemo(api, at(1), { email }),
      await addDemo(api, at(2), { email }),
    ] as [string, string, string];
    await addNote(sales, a, "Asked about fees");
    answered(leadsApi.merge, await merge(sales, a, b), 200);
    api.advance(MINUTE);
    answered(leadsApi.merge, await merge(sales, b, c), 200);

    expect((await open(sales, a)).lead.mergedInto).toBe(c);
    const { lead } = await open(sales, c);
    const events = lead.timeline.filter((entry) => entry.kind !== "delivery");
    expect(events).toContainEqual(
      expect.objectContaining({ kind: "note", text: "Asked about fees" }),
    );
    expect(events.filter((e) => e.kind === "merged").map((e) => [e.from, e.to])).toEqual([
      [a, b],
      [b, c],
    ]);
  });

  it("refuses a stale version (412), none (428), itself, no lead, a merged or anonymised lead", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    const kofi = await signedInStaff(api, "kofi@example.com", "sales");
    const lead = await addContact(api, at(0), { email: "adwoa@example.com" });
    const other = await addDemo(api, at(1), { email: "adwoa@example.com" });
    const opened = await open(kofi, lead);
    await changeLead(ama, lead, { status: "contacted" });

    const stale = await merge(kofi, lead, other, opened.version);
    expect(answered(leadsApi.merge, stale, 412)).toMatchObject({
      status: "contacted",
      mergedInto: null,
    });
    const noVersion = await kofi.call(leadsApi.merge, {
      params: { id: lead },
      body: { into: other },
    });
    refusedWith(428, noVersion);

    await expectPairOfNoLeadsRefused((id, into) => merge(kofi, id, into), lead, other);

    // Once merged, neither the lead merged nor the one it went into merges again that way.
    const third = await addDemo(api, at(2), { email: "adwoa@example.com" });
    answered(leadsApi.merge, await merge(kofi, lead, other), 200);
    const again = await merge(kofi, lead, third);
    refusedWith(409, again);
    expect(again.json().error).toBe(`This lead was already merged into ${other}.`);
    const intoMerged = await merge(kofi, third, lead);
    refusedWith(409, intoMerged);
    expect(intoMerged.json().error).toBe(`That lead was already merged into ${other}.`);

    // A lead whose details retention removed.
    const { id } = parseLeadKey(third)!;
    await api.db
      .updateTable("demo_requests")
      .set({ anonymised_at: at(3) })
      .where("id", "=", id)
      .execute();
    const anonymised = await merge(kofi, third, other);
    refusedWith(409, anonymised);
    expect(anonymised.json().error).toMatch(/retention/);

    // Nothing of the refused merges was applied: one merge recorded, the others not at all.
    expect(await auditOf(api, kofi.account.id, "lead.merged")).toHaveLength(1);
    expect((await open(kofi, third)).lead.mergedInto).toBeNull();
    expect((await open(kofi, other)).lead.mergedInto).toBeNull();
  });

  it("leaves a merged lead out of the escalations: its customer is answered on the other", async () => {
    // Accra keeps UTC+0. Friday 16:00: both are due on Monday by 15:00 at the latest.
    api.clock.now = new Date("2026-11-06T16:30:00Z");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const email = "abena@example.com";
    const contact = await addContact(api, "2026-11-06T16:00:00.000Z", { email });
    const demo = await addDemo(api, "2026-11-06T16:00:00.000Z", { email });
    answered(leadsApi.merge, await merge(sales, contact, demo), 200);

    const config = {
      salesEmail: "sales@site.test",
      publicUrl: "https://www.example.com",
      alerts: {},
    };
    expect(await escalateOverdueLeads(api.db, new Date("2026-11-09T15:01:00Z"), config)).toBe(1);
    const escalated = await api.db.selectFrom("lead_escalations").select("lead_id").execute();
    expect(escalated.map((row) => row.lead_id)).toEqual([parseLeadKey(demo)!.id]);
  });

  it("is for sales and admins: marketing is refused and nothing changes", async () => {
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const lead = await addContact(api, at(0), { email: "kwesi@example.com" });
    const other = await addDemo(api, at(1), { email: "kwesi@example.com" });
    refusedWith(403, await merge(marketing, lead, other, '"0"'));
    expect((await open(admin, lead)).lead.mergedInto).toBeNull();
    expect(answered(leadsApi.merge, await merge(admin, lead, other), 200).mergedInto).toBe(other);
  });
});
