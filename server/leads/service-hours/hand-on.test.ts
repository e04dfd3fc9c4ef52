/**
 * An overdue lead handed on: when the rule it matches is a rotation set to hand on overdue leads,
 * escalation gives it to the rotation's next available member (never the owner it had), who is
 * told as by a hand change, and mails the new owner, the old one and the admins; once, however
 * many sweeps run at once. Any other rule, or no one else available, leaves the owner as it was.
 */
import { describe, expect, it } from "vitest";
import { leadKey } from "../../../leads/workflow";
import { leadsApi } from "../../../staff-api/leads";
import { sessionApi } from "../../../staff-api/session";
import { testDialects } from "../../testing/lead-api";
import { answered } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import {
  adminAndSales,
  ownerMails,
  ownerOf,
  postLead,
  queued,
  saveRouting,
} from "../routing/routing.testing";
import { LEAD_ESCALATED_KIND } from "./escalation";
import { accra, sweepOn } from "./escalation.testing";

const AMA = "ama@example.com";
const KOFI = "kofi@example.com";
const ESI = "esi@example.com";

describe.each(testDialects)("an overdue lead handed on, on $name", ({ url }) => {
  const api = useStaffApi(url);
  const sweep = sweepOn(api);

  /** The team, signed in on Friday 6 November 2026 at 15:00 in Accra. */
  async function team() {
    api.clock.now = accra("2026-11-06T15:00");
    const staff = await adminAndSales(api);
    return { ...staff, esi: await signedInStaff(api, ESI, "sales") };
  }

  /** A lead of `type` posted on Friday at 16:00, routed as it came: due Monday 11:00 or 15:00. */
  async function fridayLead(type: "demo" | "contact") {
    const id = await postLead(api, api.app, type);
    // The public form stamps the time it is posted; the lead is dated back to Friday.
    const created_at = accra("2026-11-06T16:00").toISOString();
    const table = type === "demo" ? "demo_requests" : "contact_messages";
    await api.db.updateTable(table).set({ created_at }).where("id", "=", id).execute();
    return id;
  }

  /** To whom lead row `id`'s escalation e-mails went, in no order. */
  const escalatedTo = async (id: string) =>
    (await queued<{ to: string }>(api, id, LEAD_ESCALATED_KIND)).map((mail) => mail.to).sort();

  /** Lead row `id`'s state: its version, and the turn its rule's rotation goes on from. */
  async function stateOf(type: "demo" | "contact", id: string) {
    const state = await api.db
      .selectFrom("lead_states")
      .select("version")
      .where("lead_type", "=", type)
      .where("lead_id", "=", id)
      .executeTakeFirstOrThrow();
    return Number(state.version);
  }

  const turnOf = async (type: "demo" | "contact") =>
    Number(
      (
        await api.db
          .selectFrom("lead_routing_rules")
          .select("next_turn")
          .where("lead_type", "=", type)
          .executeTakeFirstOrThrow()
      ).next_turn,
    );

  it("gives the lead to the next available member once, even with two sweeps at once", async () => {
    const { admin } = await team();
    await saveRouting(admin, [{ type: "demo", rotation: [AMA, KOFI, ESI], reassignOverdue: true }]);
    const demo = await fridayLead("demo");
    expect(await ownerOf(api, demo)).toBe(AMA);
    const versionBefore = await stateOf("demo", demo);

    const both = await Promise.all([sweep("2026-11-09T11:01"), sweep("2026-11-09T11:01")]);
    expect(both.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sweep("2026-11-09T11:30")).toBe(0);
    expect(await ownerOf(api, demo)).toBe(KOFI);
    expect(await stateOf("demo", demo)).toBe(versionBefore + 1);
    // The rotation moved on once, past Kofi: Esi has the next new lead.
    expect(await turnOf("demo")).toBe(2);

    // Kofi is told as by a hand change; the escalation goes to him, Ama and the admin.
    const toKofi = (await ownerMails(api, demo)).filter((mail) => mail.to === KOFI);
    expect(toKofi).toHaveLength(1);
    expect(toKofi[0]?.text).toContain("The lead routing (the lead was overdue) made you the owner");
    expect(await escalatedTo(demo)).toEqual(["admin@example.com", AMA, KOFI].sort());
    const escalation = await queued<{ to: string; text: string }>(api, demo, LEAD_ESCALATED_KIND);
    expect(escalation[0]?.text).toContain("The lead routing has handed it on to kofi from ama.");

    // The timeline's change of owner and its audit entry are by nobody: the rules made them.
    api.clock.now = accra("2026-11-09T11:10");
    const reader = await signedInStaff(api, "reader@example.com", "sales");
    const key = leadKey("demo", demo);
    const detail = answered(
      leadsApi.get,
      await reader.call(leadsApi.get, { params: { id: key } }),
      200,
    );
    expect(detail.timeline.filter((entry) => entry.kind === "owner")).toEqual([
      {
        kind: "owner",
        at: accra("2026-11-09T11:01").toISOString(),
        actor: null,
        from: AMA,
        to: KOFI,
      },
    ]);
    const audit = await api.db
      .selectFrom("audit_log")
      .select(["actor_id", "detail"])
      .where("action", "=", "lead.owner-changed")
      .where("record_id", "=", key)
      .execute();
    expect(audit.map((entry) => ({ ...entry, detail: JSON.parse(entry.detail) }))).toEqual([
      { actor_id: null, detail: { from: AMA, to: KOFI } },
    ]);
  });

  it("keeps today's owner for a rule that does not hand on, and when no one else is available", async () => {
    const { admin, kofi } = await team();
    await saveRouting(admin, [
      { type: "demo", rotation: [AMA, KOFI], reassignOverdue: true },
      { type: "contact", rotation: [AMA, KOFI] },
    ]);
    const away = await kofi.call(sessionApi.updateMe, { body: { away: true } });
    expect(answered(sessionApi.updateMe, away, 200).away).toBe(true);
    const demo = await fridayLead("demo");
    const contact = await fridayLead("contact");
    expect([await ownerOf(api, demo), await ownerOf(api, contact)]).toEqual([AMA, AMA]);
    const versions = [await stateOf("demo", demo), await stateOf("contact", contact)];

    // Kofi is away: the demo request stays with Ama, the rotation's turn where it was.
    const turn = await turnOf("demo");
    expect(await sweep("2026-11-09T11:01")).toBe(1);
    // The contact rule does not hand on, though Kofi is back.
    expect(
      answered(
        sessionApi.updateMe,
        await kofi.call(sessionApi.updateMe, { body: { away: false } }),
        200,
      ).away,
    ).toBe(false);
    expect(await sweep("2026-11-09T15:01")).toBe(1);

    expect([await ownerOf(api, demo), await ownerOf(api, contact)]).toEqual([AMA, AMA]);
    expect([await stateOf("demo", demo), await stateOf("contact", contact)]).toEqual(versions);
    expect(await turnOf("demo")).toBe(turn);
    for (const id of [demo, contact]) {
      expect(await escalatedTo(id)).toEqual(["admin@example.com", AMA]);
      expect((await ownerMails(api, id)).map((mail) => mail.to)).toEqual([AMA]);
    }
    const handChanges = await api.db
      .selectFrom("lead_events")
      .select("id")
      .where("kind", "=", "owner")
      .execute();
    expect(handChanges).toEqual([]);
  });
});
