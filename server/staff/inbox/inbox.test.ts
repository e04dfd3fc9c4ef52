import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pagePaths, withId } from "../../../common/paths";
import { UNSAFE_CHARACTERS_MESSAGE } from "../../../leads/fields";
import { sql } from "kysely";
import { forgetPerson } from "../../db/forget-person";
import { isPostgres } from "../../db/database";
import { sampleDemo, testDialects } from "../../testing";
import { parseLeadKey } from "../../../leads/workflow";
import { likePattern } from "./lead-query";
import { decodeCursor, encodeCursor } from "../page-cursor";
import { staffApiPaths } from "../paths";
import { ANY_VERSION, type Query, type StaffClient } from "../test-requests";
import { addContact, addDemo, addOutboxMessage, at } from "../test-records";
import { type ListPage, auditOf, csvLines, expectListPaging, expectAccess } from "../test-checks";
import { signedInStaff, useStaffApi } from "../testing";
import type { StaffRole } from "../../../staff-api/roles";
import { run as staffCli } from "../../cli/staff";

const MINUTE = 60_000;
/** Characters no staff input may hold: NUL, ESC, BEL, DEL, NEL, a bidi override, a separator. */
const HIDDEN = ["\u0000", "\u001b[2J", "\u0007", "\u007f", "\u0085", "\u202e", "\u2028"];
const leadPath = (id: string) => withId(staffApiPaths.lead, id);
const notesPath = (id: string) => withId(staffApiPaths.leadNotes, id);

