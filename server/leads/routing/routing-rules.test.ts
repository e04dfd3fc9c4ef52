/**
 * The routing rules' API, for admins only: read with their version, saved whole on the version
 * read (428 without one, 412 with the rules as they now are when stale), every owner and member
 * an enabled sales or admin account (else 400 naming them), each save audited.
 */
import { describe, expect, it } from "vitest";
import { accountsApi } from "../../../staff-api/admin";
import { type RoutingRule, routingApi } from "../../../staff-api/routing";
import { testDialects } from "../../testing/lead-api";
import { answered, auditOf, expectAccess, refusedWith } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { unchecked, ANY_VERSION } from "../../testing/staff-client";
import { adminAndSales, saveRouting } from "./routing.testing";

describe.each(testDialects)("the routing rules on $name", ({ url }) => {
  const api = useStaffApi(url);

  const RULES: RoutingRule[] = [
    { type: "demo", product: "aslan", owner: "kofi@example.com" },
    { type: "demo", rotation: ["ama@example.com", "kofi@example.com"], reassignOverdue: true },
    { type: "contact", owner: "ama@example.com" },
  ];

  async function team() {
    const staff = await adminAndSales(api);
    return { ...staff, marketing: await signedInStaff(api, "efua@example.com", "marketing") };
  }

  /** The rules as an admin reads them, and their version. */
  async function read(admin: Awaited<ReturnType<typeof team>>["admin"]) {
    const res = await admin.call(routingApi.get);
    return { ...answered(routingApi.get, res, 200), version: String(res.headers.etag) };
  }

  it("lets admins alone read and save them", async () => {
    const { admin, ama, marketing } = await team();
    const staff = { admin, sales: ama, marketing };
    await expectAccess(api, staff, [routingApi.get], { allowed: ["admin"], ok: 200 });
    const save = { body: { rules: RULES }, headers: { "if-match": (await read(admin)).version } };
    await expectAccess(api, staff, [routingApi.update, save], { allowed: ["admin"], ok: 200 });
    expect((await read(admin)).rules).toEqual(RULES);
  });

  it("saves the rules in order, and records who changed them from what to what", async () => {
    const { admin } = await team();
    expect((await read(admin)).rules).toEqual([]);
    await saveRouting(admin, RULES);
    const reordered = [RULES[2]!, RULES[0]!];
    const saved = await saveRouting(admin, reordered);
    expect(answered(routingApi.update, saved, 200).rules).toEqual(reordered);
    expect((await read(admin)).rules).toEqual(reordered);
    const entries = await auditOf(api, admin.account.id, "routing.changed");
    expect(JSON.parse(entries.at(-1)?.detail ?? "")).toEqual({ from: RULES, to: reordered });
    // Not handing on is the rule's default, and is how it reads back.
    const rotation: RoutingRule = { type: "contact", rotation: ["kofi@example.com"] };
    await saveRouting(admin, [{ ...rotation, reassignOverdue: false }]);
    expect((await read(admin)).rules).toEqual([rotation]);
  });

  it("refuses a save made on an older version with 412 and the rules as they now are; 428 without one", async () => {
    const { admin } = await team();
    const other = await signedInStaff(api, "admin2@example.com", "admin");
    const { version } = await read(admin);
    await saveRouting(other, RULES);
    const stale = await admin.call(routingApi.update, {
      body: { rules: [] },
      headers: { "if-match": version },
    });
    expect(answered(routingApi.update, stale, 412).rules).toEqual(RULES);
    expect(stale.headers.etag).not.toBe(version);
    refusedWith(428, await admin.call(routingApi.update, { body: { rules: [] } }));
    expect((await read(admin)).rules).toEqual(RULES);
  });

  it("names the address of an owner or member who may not own leads", async () => {
    const { admin, ama } = await team();
    const { version } = await read(admin);
    const save = (rules: RoutingRule[]) =>
      admin.call(routingApi.update, { body: { rules }, headers: { "if-match": version } });
    const disabled = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: { id: ama.account.id },
      body: { disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    for (const [rules, address] of [
      [[{ type: "contact", owner: "efua@example.com" }], "efua@example.com"],
      [[{ type: "demo", rotation: ["kofi@example.com", "ama@example.com"] }], "ama@example.com"],
      [[{ type: "demo", rotation: ["nobody@example.com"] }], "nobody@example.com"],
    ] as const) {
      const res = await save(rules as unknown as RoutingRule[]);
      refusedWith(400, res);
      expect(res.json().error).toContain(`${address} is not an enabled sales or admin account`);
    }
    expect((await read(admin)).rules).toEqual([]);
  });

  it("refuses a rule with both an owner and a rotation, neither, a product on a contact rule, or an owner handing on", async () => {
    const { admin } = await team();
    const { version } = await read(admin);
    for (const [rule, says] of [
      [{ type: "demo", owner: "kofi@example.com", rotation: ["ama@example.com"] }, "either one"],
      [{ type: "demo" }, "either one"],
      [{ type: "contact", product: "aslan", owner: "kofi@example.com" }, "only a demo"],
      [{ type: "demo", rotation: [] }, "at least one"],
      [{ type: "demo", rotation: ["kofi@example.com", "Kofi@example.com"] }, "twice"],
      [{ type: "lead", owner: "kofi@example.com" }, "rules.0.type"],
      [{ type: "demo", owner: "kofi@example.com", reassignOverdue: true }, "only a rotation"],
    ] as const) {
      const res = await admin.call(routingApi.update, {
        body: unchecked({ rules: [rule] }),
        headers: { "if-match": version },
      });
      refusedWith(400, res);
      expect(res.json().error, JSON.stringify(rule)).toContain(says);
    }
  });
});
