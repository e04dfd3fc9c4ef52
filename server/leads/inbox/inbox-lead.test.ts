import { expect, it } from "vitest";
import { ANY_VERSION, unchecked } from "../../testing/staff-client";
import { addContact, addDemo, addOutboxMessage, at, MINUTE } from "../../testing/records";
import { run as staffCli } from "../../cli/staff";
import { describeInboxApi, addNote, changeLead } from "./inbox.testing";
import { leadsApi } from "../../../staff-api/leads";

describeInboxApi("lead inbox API", (api, { signedIn }) => {
  it("shows a lead with its timeline and deliveries, and 404 for unknown ids", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const admin = await signedIn("admin@example.com", "admin");
    api.clock.now = new Date(Date.parse(at(0)) + 10 * MINUTE);
    const lead = await addDemo(api, at(0));
    const rowId = lead.slice("demo_".length);
    await addOutboxMessage(api, at(0), {
      kind: "demo",
      leadId: rowId,
      payload: "{}",
      status: "sent",
      attempts: 2,
      sentAt: at(1),
    });

    await changeLead(sales, lead, { status: "contacted" });
    api.advance(MINUTE);
    await addNote(sales, lead, " Called, wants a demo ");
    api.advance(MINUTE);
    await changeLead(admin, lead, { owner: "sales@example.com" });
    api.advance(MINUTE);
    const res = await changeLead(sales, lead, { status: "won" });
    expect(res.json()).toMatchObject({ id: lead, status: "won", owner: "sales@example.com" });

    const detail = await sales.call(leadsApi.get, { params: { id: lead } });
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.firstResponseAt).toBe(new Date(Date.parse(at(0)) + 10 * MINUTE).toISOString());
    expect(body.timeToFirstResponseMs).toBe(10 * MINUTE);
    expect(body.timeline).toEqual([
      {
        kind: "delivery",
        channel: "email",
        at: at(0),
        status: "sent",
        attempts: 2,
        sentAt: at(1),
      },
      {
        kind: "status",
        at: body.firstResponseAt,
        actor: "sales@example.com",
        from: "new",
        to: "contacted",
      },
      {
        kind: "note",
        at: expect.any(String),
        actor: "sales@example.com",
        text: "Called, wants a demo",
      },
      {
        kind: "owner",
        at: expect.any(String),
        actor: "admin@example.com",
        from: null,
        to: "sales@example.com",
      },
      // The admin gave it to a colleague, who is told by e-mail.
      {
        kind: "delivery",
        channel: "owner-email",
        at: expect.any(String),
        status: "pending",
        attempts: 0,
        sentAt: null,
      },
      {
        kind: "status",
        at: expect.any(String),
        actor: "sales@example.com",
        from: "contacted",
        to: "won",
      },
    ]);
    const times = body.timeline.map((e: { at: string }) => e.at);
    expect(times).toEqual(times.toSorted());

    for (const id of [
      "demo_00000000-0000-0000-0000-000000000000",
      `contact_${rowId}`,
      "lead_1",
      "demo_",
      "demo_a%2Fb",
      "x".repeat(300),
    ]) {
      expect((await sales.call(leadsApi.get, { params: { id } })).statusCode, id).toBe(404);
      expect(
        (
          await sales.call(leadsApi.update, {
            params: { id },
            body: { status: "won" },
            headers: ANY_VERSION,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await sales.call(leadsApi.addNote, { params: { id }, body: { text: "x" } })).statusCode,
      ).toBe(404);
    }

    const audit = await api.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "record_type", "record_id", "detail"])
      .where("record_id", "=", lead)
      .orderBy("at")
      .execute();
    expect(audit.map((a) => [a.action, a.actor_email, a.record_type])).toEqual([
      ["lead.status-changed", "sales@example.com", "lead"],
      ["lead.note-added", "sales@example.com", "lead"],
      ["lead.owner-changed", "admin@example.com", "lead"],
      ["lead.status-changed", "sales@example.com", "lead"],
      ["lead.view", "sales@example.com", "lead"],
    ]);
    expect(JSON.parse(audit[0]?.detail ?? "")).toEqual({ from: "new", to: "contacted" });
    expect(JSON.parse(audit[2]?.detail ?? "")).toEqual({ from: null, to: "sales@example.com" });
    expect(audit[1]?.detail).not.toContain("Called");
  });

  it("sets the first response once, by a note or a status, and checks owners", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    await signedIn("kwame@example.com", "sales");
    await signedIn("gone@example.com", "sales");
    await staffCli(["disable", "--email", "gone@example.com"], () => {}, {
      db: api.db,
      now: api.clock.now,
    });
    const noted = await addContact(api, at(0));
    const first = new Date(api.clock.now);
    await addNote(sales, noted, "Left a voicemail");
    api.advance(MINUTE);
    await sales.call(leadsApi.update, {
      params: { id: noted },
      body: { status: "contacted" },
      headers: ANY_VERSION,
    });
    await sales.call(leadsApi.update, {
      params: { id: noted },
      body: { status: "new" },
      headers: ANY_VERSION,
    });
    await sales.call(leadsApi.update, {
      params: { id: noted },
      body: { status: "lost" },
      headers: ANY_VERSION,
    });
    const state = await api.db.selectFrom("lead_states").selectAll().executeTakeFirstOrThrow();
    expect(state.first_response_at).toBe(first.toISOString());
    expect(state.status).toBe("lost");

    // An owner change alone is not a response.
    const owned = await addDemo(api, at(1));
    const assign = await changeLead(sales, owned, { owner: "KWAME@example.com" });
    expect(assign.json()).toMatchObject({
      owner: "kwame@example.com",
      firstResponseAt: null,
      status: "new",
    });
    const unassign = await sales.call(leadsApi.update, {
      params: { id: owned },
      body: { owner: null },
      headers: ANY_VERSION,
    });
    expect(unassign.json()).toMatchObject({ owner: null });

    for (const body of [
      { owner: "nobody@example.com" },
      { owner: "gone@example.com" },
      { owner: "not an address" },
      { status: "closed" },
      { status: null },
      { status: 1 },
    ]) {
      const res = await sales.call(leadsApi.update, {
        params: { id: owned },
        body: unchecked(body),
        headers: ANY_VERSION,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const text of ["", "   ", "x".repeat(5001), 42]) {
      expect(
        (await sales.call(leadsApi.addNote, { params: { id: owned }, body: unchecked({ text }) }))
          .statusCode,
      ).toBe(400);
    }
    await addNote(sales, owned, "x".repeat(5000));

    const stats = await sales.call(leadsApi.stats);
    expect(stats.json()).toEqual({
      count: 2,
      responded: 2,
      averageFirstResponseMs: expect.any(Number),
    });
  });

  it("takes simultaneous changes to a lead without a state row, one after the other", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const lead = await addContact(api, at(0));
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) =>
        sales.call(leadsApi.addNote, { params: { id: lead }, body: { text: `note ${i}` } }),
      ),
      sales.call(leadsApi.update, {
        params: { id: lead },
        body: { status: "contacted" },
        headers: ANY_VERSION,
      }),
      sales.call(leadsApi.update, {
        params: { id: lead },
        body: { owner: "sales@example.com" },
        headers: ANY_VERSION,
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 200, 200]);
    expect(await api.db.selectFrom("lead_states").select("status").execute()).toEqual([
      { status: "contacted" },
    ]);
    expect(await api.db.selectFrom("lead_events").select("kind").execute()).toHaveLength(6);
  });

  it("audits a change that changes nothing as a view of the lead, in the read's transaction", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const lead = await addDemo(api, at(1));
    await changeLead(sales, lead, { status: "contacted", owner: sales.account.email });
    await sales.call(leadsApi.addNote, {
      params: { id: lead },
      body: { text: "Wants a demo on Monday" },
    });
    const entries = () =>
      api.db
        .selectFrom("audit_log")
        .select(["action", "record_id"])
        .where("actor_id", "=", sales.account.id)
        .orderBy("at")
        .orderBy("action")
        .execute();
    const before = (await entries()).length;
    for (const body of [{}, { status: "contacted" }, { owner: "SALES@example.com" }]) {
      api.advance(MINUTE);
      const res = await sales.call(leadsApi.update, {
        params: { id: lead },
        body: unchecked(body),
        headers: ANY_VERSION,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().timeline).toContainEqual(
        expect.objectContaining({ kind: "note", text: "Wants a demo on Monday" }),
      );
    }
    expect((await entries()).slice(before)).toEqual([
      { action: "lead.view", record_id: lead },
      { action: "lead.view", record_id: lead },
      { action: "lead.view", record_id: lead },
    ]);
    // A real change is recorded as that change, and its answer is the lead as changed.
    api.advance(MINUTE);
    const won = await sales.call(leadsApi.update, {
      params: { id: lead },
      body: { status: "won" },
      headers: ANY_VERSION,
    });
    expect(won.json()).toMatchObject({ status: "won" });
    expect((await entries()).at(-1)).toEqual({ action: "lead.status-changed", record_id: lead });
  });
});