describe.each(testDialects)("lead inbox API on $name", ({ url }) => {
  const api = useStaffApi(url);

  const signedIn = (email: string, role: StaffRole) => signedInStaff(api, email, role);
  const list = (staff: StaffClient, query: Query = {}) =>
    staff.read<ListPage>(staffApiPaths.leads, query);

  it("lets sales and admins in, keeps marketing out and the signed-out away", async () => {
    const lead = await addContact(api, at(1));
    const sales = await signedIn("sales@example.com", "sales");
    const admin = await signedIn("admin@example.com", "admin");
    const marketing = await signedIn("mkt@example.com", "marketing");
    const requests: [method: "GET" | "PATCH" | "POST", path: string, body?: unknown][] = [
      ["GET", staffApiPaths.leads],
      ["GET", staffApiPaths.leadsCsv],
      ["GET", staffApiPaths.leadStats],
      ["GET", leadPath(lead)],
      ["PATCH", leadPath(lead), { status: "contacted" }],
      ["POST", notesPath(lead), { text: "Called" }],
    ];
    for (const [method, path, body] of requests) {
      const headers = method === "PATCH" ? ANY_VERSION : undefined;
      await expectAccess(
        api,
        { marketing, sales, admin },
        { method, path, body, headers },
        { allowed: ["sales", "admin"], ok: method === "POST" ? 201 : 200 },
      );
    }
  });

  it("refuses writes that are not JSON or come from another site", async () => {
    const lead = await addContact(api, at(1));
    const sales = await signedIn("sales@example.com", "sales");
    const form = await sales.raw("PATCH", leadPath(lead), {
      contentType: "application/x-www-form-urlencoded",
      body: "status=won",
    });
    expect(form.statusCode).toBe(415);
    const foreign = await api
      .as(sales.cookie, { origin: "https://evil.example" })
      .send("POST", notesPath(lead), { text: "hi" });
    expect(foreign.statusCode).toBe(403);
    expect(await api.db.selectFrom("lead_events").selectAll().execute()).toEqual([]);
  });

  it("lists both types newest first, with their fields, and filters them", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const contact = await addContact(api, at(1), {
      first_name: "Efua",
      message: "Need 50% off_now",
    });
    const demo = await addDemo(api, at(2), {
      product: "banking",
      page: "/schedule-banking-demo",
      landing_page: "/products/banking",
      referrer: "https://www.google.com/",
      utm_campaign: "harmattan",
    });
    const other = await addDemo(api, at(3), {
      name: "Yaw",
      email: "yaw@corp.example",
      company: "Gold CORP",
    });

    const all = await list(sales);
    expect(all.items.map((i) => i.id)).toEqual([other, demo, contact]);
    expect(all.nextCursor).toBeNull();
    expect(all.items[2]).toEqual({
      id: contact,
      type: "contact",
      createdAt: at(1),
      status: "new",
      owner: null,
      source: { formPage: pagePaths.contactUs },
      firstName: "Efua",
      lastName: "Mensah",
      email: "ama@example.com",
      phone: "+233 55 000 0000",
      messagePreview: "Need 50% off_now",
      firstResponseAt: null,
    });
    expect(all.items[1]).toEqual({
      id: demo,
      type: "demo",
      createdAt: at(2),
      status: "new",
      owner: null,
      source: {
        formPage: "/schedule-banking-demo",
        landingPage: "/products/banking",
        referrer: "https://www.google.com/",
        utmCampaign: "harmattan",
      },
      product: "banking",
      ...sampleDemo.formData,
      firstResponseAt: null,
    });

    const ids = async (query: Record<string, string>) =>
      (await list(sales, query)).items.map((i) => i.id);
    expect(await ids({ type: "contact" })).toEqual([contact]);
    expect(await ids({ type: "demo" })).toEqual([other, demo]);
    expect(await ids({ product: "banking" })).toEqual([demo]);
    expect(await ids({ type: "contact", product: "banking" })).toEqual([]);
    expect(await ids({ since: at(2) })).toEqual([other, demo]);
    expect(await ids({ until: at(2) })).toEqual([contact]);
    expect(await ids({ since: "2026-11-01", until: "2026-11-01" })).toEqual([other, demo, contact]);
    expect(await ids({ until: "2026-10-31" })).toEqual([]);

    // q: names, e-mail, company, message; any case; % and _ are literal.
    expect(await ids({ q: "EFUA" })).toEqual([contact]);
    expect(await ids({ q: "efua mensah" })).toEqual([contact]);
    expect(await ids({ q: "YAW@CORP" })).toEqual([other]);
    expect(await ids({ q: "gold corp" })).toEqual([other]);
    expect(await ids({ q: "kofi boat" })).toEqual([demo]);
    expect(await ids({ q: "50%" })).toEqual([contact]);
    expect(await ids({ q: "off_now" })).toEqual([contact]);
    expect(await ids({ q: "5%f" })).toEqual([]);
    expect(await ids({ q: "off_n_w" })).toEqual([]);
    expect(await ids({ q: "%" })).toEqual([contact]);
    expect(await ids({ q: "_" })).toEqual([contact]);
    // The audit log, which is never erased, keeps that there was a search, not what was sought.
    const searches = await api.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "lead.list")
      .execute();
    expect(searches.map((a) => JSON.parse(a.detail).filters.q)).toContain("(11 characters)");
    expect(searches.some((a) => /efua|mensah|yaw@corp/i.test(a.detail))).toBe(false);

    // status and owner
    expect(
      (
        await sales.send(
          "PATCH",
          leadPath(demo),
          {
            status: "qualified",
            owner: sales.account.email,
          },
          ANY_VERSION,
        )
      ).statusCode,
    ).toBe(200);
    expect(await ids({ status: "qualified" })).toEqual([demo]);
    expect(await ids({ status: "new" })).toEqual([other, contact]);
    expect(await ids({ owner: "SALES@example.com" })).toEqual([demo]);
    expect(await ids({ owner: "none" })).toEqual([other, contact]);
    expect(await ids({ owner: "nobody@example.com" })).toEqual([]);
    expect((await list(sales, { type: "demo" })).items[1]).toMatchObject({
      status: "qualified",
      owner: "sales@example.com",
    });
  });

  it("pages through every lead exactly once, ties included, and audits each request", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const expected: string[] = [];
    for (let i = 0; i < 120; i++) {
      // Three leads to each instant, of both types.
      const when = at(Math.floor(i / 3));
      expected.push(
        i % 2 ? await addContact(api, when, { first_name: `N${i}` }) : await addDemo(api, when),
      );
    }
    const pages = await expectListPaging((query) => list(sales, query), expected);

    const audit = await auditOf(api, sales.account.id, "lead.list");
    expect(audit).toHaveLength(pages + 2);
    expect(audit.map((a) => JSON.parse(a.detail))).toContainEqual({ filters: {}, page: "first" });
    expect(audit.map((a) => JSON.parse(a.detail))).toContainEqual({ filters: {}, page: "next" });
  });

  it("answers 400 to bad filters, cursors and limits, never 5xx", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    await addContact(api, at(1));
    const bad: Record<string, string>[] = [
      { limit: "0" },
      { limit: "101" },
      { limit: "ten" },
      { limit: "-1" },
      { cursor: "not a cursor" },
      { cursor: "abc" },
      { cursor: Buffer.from('["x","y"]').toString("base64url") },
      { cursor: Buffer.from("{}").toString("base64url") },
      { since: "yesterday" },
      { since: "2026-02-30" },
      { until: "2026-13-01" },
      { until: "2026-11-01T25:00Z" },
      { type: "newsletter" },
      { status: "open" },
      { owner: "not-an-email" },
      { q: "x".repeat(201) },
    ];
    for (const query of bad) {
      for (const path of [staffApiPaths.leads, staffApiPaths.leadsCsv, staffApiPaths.leadStats]) {
        if (path !== staffApiPaths.leads && ("cursor" in query || "limit" in query)) continue;
        const res = await sales.get(path, query);
        expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    }
    const twice = await sales.get(`${staffApiPaths.leads}?type=contact&type=demo`);
    expect(twice.statusCode).toBe(400);
  });

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

    expect(
      (await sales.send("PATCH", leadPath(lead), { status: "contacted" }, ANY_VERSION)).statusCode,
    ).toBe(200);
    api.advance(MINUTE);
    expect(
      (await sales.send("POST", notesPath(lead), { text: " Called, wants a demo " })).statusCode,
    ).toBe(201);
    api.advance(MINUTE);
    expect(
      (await admin.send("PATCH", leadPath(lead), { owner: "sales@example.com" }, ANY_VERSION))
        .statusCode,
    ).toBe(200);
    api.advance(MINUTE);
    const res = await sales.send("PATCH", leadPath(lead), { status: "won" }, ANY_VERSION);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: lead, status: "won", owner: "sales@example.com" });

    const detail = await sales.get(leadPath(lead));
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
      expect((await sales.get(leadPath(id))).statusCode, id).toBe(404);
      expect(
        (await sales.send("PATCH", leadPath(id), { status: "won" }, ANY_VERSION)).statusCode,
      ).toBe(404);
      expect((await sales.send("POST", notesPath(id), { text: "x" })).statusCode).toBe(404);
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
    expect(
      (await sales.send("POST", notesPath(noted), { text: "Left a voicemail" })).statusCode,
    ).toBe(201);
    api.advance(MINUTE);
    await sales.send("PATCH", leadPath(noted), { status: "contacted" }, ANY_VERSION);
    await sales.send("PATCH", leadPath(noted), { status: "new" }, ANY_VERSION);
    await sales.send("PATCH", leadPath(noted), { status: "lost" }, ANY_VERSION);
    const state = await api.db.selectFrom("lead_states").selectAll().executeTakeFirstOrThrow();
    expect(state.first_response_at).toBe(first.toISOString());
    expect(state.status).toBe("lost");

    // An owner change alone is not a response.
    const owned = await addDemo(api, at(1));
    const assign = await sales.send(
      "PATCH",
      leadPath(owned),
      { owner: "KWAME@example.com" },
      ANY_VERSION,
    );
    expect(assign.statusCode).toBe(200);
    expect(assign.json()).toMatchObject({
      owner: "kwame@example.com",
      firstResponseAt: null,
      status: "new",
    });
    const unassign = await sales.send("PATCH", leadPath(owned), { owner: null }, ANY_VERSION);
    expect(unassign.json()).toMatchObject({ owner: null });

    for (const body of [
      { owner: "nobody@example.com" },
      { owner: "gone@example.com" },
      { owner: "not an address" },
      { status: "closed" },
      { status: null },
      { status: 1 },
    ]) {
      const res = await sales.send("PATCH", leadPath(owned), body, ANY_VERSION);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const text of ["", "   ", "x".repeat(5001), 42]) {
      expect((await sales.send("POST", notesPath(owned), { text })).statusCode).toBe(400);
    }
    expect(
      (await sales.send("POST", notesPath(owned), { text: "x".repeat(5000) })).statusCode,
    ).toBe(201);

    const stats = await sales.get(staffApiPaths.leadStats);
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
        sales.send("POST", notesPath(lead), { text: `note ${i}` }),
      ),
      sales.send("PATCH", leadPath(lead), { status: "contacted" }, ANY_VERSION),
      sales.send("PATCH", leadPath(lead), { owner: "sales@example.com" }, ANY_VERSION),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 200, 200]);
    expect(await api.db.selectFrom("lead_states").select("status").execute()).toEqual([
      { status: "contacted" },
    ]);
    expect(await api.db.selectFrom("lead_events").select("kind").execute()).toHaveLength(6);
  });

  it("averages the time to first response over the filtered leads", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const a = await addContact(api, at(0));
    const b = await addDemo(api, at(0));
    await addDemo(api, at(0), { product: "banking" });
    api.clock.now = new Date(Date.parse(at(10)));
    await sales.send("PATCH", leadPath(a), { status: "contacted" }, ANY_VERSION);
    api.clock.now = new Date(Date.parse(at(30)));
    await sales.send("POST", notesPath(b), { text: "Emailed" });
    const stats = async (query: Record<string, string> = {}) =>
      (await sales.get(staffApiPaths.leadStats, query)).json();
    expect(await stats()).toEqual({ count: 3, responded: 2, averageFirstResponseMs: 20 * MINUTE });
    expect(await stats({ type: "demo" })).toEqual({
      count: 2,
      responded: 1,
      averageFirstResponseMs: 30 * MINUTE,
    });
    expect(await stats({ product: "banking" })).toEqual({
      count: 1,
      responded: 0,
      averageFirstResponseMs: null,
    });
  });

  it("exports the filtered leads as formula-safe CSV, and audits it", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    await addContact(api, at(1), { first_name: '=HYPERLINK("http://x")', message: "a,b" });
    await addDemo(api, at(2), { company: "+Evil" });
    const res = await sales.get(`${staffApiPaths.leadsCsv}?type=contact`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="leads-.*\.csv"$/);
    const lines = csvLines(res);
    expect(lines[0]).toBe(
      "id,type,created_at,status,owner,form_page,landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,first_name,last_name,name,email,phone,company,job_title,industry,product,message",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain(`"a,b"`);

    const both = await sales.get(staffApiPaths.leadsCsv);
    const rows = csvLines(both);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain("'+Evil");

    const audit = await auditOf(api, sales.account.id, "lead.export");
    expect(audit.map((a) => JSON.parse(a.detail))).toEqual([
      { filters: { type: "contact" }, rows: 1 },
      { filters: {}, rows: 2 },
    ]);
  });

  it("exports more leads than one batch, every one once", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    for (let i = 0; i < 520; i++) await addContact(api, at(i % 7), { first_name: `P${i}` });
    const res = await sales.get(staffApiPaths.leadsCsv);
    const lines = csvLines(res).slice(1);
    expect(lines).toHaveLength(520);
    expect(new Set(lines.map((l) => l.split(",")[0])).size).toBe(520);
  }, 60_000);

  it("forgets a person's lead states and events with their leads", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const ama = await addContact(api, at(1), { email: "Ama@Example.com" });
    const amaDemo = await addDemo(api, at(2), { email: "ama@example.com" });
    const kofi = await addDemo(api, at(3), { email: "kofi@example.com" });
    for (const lead of [ama, amaDemo, kofi]) {
      await sales.send("PATCH", leadPath(lead), { status: "contacted" }, ANY_VERSION);
      await sales.send("POST", notesPath(lead), { text: "note" });
    }
    const removed = await forgetPerson(api.db, "AMA@example.com");
    expect(removed).toMatchObject({
      lead_states: 2,
      lead_events: 4,
      contact_messages: 1,
      demo_requests: 1,
    });
    const states = await api.db.selectFrom("lead_states").select("lead_id").execute();
    expect(states.map((s) => `demo_${s.lead_id}`)).toEqual([kofi]);
    const events = await api.db.selectFrom("lead_events").select("lead_id").execute();
    expect(events.map((e) => `demo_${e.lead_id}`)).toEqual([kofi, kofi]);
  });

  it("searches through the index: any script's case, wildcards as text, short terms, a word within one field", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const ewe = await addContact(api, at(1), {
      first_name: "Ɛnam",
      last_name: "Ádjei",
      message: "Rates for *all* [schools]? 100% sure",
    });
    const demo = await addDemo(api, at(2), { name: "Kofi Boateng", company: "Ɛkuba Ltd" });
    const ids = async (q: string) => (await list(sales, { q })).items.map((i) => i.id);
    expect(await ids("ɛnam ádjei")).toEqual([ewe]);
    expect(await ids("ƐNAM")).toEqual([ewe]);
    expect(await ids("ÁDJ")).toEqual([ewe]);
    expect(await ids("ɛ")).toEqual([demo, ewe]);
    expect(await ids("*all*")).toEqual([ewe]);
    expect(await ids("[schools]?")).toEqual([ewe]);
    expect(await ids("a*l")).toEqual([]);
    expect(await ids("[s]")).toEqual([]);
    expect(await ids("s?")).toEqual([]);
    expect(await ids("100% s")).toEqual([ewe]);
    // Words are found in any field and any order, but a word never spans two fields: the name
    // ends and the e-mail begins.
    expect(await ids("ama@ ádjei")).toEqual([ewe]);
    expect(await ids("ádjeiama")).toEqual([]);
    expect(await ids("boatengkofi")).toEqual([]);
    expect(await ids("ɛkuba")).toEqual([demo]);
  });

  it("leaves an erased person out of the search index", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    await addContact(api, at(1), { email: "esi@example.com", message: "Tell me about payouts" });
    expect((await list(sales, { q: "payouts" })).items).toHaveLength(1);
    await forgetPerson(api.db, "esi@example.com");
    expect((await list(sales, { q: "payouts" })).items).toHaveLength(0);
    expect((await list(sales, { q: "esi@" })).items).toHaveLength(0);
    if (!isPostgres(api.db)) {
      // The FTS5 index holds no trace of the row: its own check compares it with the table.
      for (const index of ["contact_messages_search", "demo_requests_search"]) {
        await sql`insert into ${sql.id(index)}(${sql.id(index)}, rank) values ('integrity-check', 1)`.execute(
          api.db,
        );
      }
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from contact_messages_search_docsize`.execute(api.db);
      expect(Number(rows[0]?.n)).toBe(0);
    }
  });

  it("refuses hidden and control characters in filters and notes with the field's 400, never 5xx", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const lead = await addContact(api, at(1));
    for (const bad of HIDDEN) {
      for (const path of [staffApiPaths.leads, staffApiPaths.leadsCsv, staffApiPaths.leadStats]) {
        for (const field of ["q", "product"]) {
          const query = new URLSearchParams({ [field]: `ama${bad}x` });
          const res = await sales.get(`${path}?${query}`);
          expect(res.statusCode, `${path} ${query}`).toBe(400);
          expect(res.json()).toEqual({ error: `${field}: ${UNSAFE_CHARACTERS_MESSAGE}` });
        }
      }
      const note = await sales.send("POST", notesPath(lead), { text: `Called${bad}back` });
      expect(note.statusCode, JSON.stringify(bad)).toBe(400);
      expect(note.json()).toEqual({ error: `text: ${UNSAFE_CHARACTERS_MESSAGE}` });
    }
    // A lone surrogate cannot travel in a URL (it arrives as U+FFFD); in JSON it can.
    const surrogate = await sales.send("POST", notesPath(lead), { text: "a\ud800b" });
    expect(surrogate.json()).toEqual({ error: `text: ${UNSAFE_CHARACTERS_MESSAGE}` });
    expect(await api.db.selectFrom("lead_events").select("id").execute()).toEqual([]);

    // A note may have lines and tabs, stored with \n; a filter is one line.
    expect(
      (await sales.send("POST", notesPath(lead), { text: "Called\r\n\tNo answer" })).statusCode,
    ).toBe(201);
    const events = await api.db.selectFrom("lead_events").select("text").execute();
    expect(events).toEqual([{ text: "Called\n\tNo answer" }]);
    expect((await sales.get(`${staffApiPaths.leads}?q=a%0Ab`)).json()).toEqual({
      error: `q: ${UNSAFE_CHARACTERS_MESSAGE}`,
    });
    // An empty filter is no filter (no "required"), and the text is trimmed.
    expect((await list(sales, { q: "  ", product: "" })).items).toHaveLength(1);
    expect((await list(sales, { q: " Mensah " })).items).toHaveLength(1);
  });

  it("searches any text literally, whatever FTS5 would make of it", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const odd = await addContact(api, at(1), {
      message: 'Quote "x" NEAR(abc def) a AND b OR NOT c ^start (open col:umn {set} a*b -minus',
    });
    await addContact(api, at(2), { message: "Nothing special" });
    const ids = async (q: string) => (await list(sales, { q })).items.map((i) => i.id);
    for (const q of [
      '"',
      '"x"',
      "NEAR(abc",
      "near(abc def)",
      "a and b or not c",
      "^start",
      "(open",
      "col:umn",
      "{set}",
      "a*b",
      "-minus",
    ]) {
      expect(await ids(q), q).toEqual([odd]);
    }
    for (const q of ["OR", "AND", "NOT", "*", "^", ":", "x".repeat(200), "a\u00ad", "🙂🙂🙂"]) {
      expect(
        (await sales.get(`${staffApiPaths.leads}?${new URLSearchParams({ q })}`)).statusCode,
        q,
      ).toBe(200);
    }
    // NUL once ended FTS5's query in the middle of its quoted phrase (a 503): refused now.
    const nul = await sales.get(`${staffApiPaths.leads}?q=abc%00def`);
    expect(nul.statusCode).toBe(400);
  });

  it("audits a change that changes nothing as a view of the lead, in the read's transaction", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const lead = await addDemo(api, at(1));
    await sales.send(
      "PATCH",
      leadPath(lead),
      { status: "contacted", owner: sales.account.email },
      ANY_VERSION,
    );
    await sales.send("POST", notesPath(lead), { text: "Wants a demo on Monday" });
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
      const res = await sales.send("PATCH", leadPath(lead), body, ANY_VERSION);
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
    const won = await sales.send("PATCH", leadPath(lead), { status: "won" }, ANY_VERSION);
    expect(won.json()).toMatchObject({ status: "won" });
    expect((await entries()).at(-1)).toEqual({ action: "lead.status-changed", record_id: lead });
  });

  it("keeps no address or typed text of a filter in the audit log: owners by account id", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    await addDemo(api, at(1), { product: "banking" });
    const queries: Record<string, string>[] = [
      { owner: "SALES@example.com", product: "banking", status: "new", type: "demo" },
      { owner: "none", since: "2026-11-01" },
      { owner: "ama.mensah@example.com", product: "ama.mensah@example.com" },
      { q: "ama.mensah@example.com" },
    ];
    for (const query of queries) {
      for (const path of [staffApiPaths.leads, staffApiPaths.leadsCsv, staffApiPaths.leadStats]) {
        const res = await sales.get(path, query);
        expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(200);
      }
    }
    const audit = await api.db
      .selectFrom("audit_log")
      .select(["action", "detail"])
      .where("actor_id", "=", sales.account.id)
      .orderBy("at")
      .execute();
    const filters = audit.map((a) => [a.action, JSON.parse(a.detail).filters]);
    expect(filters).toEqual(
      queries.flatMap((_, i) =>
        ["lead.list", "lead.export", "lead.stats"].map((action) => [
          action,
          [
            { owner: sales.account.id, product: "banking", status: "new", type: "demo" },
            { owner: "none", since: "2026-11-01" },
            { owner: "no such account", product: "(22 characters)" },
            { q: "(22 characters)" },
          ][i],
        ]),
      ),
    );
    expect(JSON.stringify(audit)).not.toMatch(/@example\.com/i);
  });
});

describe("lead ids, cursors and LIKE patterns", () => {
  it("round-trips cursors and refuses anything else", () => {
    const cursor = { createdAt: "2026-11-01T09:00:00.000Z", id: randomUUID() };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(encodeCursor(cursor)).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const text of ["", "!!", "e30", Buffer.from('["2026",1]').toString("base64url")]) {
      expect(decodeCursor(text)).toBeNull();
    }
  });

  it("parses lead ids", () => {
    expect(parseLeadKey("demo_abc-1")).toEqual({ type: "demo", id: "abc-1" });
    expect(parseLeadKey("contact_x")).toEqual({ type: "contact", id: "x" });
    expect(parseLeadKey("newsletter_x")).toBeNull();
    expect(parseLeadKey("demo_a'b")).toBeNull();
  });

  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_\\A")).toBe("%50\\%\\_\\\\a%");
  });
});
