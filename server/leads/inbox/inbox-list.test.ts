import { expect, it } from "vitest";
import { pagePaths } from "../../../common/paths";
import { UNSAFE_CHARACTERS_MESSAGE } from "../../../leads/fields";
import { sampleDemo } from "../../testing/lead-api";
import { ANY_VERSION } from "../../testing/staff-client";
import { addContact, addDemo, at } from "../../testing/records";
import { auditOf, expectListPaging, expectLastPage } from "../../testing/checks";
import { describeInboxApi, HIDDEN, addNote } from "./inbox.testing";
import { leadsApi } from "../../../staff-api/leads";

describeInboxApi("lead inbox API", (api, { signedIn, list }) => {
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
    expectLastPage(all, [other, demo, contact]);
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
      // Sunday's message counts from Monday's opening: one working day, 480 minutes.
      dueAt: "2026-11-02T16:00:00.000Z",
      target: "overdue",
      lastActivityAt: at(1),
      // The samples' numbers are one number written two ways: the three leads are linked.
      duplicates: [other, demo],
      // Never changed: no state row yet, version 0.
      version: "0",
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
      dueAt: "2026-11-02T12:00:00.000Z",
      target: "overdue",
      lastActivityAt: at(2),
      duplicates: [other, contact],
      version: "0",
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
        await sales.call(leadsApi.update, {
          params: { id: demo },
          body: {
            status: "qualified",
            owner: sales.account.email,
          },
          headers: ANY_VERSION,
        })
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
      for (const endpoint of [leadsApi.list, leadsApi.exportCsv, leadsApi.stats]) {
        if (endpoint !== leadsApi.list && ("cursor" in query || "limit" in query)) continue;
        const res = await sales.call(endpoint, { query });
        expect(res.statusCode, `${endpoint.path} ${JSON.stringify(query)}`).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    }
    const twice = await sales.call(leadsApi.list, { query: "type=contact&type=demo" });
    expect(twice.statusCode).toBe(400);
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

  it("refuses hidden and control characters in filters and notes with the field's 400, never 5xx", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const lead = await addContact(api, at(1));
    for (const bad of HIDDEN) {
      for (const endpoint of [leadsApi.list, leadsApi.exportCsv, leadsApi.stats]) {
        for (const field of ["q", "product"]) {
          const query = new URLSearchParams({ [field]: `ama${bad}x` });
          const res = await sales.call(endpoint, { query });
          expect(res.statusCode, `${endpoint.path} ${query}`).toBe(400);
          expect(res.json()).toEqual({ error: `${field}: ${UNSAFE_CHARACTERS_MESSAGE}` });
        }
      }
      const note = await sales.call(leadsApi.addNote, {
        params: { id: lead },
        body: { text: `Called${bad}back` },
      });
      expect(note.statusCode, JSON.stringify(bad)).toBe(400);
      expect(note.json()).toEqual({ error: `text: ${UNSAFE_CHARACTERS_MESSAGE}` });
    }
    // A lone surrogate cannot travel in a URL (it arrives as U+FFFD); in JSON it can.
    const surrogate = await sales.call(leadsApi.addNote, {
      params: { id: lead },
      body: { text: "a\ud800b" },
    });
    expect(surrogate.json()).toEqual({ error: `text: ${UNSAFE_CHARACTERS_MESSAGE}` });
    expect(await api.db.selectFrom("lead_events").select("id").execute()).toEqual([]);

    // A note may have lines and tabs, stored with \n; a filter is one line.
    await addNote(sales, lead, "Called\r\n\tNo answer");
    const events = await api.db.selectFrom("lead_events").select("text").execute();
    expect(events).toEqual([{ text: "Called\n\tNo answer" }]);
    expect((await sales.call(leadsApi.list, { query: "q=a%0Ab" })).json()).toEqual({
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
      expect((await sales.call(leadsApi.list, { query: { q } })).statusCode, q).toBe(200);
    }
    // NUL once ended FTS5's query in the middle of its quoted phrase (a 503): refused now.
    const nul = await sales.call(leadsApi.list, { query: "q=abc%00def" });
    expect(nul.statusCode).toBe(400);
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
      for (const endpoint of [leadsApi.list, leadsApi.exportCsv, leadsApi.stats]) {
        const res = await sales.call(endpoint, { query });
        expect(res.statusCode, `${endpoint.path} ${JSON.stringify(query)}`).toBe(200);
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
