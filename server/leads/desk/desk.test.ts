import { expect, it } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import { MINUTE, addContact, addDemo, at } from "../../testing/records";
import { ANY_VERSION } from "../../testing/staff-client";
import { describeInboxApi, changeLead } from "../inbox/inbox.testing";
import { createSession } from "../../staff/sign-in/sessions";
import { VISIT_GAP_MS } from "./inbox-visits";

describeInboxApi("the sales desk", (api, { signedIn, list }) => {
  /** Three leads: one Ama owns, one Kofi owns, one nobody owns; and a closed one of Ama's. */
  async function desk() {
    const ama = await signedIn("ama@example.com", "sales");
    const kofi = await signedIn("kofi@example.com", "admin");
    const amas = await addContact(api, at(1), { first_name: "Efua" });
    const kofis = await addDemo(api, at(2), { name: "Yaw" });
    const nobodys = await addContact(api, at(3), { first_name: "Abena" });
    const won = await addDemo(api, at(4), { name: "Esi" });
    await changeLead(ama, amas, { owner: "ama@example.com" });
    await changeLead(ama, kofis, { owner: "kofi@example.com" });
    await changeLead(ama, won, { owner: "ama@example.com", status: "won" });
    return { ama, kofi, amas, kofis, nobodys, won };
  }

  it("lists my leads and the unassigned ones, for whoever asks, with the other filters", async () => {
    const { ama, kofi, amas, kofis, nobodys, won } = await desk();
    const ids = async (client: typeof ama, query: Record<string, string>) =>
      (await list(client, query)).items.map((lead) => lead.id);
    expect(await ids(ama, { view: "mine" })).toEqual([won, amas]);
    expect(await ids(kofi, { view: "mine" })).toEqual([kofis]);
    expect(await ids(kofi, { view: "unassigned" })).toEqual([nobodys]);
    expect(await ids(ama, { view: "mine", status: "new" })).toEqual([amas]);
    expect(await ids(ama, { view: "mine", type: "demo" })).toEqual([won]);
    // A view and an owner both hold: Kofi's leads are none of Ama's.
    expect(await ids(ama, { view: "mine", owner: "kofi@example.com" })).toEqual([]);
    expect(await ids(ama, { view: "mine", owner: "ama@example.com" })).toEqual([won, amas]);
    expect(await ids(ama, { view: "unassigned", owner: "none" })).toEqual([nobodys]);

    const stats = await ama.read(leadsApi.stats, { query: { view: "mine" } });
    expect(stats.count).toBe(2);
    const csv = await ama.call(leadsApi.exportCsv, { query: { view: "unassigned" } });
    expect(csv.headers["x-lead-count"]).toBe("1");
  });

  it("refuses a view that is none of the two (400)", async () => {
    const { ama } = await desk();
    for (const view of ["all", "MINE", ""]) {
      const res = await ama.get(leadsApi.list.path, { view });
      expect(res.statusCode, view).toBe(400);
      expect(res.json().error).toMatch(/^view: /);
    }
  });

  it("counts each account's open leads, the open unassigned ones, and what arrived since its visit", async () => {
    const { ama, kofi, nobodys } = await desk();
    // Neither has viewed the inbox yet: nothing is new to them.
    expect(await ama.read(leadsApi.counts)).toEqual({ mine: 1, unassigned: 1, newSinceVisit: 0 });
    expect(await kofi.read(leadsApi.counts)).toEqual({ mine: 1, unassigned: 1, newSinceVisit: 0 });

    await ama.read(leadsApi.recordVisit);
    api.advance(MINUTE);
    const fresh = new Date(api.clock.now.getTime() - 1000).toISOString();
    await addDemo(api, fresh, { name: "Kwame" });
    await changeLead(kofi, nobodys, { status: "spam" });
    expect(await ama.read(leadsApi.counts)).toEqual({ mine: 1, unassigned: 1, newSinceVisit: 1 });
    // Kofi never looked: his count starts with his first visit.
    expect((await kofi.read(leadsApi.counts)).newSinceVisit).toBe(0);
    await ama.read(leadsApi.recordVisit);
    expect((await ama.read(leadsApi.counts)).newSinceVisit).toBe(0);
  });

  it("counts a lead merged into another as neither mine nor unassigned: it is worked there", async () => {
    const { ama, amas, nobodys, kofis } = await desk();
    const merged = await ama.call(leadsApi.merge, {
      params: { id: nobodys },
      body: { into: amas },
      headers: ANY_VERSION,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    await ama.call(leadsApi.merge, {
      params: { id: amas },
      body: { into: kofis },
      headers: ANY_VERSION,
    });
    expect(await ama.read(leadsApi.counts)).toEqual({ mine: 0, unassigned: 0, newSinceVisit: 0 });
  });

  it("keeps each account's last visit on the server, the same on any of its devices", async () => {
    const { ama, kofi } = await desk();
    // Each view from a session of its own, opened just then, as from another device: the visit
    // is the account's, whichever session views.
    const viewFrom = async (account: { id: string }) => {
      const { secret } = await createSession(api.db, account.id, api.clock.now);
      return api.as(`staff_session=${secret}`).read(leadsApi.recordVisit);
    };
    // The first visit marks nothing.
    expect(await viewFrom(ama.account)).toEqual({ since: null });
    const firstView = api.clock.now.toISOString();
    // Views less than half an hour apart are one visit, on either device.
    api.advance(10 * MINUTE);
    expect(await viewFrom(ama.account)).toEqual({ since: null });
    const lastView = api.clock.now.toISOString();
    // After a break the marks start at the last view before it, wherever it was.
    api.advance(VISIT_GAP_MS);
    expect(await viewFrom(ama.account)).toEqual({ since: lastView });
    api.advance(MINUTE);
    expect(await viewFrom(ama.account)).toEqual({ since: lastView });
    expect(lastView > firstView).toBe(true);
    // Another account's visits are its own.
    expect(await viewFrom(kofi.account)).toEqual({ since: null });
  });

  it("keeps the desk from marketing (403) and the signed out (401)", async () => {
    const marketing = await signedIn("mo@example.com", "marketing");
    expect((await marketing.call(leadsApi.counts)).statusCode).toBe(403);
    expect((await marketing.call(leadsApi.recordVisit)).statusCode).toBe(403);
    expect((await api.signedOut().call(leadsApi.counts)).statusCode).toBe(401);
  });
});
