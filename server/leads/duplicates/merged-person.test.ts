/**
 * A merged lead is still its person's: an access request finds it with its notes and the merge,
 * and erasure removes it with its notes, from the lead it was merged into too. Two people of one
 * school, linked by its number, merged by staff: each keeps their own rights over their own lead.
 */
import { describe, expect, it } from "vitest";
import { erasureApi } from "../../../staff-api/admin";
import { leadsApi } from "../../../staff-api/leads";
import { type PersonExport, peopleApi } from "../../../staff-api/people";
import { testDialects } from "../../testing/lead-api";
import { answered } from "../../testing/checks";
import { ANY_VERSION, type StaffClient } from "../../testing/staff-client";
import { addContact, addDemo, at } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { addNote } from "../inbox/inbox.testing";
import { historyWords } from "../../people/export-words";

const BURSAR = "bursar@school.edu.gh";
const HEAD = "head@school.edu.gh";

describe.each(testDialects)("a merged lead and its person's rights, on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** The bursar's contact message, noted, merged into the head teacher's demo request. */
  async function mergedSchool(sales: StaffClient) {
    const bursar = await addContact(api, at(0), { email: BURSAR, phone: "0302 123 456" });
    const head = await addDemo(api, at(1), { email: HEAD, phone: "+233302123456" });
    await addNote(sales, bursar, "The bursar pays the fees by mobile money");
    const merged = await sales.call(leadsApi.merge, {
      params: { id: bursar },
      body: { into: head },
      headers: ANY_VERSION,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    return { bursar, head };
  }

  const exportOf = async (admin: StaffClient, email: string) =>
    answered(
      peopleApi.export,
      await admin.call(peopleApi.export, { query: { email } }),
      200,
    ) as PersonExport;

  const notesOn = async (staff: StaffClient, id: string) =>
    answered(leadsApi.get, await staff.call(leadsApi.get, { params: { id } }), 200)
      .timeline.filter((entry) => entry.kind === "note")
      .map((entry) => entry.text);

  it("finds a merged lead, its notes and the merge in its person's access request", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const { bursar, head } = await mergedSchool(sales);

    const found = await exportOf(admin, BURSAR);
    expect(found.leads.map((lead) => lead.id)).toEqual([bursar]);
    const merge = found.leads[0]?.history.find((change) => change.kind === "merged");
    expect(merge).toMatchObject({ from: bursar, to: head, by: { role: "sales" } });
    expect(historyWords("contact", merge!)).toBe(
      "Our staff joined your contact message with another request we received, to answer them together.",
    );
    expect(found.notes.map((note) => note.text)).toEqual([
      "The bursar pays the fees by mobile money",
    ]);
    // The head teacher's request shows the merge, never the bursar's note: it is not theirs.
    const theirs = await exportOf(admin, HEAD);
    expect(theirs.leads.map((lead) => lead.id)).toEqual([head]);
    expect(theirs.leads[0]?.history.map((change) => change.kind)).toEqual(["merged"]);
    expect(theirs.notes).toEqual([]);
  });

  it("erases a merged lead with its notes, from the lead it went into too", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const { bursar, head } = await mergedSchool(sales);
    expect(await notesOn(sales, head)).toEqual(["The bursar pays the fees by mobile money"]);

    const erased = await admin.call(erasureApi.forget, { body: { email: BURSAR } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().erased).toMatchObject({ contact_messages: 1, lead_states: 1 });

    expect((await sales.call(leadsApi.get, { params: { id: bursar } })).statusCode).toBe(404);
    expect(await notesOn(sales, head)).toEqual([]);
    expect((await exportOf(admin, BURSAR)).leads).toEqual([]);
    // The head teacher's lead stays, with the merge (the erased lead's id, nothing of its person).
    const kept = answered(
      leadsApi.get,
      await sales.call(leadsApi.get, { params: { id: head } }),
      200,
    );
    expect(kept.timeline.filter((entry) => entry.kind === "merged")).toMatchObject([
      { from: bursar, to: head },
    ]);
  });
});
