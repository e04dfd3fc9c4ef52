/**
 * Leads that look like the same customer's: linked by the address (however it is written) or by
 * the phone number (however it is written), listed only while open, and no more once told apart.
 */
import { describe, expect, it } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import { testDialects } from "../../testing/lead-api";
import { answered, auditOf, refusedWith } from "../../testing/checks";
import type { StaffClient } from "../../testing/staff-client";
import { addContact, addDemo, at } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { parseLeadKey } from "../../../leads/workflow";
import { changeLead } from "../inbox/inbox.testing";
import { expectPairOfNoLeadsRefused } from "./duplicates.testing";
import { MAX_LINKED_LEADS } from "./links";

describe.each(testDialects)("leads of one customer linked, on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** Each listed lead's duplicates, by id, as the inbox's first page answers them. */
  async function listed(staff: StaffClient) {
    const page = answered(leadsApi.list, await staff.call(leadsApi.list, {}), 200);
    return Object.fromEntries(page.items.map((lead) => [lead.id, lead.duplicates]));
  }

  const duplicatesOf = async (staff: StaffClient, id: string) =>
    answered(leadsApi.get, await staff.call(leadsApi.get, { params: { id } }), 200).duplicates;

  /** The pairs told apart that name `lead`. */
  const pairsOf = (lead: string) =>
    api.db
      .selectFrom("lead_distinct_pairs")
      .selectAll()
      .where((eb) => eb.or([eb("lead_a", "=", lead), eb("lead_b", "=", lead)]))
      .execute();

  /** Removes a lead's details as the retention run does (server/people/retention/). */
  async function anonymise(key: string) {
    const { type, id } = parseLeadKey(key)!;
    const table = type === "contact" ? "contact_messages" : "demo_requests";
    await api.db
      .updateTable(table)
      .set({ email: "", phone: "", email_key: `anonymised:${id}`, phone_e164: null })
      .set({ anonymised_at: at(30) })
      .where("id", "=", id)
      .execute();
  }

  it("links a contact message and demo requests sent with one address, however it is cased", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const contact = await addContact(api, at(0), { email: "bursar@school.edu.gh", phone: "" });
    const demo = await addDemo(api, at(1), { email: "Bursar@School.edu.gh", phone: "0201111111" });
    const another = await addDemo(api, at(2), {
      email: "BURSAR@school.edu.gh",
      phone: "0202222222",
    });
    const stranger = await addContact(api, at(3), { email: "esi@example.com", phone: "" });

    // Newest first, each lead listing the others, never itself; a stranger none.
    expect(await listed(sales)).toEqual({
      [stranger]: [],
      [another]: [demo, contact],
      [demo]: [another, contact],
      [contact]: [another, demo],
    });
    expect(await duplicatesOf(sales, contact)).toEqual([another, demo]);
  });

  it("links leads whose phone numbers are one number written differently", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const spaced = await addContact(api, at(0), { email: "a@example.com", phone: "0244 123 456" });
    const plus = await addDemo(api, at(1), { email: "b@example.com", phone: "+233244123456" });
    const bare = await addDemo(api, at(2), { email: "c@example.com", phone: "233244123456" });
    // The same digits after the country code, but not the same number: no link.
    const other = await addDemo(api, at(3), { email: "d@example.com", phone: "0244123457" });

    expect(await listed(sales)).toEqual({
      [other]: [],
      [bare]: [plus, spaced],
      [plus]: [bare, spaced],
      [spaced]: [bare, plus],
    });
  });

  it("lists only open leads: not one won, lost or spam, anonymised, or merged away", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const email = "head@school.edu.gh";
    const open = await addContact(api, at(0), { email, phone: "" });
    const won = await addDemo(api, at(1), { email, phone: "0201111111" });
    const spam = await addDemo(api, at(2), { email, phone: "0202222222" });
    const anonymised = await addContact(api, at(3), { email, phone: "" });
    await changeLead(sales, won, { status: "won" });
    await changeLead(sales, spam, { status: "spam" });
    await anonymise(anonymised);

    expect(await duplicatesOf(sales, open)).toEqual([]);
    // The closed lead still points at the customer's open one; the anonymised lead names no one.
    expect(await duplicatesOf(sales, won)).toEqual([open]);
    expect(await duplicatesOf(sales, anonymised)).toEqual([]);

    // A new lead of the customer links to the open one; merged into it, it is open no more.
    const newer = await addDemo(api, at(4), { email, phone: "0203333333" });
    expect(await duplicatesOf(sales, open)).toEqual([newer]);
    const merge = await sales.call(leadsApi.merge, {
      params: { id: newer },
      body: { into: open },
      headers: { "if-match": '"0"' },
    });
    expect(answered(leadsApi.merge, merge, 200).mergedInto).toBe(open);
    expect(await duplicatesOf(sales, open)).toEqual([]);
    expect(await duplicatesOf(sales, newer)).toEqual([]);
    expect(await duplicatesOf(sales, won)).toEqual([open]);
  });

  it("tells two leads apart: neither lists the other again, and it is audited", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    // The school's switchboard: the bursar and the head teacher give the same number.
    const bursar = await addContact(api, at(0), { email: "bursar@x.edu.gh", phone: "0302123456" });
    const head = await addDemo(api, at(1), { email: "head@x.edu.gh", phone: "030 212 3456" });
    const bursarAgain = await addDemo(api, at(2), {
      email: "bursar@x.edu.gh",
      phone: "+233302123456",
    });
    expect(await duplicatesOf(sales, bursar)).toEqual([bursarAgain, head]);

    const told = await sales.call(leadsApi.distinct, {
      params: { id: head },
      body: { from: bursar },
    });
    expect(answered(leadsApi.distinct, told, 200).message).toMatch(/different customers/);
    expect(await duplicatesOf(sales, bursar)).toEqual([bursarAgain]);
    // The bursar's other lead was not told apart from the head's: still linked by the number.
    expect(await duplicatesOf(sales, head)).toEqual([bursarAgain]);
    expect(await duplicatesOf(sales, bursarAgain)).toEqual([head, bursar]);

    // Told again, from the other side: nothing changes, and it is recorded again.
    const again = await sales.call(leadsApi.distinct, {
      params: { id: bursar },
      body: { from: head },
    });
    expect(again.statusCode).toBe(200);
    expect(await pairsOf(bursar)).toHaveLength(1);
    const entries = await auditOf(api, sales.account.id, "lead.marked-distinct");
    expect(entries.map((e) => [e.record_id, JSON.parse(e.detail)])).toEqual([
      [head, { from: bursar }],
      [bursar, { from: head }],
    ]);
  });

  it("refuses to tell a lead apart from itself or from no lead, and is for sales", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    const lead = await addContact(api, at(0));
    const tell = (staff: StaffClient, id: string, from: string) =>
      staff.call(leadsApi.distinct, { params: { id }, body: { from } });

    await expectPairOfNoLeadsRefused((id, from) => tell(sales, id, from), lead, lead);
    refusedWith(403, await tell(marketing, lead, await addDemo(api, at(1))));
    expect(await pairsOf(lead)).toEqual([]);
  });

  it("lists the newest ten leads linked to one, however many share its number", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const shared = { phone: "0240000000" };
    const leads = [];
    for (let i = 0; i < MAX_LINKED_LEADS + 3; i += 1) {
      leads.push(await addDemo(api, at(i), { ...shared, email: `office${i}@example.com` }));
    }
    const [first] = leads;
    expect(await duplicatesOf(sales, first!)).toEqual(leads.slice(-MAX_LINKED_LEADS).reverse());
  });
});
