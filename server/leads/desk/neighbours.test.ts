import { expect, it } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import { addContact, addDemo, at } from "../../testing/records";
import { describeInboxApi, changeLead } from "../inbox/inbox.testing";

describeInboxApi("a lead's neighbours", (api, { signedIn, list }) => {
  it("walks the list it came from in the inbox's order, null at either end, with its filters", async () => {
    const sales = await signedIn("ama@example.com", "sales");
    const oldest = await addContact(api, at(1), { first_name: "Efua" });
    const demo = await addDemo(api, at(2), { name: "Yaw" });
    const middle = await addContact(api, at(3), { first_name: "Abena" });
    // Two leads of one instant: the list orders them by id, and so must the walk.
    const sameA = await addContact(api, at(4), { first_name: "Kojo" });
    const sameB = await addDemo(api, at(4), { name: "Kwesi" });
    const newest = await addContact(api, at(5), { first_name: "Esi" });
    const neighbours = (id: string, query: Record<string, string> = {}) =>
      sales.read(leadsApi.neighbours, { params: { id }, query });

    const order = (await list(sales)).items.map((lead) => String(lead.id));
    expect(order).toHaveLength(6);
    expect(order[0]).toBe(newest);
    expect(order.at(-1)).toBe(oldest);
    for (const [index, id] of order.entries()) {
      expect(await neighbours(id), id).toEqual({
        previous: order[index - 1] ?? null,
        next: order[index + 1] ?? null,
      });
    }
    expect(new Set([order[1], order[2]])).toEqual(new Set([sameA, sameB]));

    // With filters: only contact messages (the demo between them left out), or Abena's search.
    expect(await neighbours(middle, { type: "contact" })).toEqual({
      previous: sameA,
      next: oldest,
    });
    expect(await neighbours(demo, { type: "contact" })).toEqual({ previous: middle, next: oldest });
    expect(await neighbours(newest, { q: "abena" })).toEqual({ previous: null, next: middle });
  });

  it("finds a lead's place though it no longer matches, and walks mine and unassigned", async () => {
    const sales = await signedIn("ama@example.com", "sales");
    const first = await addContact(api, at(1), { first_name: "Efua" });
    const second = await addContact(api, at(2), { first_name: "Abena" });
    const third = await addContact(api, at(3), { first_name: "Esi" });
    await changeLead(sales, first, { owner: "ama@example.com" });
    await changeLead(sales, third, { owner: "ama@example.com" });
    // Opened from "new" leads, then marked contacted: the walk goes on from where it was.
    await changeLead(sales, second, { status: "contacted" });
    const neighbours = (id: string, query: Record<string, string>) =>
      sales.read(leadsApi.neighbours, { params: { id }, query });
    expect(await neighbours(second, { status: "new" })).toEqual({ previous: third, next: first });
    expect(await neighbours(third, { view: "mine" })).toEqual({ previous: null, next: first });
    expect(await neighbours(third, { view: "unassigned" })).toEqual({
      previous: null,
      next: second,
    });
  });

  it("answers 404 for no such lead and 400 for a bad filter", async () => {
    const sales = await signedIn("ama@example.com", "sales");
    const lead = await addContact(api, at(1));
    const unknown = "contact_00000000-0000-4000-8000-000000000000";
    for (const id of [unknown, "nonsense", "demo_"]) {
      const res = await sales.call(leadsApi.neighbours, { params: { id } });
      expect(res.statusCode, id).toBe(404);
    }
    for (const query of [{ view: "theirs" }, { status: "open" }, { since: "yesterday" }]) {
      const res = await sales.call(leadsApi.neighbours, { params: { id: lead }, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    const marketing = await signedIn("mo@example.com", "marketing");
    const refused = await marketing.call(leadsApi.neighbours, { params: { id: lead } });
    expect(refused.statusCode).toBe(403);
  });
});
