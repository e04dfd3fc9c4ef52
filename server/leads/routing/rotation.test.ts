/**
 * A new lead gets its owner as it is stored: the first rule that matches it names an owner or a
 * rotation, whose members take turns across every server instance on the database, skipping
 * whoever is disabled or away; with no one available the lead waits unassigned.
 */
import { describe, expect, it } from "vitest";
import { ANY_VERSION } from "../../testing/staff-client";
import { leadKey } from "../../../leads/workflow";
import { accountsApi } from "../../../staff-api/admin";
import { leadsApi } from "../../../staff-api/leads";
import { sessionApi } from "../../../staff-api/session";
import { testDialects } from "../../testing/lead-api";
import { answered } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { adminAndSales, ownerCounts, ownerOf, postLead, saveRouting } from "./routing.testing";

describe.each(testDialects)("lead routing on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** An admin, and three sales colleagues signed in. */
  async function team() {
    const staff = await adminAndSales(api);
    return { ...staff, esi: await signedInStaff(api, "esi@example.com", "sales") };
  }

  it("shares leads fairly between two server instances on one database, posted in turn or at once", async () => {
    const { admin } = await team();
    const rotation = ["ama@example.com", "kofi@example.com", "esi@example.com"];
    await saveRouting(admin, [{ type: "demo", rotation }]);
    const other = await api.anotherInstance();
    const apps = [api.app, other];

    const inTurn: string[] = [];
    for (let i = 0; i < 9; i++) inTurn.push(await postLead(api, apps[i % 2]!, "demo"));
    // Strict turns: each member once in every three leads.
    expect(await ownerCounts(api, inTurn)).toEqual({
      "ama@example.com": 3,
      "kofi@example.com": 3,
      "esi@example.com": 3,
    });

    const atOnce = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postLead(api, apps[i % 2]!, "demo")),
    );
    const counts = await ownerCounts(api, atOnce);
    expect(counts.nobody).toBeUndefined();
    const shares = rotation.map((address) => counts[address] ?? 0);
    expect(shares.reduce((sum, n) => sum + n)).toBe(10);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
  });

  it("skips disabled and away members, and leaves a lead unassigned when no one is available", async () => {
    const { admin, ama, kofi } = await team();
    await saveRouting(admin, [
      { type: "contact", rotation: ["ama@example.com", "kofi@example.com"] },
    ]);

    const away = await kofi.call(sessionApi.updateMe, { body: { away: true } });
    expect(answered(sessionApi.updateMe, away, 200).away).toBe(true);
    const whileAway = [
      await postLead(api, api.app, "contact"),
      await postLead(api, api.app, "contact"),
    ];
    expect(await ownerCounts(api, whileAway)).toEqual({ "ama@example.com": 2 });

    const res = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: { id: ama.account.id },
      body: { disabled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const nobody = await postLead(api, api.app, "contact");
    expect(await ownerOf(api, nobody)).toBeNull();
    // The admins see it waiting: unowned in the inbox, and why on its timeline.
    const unowned = await admin.read<{ items: { id: string }[] }>(leadsApi.list, {
      query: { owner: "none" },
    });
    expect(unowned.items.map((lead) => lead.id)).toEqual([leadKey("contact", nobody)]);
    const lead = await admin.call(leadsApi.get, { params: { id: leadKey("contact", nobody) } });
    expect(answered(leadsApi.get, lead, 200).timeline).toContainEqual(
      expect.objectContaining({ kind: "assigned", actor: null, to: null }),
    );

    const back = await kofi.call(sessionApi.updateMe, { body: { away: false } });
    expect(answered(sessionApi.updateMe, back, 200).away).toBe(false);
    expect(await ownerOf(api, await postLead(api, api.app, "contact"))).toBe("kofi@example.com");
  });

  it("applies the first rule that matches: a product's rule before its type's, in the order saved", async () => {
    const { admin } = await team();
    await saveRouting(admin, [
      { type: "demo", product: "aslan", owner: "kofi@example.com" },
      { type: "demo", rotation: ["ama@example.com"] },
      { type: "contact", owner: "esi@example.com" },
    ]);
    expect(await ownerOf(api, await postLead(api, api.app, "demo", "aslan"))).toBe(
      "kofi@example.com",
    );
    expect(await ownerOf(api, await postLead(api, api.app, "demo", "school-billing"))).toBe(
      "ama@example.com",
    );
    expect(await ownerOf(api, await postLead(api, api.app, "contact"))).toBe("esi@example.com");

    // The type's rule first: it matches every demo request, the product's rule none.
    await saveRouting(admin, [
      { type: "demo", rotation: ["ama@example.com"] },
      { type: "demo", product: "aslan", owner: "kofi@example.com" },
    ]);
    expect(await ownerOf(api, await postLead(api, api.app, "demo", "aslan"))).toBe(
      "ama@example.com",
    );
    // No rule for contact messages any more: no owner, and nothing on the timeline about it.
    const contact = await postLead(api, api.app, "contact");
    expect(await ownerOf(api, contact)).toBeNull();
    const lead = await admin.call(leadsApi.get, { params: { id: leadKey("contact", contact) } });
    expect(answered(leadsApi.get, lead, 200).timeline.map((entry) => entry.kind)).not.toContain(
      "assigned",
    );
  });

  it("gives a fixed owner's leads to nobody while they are away, rather than to someone else", async () => {
    const { admin, kofi } = await team();
    await saveRouting(admin, [{ type: "demo", owner: "kofi@example.com" }]);
    await kofi.call(sessionApi.updateMe, { body: { away: true } });
    expect(await ownerOf(api, await postLead(api, api.app, "demo"))).toBeNull();
  });
});
