import { expect, it } from "vitest";
import { sql } from "kysely";
import { forgetPerson } from "../../people/forget-person";
import { isPostgres } from "../../db/database";
import { ANY_VERSION } from "../../testing/staff-client";
import { addContact, addDemo, at } from "../../testing/records";
import { leadsApi } from "../../../staff-api/leads";
import { describeInboxApi } from "./inbox.testing";

describeInboxApi("lead inbox API", (api, { signedIn, list }) => {
  it("forgets a person's lead states and events with their leads", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const ama = await addContact(api, at(1), { email: "Ama@Example.com" });
    const amaDemo = await addDemo(api, at(2), { email: "ama@example.com" });
    const kofi = await addDemo(api, at(3), { email: "kofi@example.com" });
    for (const lead of [ama, amaDemo, kofi]) {
      await sales.call(leadsApi.update, {
        params: { id: lead },
        body: { status: "contacted" },
        headers: ANY_VERSION,
      });
      await sales.call(leadsApi.addNote, { params: { id: lead }, body: { text: "note" } });
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
});
