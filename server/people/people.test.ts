import { describe, expect, it } from "vitest";
import { leadsApi } from "../../staff-api/leads";
import { ONE_KEY, type PersonExport, peopleApi } from "../../staff-api/people";
import { recordReturnedMail } from "../newsletter/returns/returns";
import { CAMPAIGN_KIND } from "../newsletter/campaigns/campaigns";
import { testDialects } from "../testing/lead-api";
import { auditOf, answered, refusedWith } from "../testing/checks";
import { addContact, addDemo, addOutboxMessage, addSubscriber, at } from "../testing/records";
import { signedInStaff, useStaffApi } from "../testing/staff-api";
import { changeLead } from "../leads/inbox/inbox.testing";

// An access request answers everything about one person, found by address or by phone, and
// nothing of anyone who only shares their company or the beginning of their number.

const PERSON = "Ama.Mensah@Example.com";
const THEIR_PHONE = "+233 55 921 1848";
const OTHER = "kofi.boateng@example.com";
const COMPANY = "Kumasi Traders";
/** The person's number and one digit more: the inbox search would find both. */
const LONGER_NUMBER = "055 921 18481";

describe.each(testDialects)("an access request on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** The person's two leads, note, status change, subscription, mail and bounce; and another's. */
  async function thePersonAndAnother() {
    const admin = await signedInStaff(api, `admin-${crypto.randomUUID()}@example.com`, "admin");
    const contact = await addContact(api, at(1), {
      first_name: "Ama",
      last_name: "Mensah",
      email: PERSON,
      phone: THEIR_PHONE,
      message: "<script>alert(1)</script> Please call me",
    });
    const demo = await addDemo(api, at(2), {
      name: "Ama Mensah",
      email: PERSON.toLowerCase(),
      phone: "055-921-1848",
      company: COMPANY,
      utm_source: "radio",
    });
    const others = await addDemo(api, at(3), {
      name: "Kofi Boateng",
      email: OTHER,
      phone: LONGER_NUMBER,
      company: COMPANY,
    });
    const subscription = await addSubscriber(api, at(4), { email: PERSON, status: "confirmed" });
    await addSubscriber(api, at(4), { email: OTHER, status: "confirmed" });
    const rowOf = (leadId: string) => leadId.replace(/^(contact|demo)_/, "");
    await addOutboxMessage(api, at(1), { kind: "contact", status: "sent", leadId: rowOf(contact) });
    await addOutboxMessage(api, at(2), { kind: "slack", status: "sent", leadId: rowOf(contact) });
    await addOutboxMessage(api, at(3), { kind: "demo", status: "sent", leadId: rowOf(others) });
    const campaign = await admin.send("POST", "/api/staff/campaigns", {
      subject: "Rates for traders",
      markdown: "Hello",
    });
    const copy = await addOutboxMessage(api, at(5), {
      kind: CAMPAIGN_KIND,
      status: "sent",
      leadId: subscription,
    });
    await api.db
      .updateTable("outbox")
      .set({ campaign_id: String(campaign.json().id), outcome: "hard-bounce" })
      .where("id", "=", copy)
      .execute();
    await recordReturnedMail(api.db, {
      source: "postmark",
      sourceRef: `bounce-${crypto.randomUUID()}`,
      type: "hard-bounce",
      email: PERSON,
      status: "5.1.1",
      detail: "550 5.1.1 No such user",
      raw: "RAW REPORT",
      at: new Date(at(6)),
    });
    const note = await admin.call(leadsApi.addNote, {
      params: { id: contact },
      body: { text: "Called back, wants POS terminals" },
    });
    expect(note.statusCode, note.body).toBe(201);
    await changeLead(admin, contact, { status: "contacted" });
    await admin.call(leadsApi.get, { params: { id: others } });
    return { admin, contact, demo, others };
  }

  it("answers every record of the person by address, and nothing of another", async () => {
    const { admin, contact, demo } = await thePersonAndAnother();
    const res = await admin.call(peopleApi.export, { query: { email: PERSON.toUpperCase() } });
    const found = answered(peopleApi.export, res, 200) as PersonExport;
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="access-request-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(found.leads.map((lead) => lead.id)).toEqual([contact, demo]);
    expect(found.leads[0]).toMatchObject({
      status: "contacted",
      owner: null,
      history: [
        {
          kind: "status",
          from: "new",
          to: "contacted",
          by: { name: admin.account.name, role: "admin" },
        },
      ],
    });
    expect(found.leads[1]!.fields).toMatchObject({ company: COMPANY, utm_source: "radio" });
    expect(found.notes).toEqual([
      expect.objectContaining({ leadId: contact, text: "Called back, wants POS terminals" }),
    ]);
    expect(found.subscriptions).toEqual([
      expect.objectContaining({
        status: "confirmed",
        consent: expect.objectContaining({ text: null, version: null, form: "newsletter" }),
      }),
    ]);
    expect(found.subscriptions[0]!.consent.page).toBe("/help-center");
    expect(found.messages).toEqual([
      expect.objectContaining({ kind: "contact", to: "team", campaign: null }),
      expect.objectContaining({ kind: "slack", to: "team" }),
      expect.objectContaining({ kind: CAMPAIGN_KIND, to: "person", campaign: "Rates for traders" }),
    ]);
    expect(found.suppressions.entry).toMatchObject({ reason: "hard-bounce" });
    expect(found.suppressions.events).toEqual([
      {
        type: "hard-bounce",
        email: "Ama.Mensah@example.com",
        at: at(6),
        status: "5.1.1",
        detail: "550 5.1.1 No such user",
      },
    ]);
    const actions = found.audit.map((entry) => `${entry.action} ${entry.record.id}`);
    expect(actions).toEqual(
      expect.arrayContaining([`lead.note-added ${contact}`, `lead.status-changed ${contact}`]),
    );
    const text = JSON.stringify(found);
    for (const trace of ["Kofi", "kofi", "18481", "RAW REPORT", admin.account.email]) {
      expect(text).not.toContain(trace);
    }

    const [entry] = await auditOf(api, admin.account.id, "person.exported");
    const detail = JSON.parse(entry!.detail) as Record<string, unknown>;
    expect(detail).toEqual({
      by: "email",
      format: "json",
      counts: expect.objectContaining({ leads: 2, notes: 1, subscriptions: 1, messages: 3 }),
    });
    expect(entry!.detail.toLowerCase()).not.toContain("mensah");
  });

  it("finds by phone the leads with that very number, not one that begins the same", async () => {
    const { admin, contact, demo } = await thePersonAndAnother();
    const res = await admin.call(peopleApi.export, { query: { phone: "0559211848" } });
    const found = answered(peopleApi.export, res, 200) as PersonExport;
    expect(found.leads.map((lead) => lead.id).sort()).toEqual(
      expect.arrayContaining([contact, demo].sort()),
    );
    expect(found.leads.every((lead) => lead.fields.name !== "Kofi Boateng")).toBe(true);
    // A number names leads only: a subscription is found by its address.
    expect(found.subscriptions).toEqual([]);
    const [entry] = await auditOf(api, admin.account.id, "person.exported");
    expect(entry!.detail).not.toContain("1848");
  });

  it("answers a page to send, escaped, with times in Accra time", async () => {
    const { admin } = await thePersonAndAnother();
    const res = await admin.call(peopleApi.export, {
      query: { email: PERSON, format: "html" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/filename="access-request-.*\.html"/);
    expect(res.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(res.body).not.toContain("<script>");
    expect(res.body).toContain("1 Nov 2026, 09:01 Accra time");
    expect(res.body).toContain("was not recorded");
    expect(res.body).toContain("Newsletter issue “Rates for traders”");
    expect(res.body).toContain("<td>Sent: could not be delivered (permanent)</td>");
    expect(res.body).not.toContain("Kofi");
  });

  it("refuses a request that names no key, or a key that cannot be one", async () => {
    const admin = await signedInStaff(api, "admin-keys@example.com", "admin");
    for (const query of [
      {},
      { email: "not an address" },
      { phone: THEIR_PHONE, email: "not an address" },
      { phone: "call me" },
      { email: PERSON, format: "pdf" },
    ]) {
      refusedWith(400, await admin.call(peopleApi.export, { query }));
    }
    expect((await admin.call(peopleApi.export, { query: {} })).json()).toEqual({ error: ONE_KEY });
  });
});
