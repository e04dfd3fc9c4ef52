import { describe, expect, it } from "vitest";
import { testDialects } from "../testing/lead-api";
import { recordReturnedMail } from "../newsletter/returns/returns";
import { OUTBOX_MAIL, addContact, addOutboxMessage, addSubscriber, at } from "../testing/records";
import { auditOf } from "../testing/checks";
import { signedInStaff, useStaffApi } from "../testing/staff-api";
import { leadsApi } from "../../staff-api/leads";
import { erasureApi } from "../../staff-api/admin";
import { subscribersApi } from "../../staff-api/subscribers";
import { auditApi } from "../../staff-api/audit";
import { savedFiltersApi } from "../../staff-api/saved-filters";

describe.each(testDialects)("admin API on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("erases a person as the command line does, and keeps no trace of the address", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const lead = await addContact(api, at(0), { email: "ama@example.com" });
    await addOutboxMessage(api, at(0), {
      kind: "contact",
      leadId: lead.slice("contact_".length),
      payload: { ...OUTBOX_MAIL, to: "sales@site.test" },
    });
    await addSubscriber(api, at(0), { email: "Ama@example.com", status: "confirmed", source: "/" });
    const notes = await admin.call(leadsApi.addNote, {
      params: { id: lead },
      body: {
        text: "Called Ama",
      },
    });
    expect(notes.statusCode).toBe(201);
    await recordReturnedMail(api.db, {
      source: "postmark",
      sourceRef: "pm-1",
      type: "hard-bounce",
      email: "ama@example.com",
      status: "5.1.1",
      detail: "550 5.1.1 ama@example.com: no such user",
      at: new Date(at(1)),
    });

    const res = await admin.call(erasureApi.forget, {
      body: {
        email: " AMA@Example.com ",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      erased: {
        outbox: 1,
        lead_states: 1,
        lead_events: 1,
        newsletter_subscriptions: 1,
        contact_messages: 1,
        demo_requests: 0,
        mail_events: 1,
        mail_suppressions: 1,
        mail_mentions: 0,
        staff_saved_filters: 0,
      },
    });
    for (const table of [
      "contact_messages",
      "newsletter_subscriptions",
      "lead_events",
      "mail_events",
    ] as const) {
      expect(await api.db.selectFrom(table).select("id").execute(), table).toEqual([]);
    }
    const erased = await auditOf(api, admin.account.id, "person.erased");
    expect(erased).toHaveLength(1);
    expect(erased[0]?.record_id).toBeNull();
    expect(JSON.parse(erased[0]?.detail ?? "{}")).toEqual({
      erased: res.json().erased,
      via: "console",
    });
    expect(JSON.stringify(erased[0])).not.toMatch(/ama/i);
    // Asking again erases nothing, and is recorded too.
    const again = await admin.call(erasureApi.forget, {
      body: {
        email: "ama@example.com",
      },
    });
    expect(again.json().erased).toEqual(
      Object.fromEntries(Object.keys(res.json().erased).map((table) => [table, 0])),
    );
    expect(await auditOf(api, admin.account.id, "person.erased")).toHaveLength(2);
  });

  it("keeps no trace of an erased person's address in the audit log, however staff looked", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const address = "Ama.Mensah@example.com";
    const searches = [
      `${leadsApi.list.path}?q=${address}`,
      `${leadsApi.list.path}?owner=${address}`,
      `${leadsApi.list.path}?product=${address}`,
      `${leadsApi.exportCsv.path}?owner=${address}&product=${address}&q=${address}`,
      `${leadsApi.stats.path}?owner=${address}&product=${address}`,
      `${subscribersApi.list.path}?q=${address}`,
      `${subscribersApi.exportCsv.path}?q=${address}`,
      `${auditApi.list.path}?actor=${address}`,
      `${auditApi.list.path}?action=${address}`,
      `${auditApi.exportCsv.path}?actor=${address}&action=${address}`,
    ];
    for (const path of searches) {
      const res = await admin.get(path.replaceAll("@", "%40"));
      expect(res.statusCode, path).toBe(200);
    }
    const erased = await admin.call(erasureApi.forget, { body: { email: address } });
    expect(erased.statusCode).toBe(200);
    const entries = await auditOf(api, admin.account.id);
    expect(entries).toHaveLength(searches.length + 1);
    expect(JSON.stringify(entries)).not.toMatch(/ama|mensah/i);
  });

  it("deletes the inbox's saved filters that name the erased address, and only those", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const kofi = await signedInStaff(api, "kofi@example.com", "sales");
    const save = async (name: string, query: string) => {
      const res = await kofi.call(savedFiltersApi.create, { body: { name, query } });
      expect(res.statusCode, res.body).toBe(201);
    };
    await save("Her leads", "q=ama.mensah%40example.com");
    await save("Ama.Mensah@example.com, to call back", "status=new");
    await save("New this week", "status=new");
    const res = await admin.call(erasureApi.forget, { body: { email: "ama.mensah@example.com" } });
    expect(res.json().erased).toMatchObject({ staff_saved_filters: 2 });
    const kept = await kofi.call(savedFiltersApi.list);
    expect((kept.json() as { items: { name: string }[] }).items.map((f) => f.name)).toEqual([
      "New this week",
    ]);
  });
});
