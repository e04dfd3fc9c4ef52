/**
 * A change of several leads at once: each lead changed only at the version it was read, a lead
 * someone else changed meanwhile left as it is and answered as it now is, with the same events,
 * audit entries and owner's e-mail as a change of one lead; and what such a change may not be.
 */
import { describe, expect, it } from "vitest";
import { MAX_BULK_LEADS, NOT_AN_OWNER, type LeadSummary, leadsApi } from "../../../staff-api/leads";
import { testDialects } from "../../testing/lead-api";
import { answered, auditOf, refusedWith } from "../../testing/checks";
import { addContact, addDemo, at } from "../../testing/records";
import { type StaffClient, unchecked } from "../../testing/staff-client";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { ownerMails } from "../routing/routing.testing";
import { changeLead } from "./inbox.testing";

describe.each(testDialects)("changing several leads at once, on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** The inbox's first page as `staff` reads it, by lead id. */
  async function inbox(staff: StaffClient) {
    const page = answered(leadsApi.list, await staff.call(leadsApi.list), 200);
    return new Map(page.items.map((lead): [string, LeadSummary] => [lead.id, lead]));
  }

  /** The leads `ids` as the list read them: what the console sends. */
  const itemsOf = (read: Map<string, LeadSummary>, ids: string[]) =>
    ids.map((id) => ({ id, version: read.get(id)?.version ?? "" }));

  const rowId = (key: string) => key.slice(key.indexOf("_") + 1);

  it("changes the leads still as read, and leaves one changed meanwhile as it is", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    const kofi = await signedInStaff(api, "kofi@example.com", "sales");
    const one = await addContact(api, at(0));
    const two = await addDemo(api, at(1));
    const three = await addContact(api, at(2), { first_name: "Efua", last_name: "Owusu" });
    const read = await inbox(ama);

    // Kofi qualifies the third lead while Ama's page still shows it as new.
    await changeLead(kofi, three, { status: "qualified" });
    api.advance(60_000);
    const res = await ama.call(leadsApi.updateMany, {
      body: {
        items: itemsOf(read, [one, two, three]),
        status: "contacted",
        owner: "kofi@example.com",
      },
    });
    const answer = answered(leadsApi.updateMany, res, 200);
    expect(answer.changed.map((item) => item.id)).toEqual([one, two]);
    expect(answer.missing).toEqual([]);
    expect(answer.stale).toEqual([
      expect.objectContaining({ id: three, status: "qualified", owner: null, firstName: "Efua" }),
    ]);

    const now = await inbox(ama);
    for (const id of [one, two]) {
      const lead = now.get(id);
      expect(lead).toMatchObject({ status: "contacted", owner: "kofi@example.com" });
      expect(answer.changed.find((item) => item.id === id)?.version).toBe(lead?.version);
      // The timeline a change of one lead writes, by Ama.
      const detail = answered(leadsApi.get, await ama.call(leadsApi.get, { params: { id } }), 200);
      const events = detail.timeline.filter((entry) => entry.kind !== "delivery");
      // Both at one instant: in no particular order.
      expect(events.toSorted((a, b) => a.kind.localeCompare(b.kind))).toEqual([
        expect.objectContaining({
          kind: "owner",
          actor: "ama@example.com",
          to: "kofi@example.com",
        }),
        expect.objectContaining({ kind: "status", actor: "ama@example.com", to: "contacted" }),
      ]);
      // Kofi is told each lead is his, as he is when given one.
      const [mail, ...more] = await ownerMails(api, rowId(id));
      expect(more).toEqual([]);
      expect(mail?.to).toBe("kofi@example.com");
      expect(mail?.text).toContain("ama made you the owner");
    }
    // The stale lead is as Kofi left it: no event, no e-mail, no owner.
    expect(now.get(three)).toMatchObject({ status: "qualified", owner: null });
    expect(answer.stale[0]?.version).toBe(now.get(three)?.version);
    expect(await ownerMails(api, rowId(three))).toEqual([]);

    const audited = async (action: string) =>
      (await auditOf(api, ama.account.id, action)).map((entry) => entry.record_id);
    expect((await audited("lead.status-changed")).toSorted()).toEqual([one, two].toSorted());
    expect((await audited("lead.owner-changed")).toSorted()).toEqual([one, two].toSorted());
  });

  it("marks leads as spam and gives them to nobody, and lists the ids of no lead", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    const one = await addContact(api, at(0));
    const two = await addContact(api, at(1));
    await changeLead(ama, one, { owner: "ama@example.com" });
    const read = await inbox(ama);
    const gone = "contact_00000000-0000-4000-8000-000000000000";

    const spam = await ama.call(leadsApi.updateMany, {
      body: {
        items: [
          ...itemsOf(read, [one, two]),
          { id: gone, version: "1" },
          { id: "x", version: "1" },
        ],
        status: "spam",
        owner: null,
      },
    });
    const answer = answered(leadsApi.updateMany, spam, 200);
    expect(answer).toMatchObject({ stale: [], missing: [gone, "x"] });
    expect(answer.changed.map((item) => item.id)).toEqual([one, two]);
    const now = await inbox(ama);
    expect(now.get(one)).toMatchObject({ status: "spam", owner: null });
    expect(now.get(two)).toMatchObject({ status: "spam", owner: null });
  });

  it("names the giver in the owner's e-mail by name, by address when they gave none", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    await signedInStaff(api, "kofi@example.com", "sales");
    await api.db.updateTable("staff_accounts").set({ name: "Ama Owusu" }).execute();
    const one = await addContact(api, at(0));
    const two = await addContact(api, at(1));
    const give = async (id: string) => {
      const items = itemsOf(await inbox(ama), [id]);
      const res = await ama.call(leadsApi.updateMany, {
        body: { items, owner: "kofi@example.com" },
      });
      expect(answered(leadsApi.updateMany, res, 200).changed).toHaveLength(1);
      return (await ownerMails(api, rowId(id)))[0]?.text;
    };
    expect(await give(one)).toContain("Ama Owusu made you the owner");
    await api.db.updateTable("staff_accounts").set({ name: "" }).execute();
    expect(await give(two)).toContain("ama@example.com made you the owner");
  });

  it("refuses a change that says nothing to change, names no lead or too many", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    const id = await addContact(api, at(0));
    const [item] = itemsOf(await inbox(ama), [id]);
    const send = (body: unknown) => ama.call(leadsApi.updateMany, { body: unchecked(body) });

    refusedWith(400, await send({ items: [item] }));
    refusedWith(400, await send({ items: [], status: "won" }));
    const many = Array.from({ length: MAX_BULK_LEADS + 1 }, () => item);
    refusedWith(400, await send({ items: many, status: "won" }));
    refusedWith(400, await send({ items: [item], status: "closed" }));
    refusedWith(400, await send({ items: [{ id }], status: "won" }));
    expect((await inbox(ama)).get(id)).toMatchObject({ status: "new", version: item?.version });
  });

  it("refuses an owner who may not own leads before changing any lead", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    await signedInStaff(api, "mena@example.com", "marketing");
    const ids = [await addContact(api, at(0)), await addContact(api, at(1))];
    const items = itemsOf(await inbox(ama), ids);
    for (const owner of ["mena@example.com", "nobody@example.com"]) {
      const res = await ama.call(leadsApi.updateMany, { body: { items, status: "won", owner } });
      refusedWith(400, res);
      expect(res.json().error).toBe(NOT_AN_OWNER);
    }
    for (const lead of (await inbox(ama)).values()) expect(lead.status).toBe("new");
    expect(await auditOf(api, ama.account.id, "lead.status-changed")).toEqual([]);
  });

  it("is for sales and admins: marketing is refused", async () => {
    const mena = await signedInStaff(api, "mena@example.com", "marketing");
    const id = await addContact(api, at(0));
    const res = await mena.call(leadsApi.updateMany, {
      body: { items: [{ id, version: "0" }], status: "won" },
    });
    refusedWith(403, res);
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const [item] = itemsOf(await inbox(admin), [id]);
    const done = await admin.call(leadsApi.updateMany, {
      body: { items: [item ?? { id, version: "" }], status: "won" },
    });
    expect(answered(leadsApi.updateMany, done, 200).changed).toHaveLength(1);
  });
});
