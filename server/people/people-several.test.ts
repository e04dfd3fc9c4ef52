import { describe, expect, it } from "vitest";
import { leadsApi } from "../../staff-api/leads";
import { type PersonExport, SEVERAL_PEOPLE, peopleApi } from "../../staff-api/people";
import { testDialects } from "../testing/lead-api";
import { answered, auditOf } from "../testing/checks";
import { addContact, addDemo, at } from "../testing/records";
import { signedInStaff, signedInStaffNamed, useStaffApi } from "../testing/staff-api";
import { changeLead } from "../leads/inbox/inbox.testing";

// Two people left one phone number, written two ways: an access request by the number names
// them both and exports neither, until the admin picks one by address (decision 0040). The page
// sent to the person names staff by name and role and says what happened in words.

const AMA = "ama.mensah@example.com";
const KWAME = "kwame.asante@example.com";
const STAFF_EMAIL = "ama.owusu@akwaaba.example";

describe.each(testDialects)("an access request by a shared number on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** Ama's two leads and Kwame's one, all with the same number; a salesperson works Ama's. */
  async function twoPeopleOneNumber() {
    const admin = await signedInStaff(api, `admin-${crypto.randomUUID()}@example.com`, "admin");
    const sales = await signedInStaffNamed(api, STAFF_EMAIL, "sales", "Ama Owusu");
    const amaContact = await addContact(api, at(1), {
      first_name: "Ama",
      last_name: "Mensah",
      email: AMA,
      phone: "0559211848",
      message: "Please call me about POS terminals",
    });
    const amaDemo = await addDemo(api, at(2), {
      name: "Ama Mensah",
      email: AMA,
      phone: "+233 55 921 1848",
      company: "Mensah Provisions",
    });
    const kwameDemo = await addDemo(api, at(3), {
      name: "Kwame Asante",
      email: KWAME,
      phone: "+233 55 921 1848",
      company: "Asante Hardware",
    });
    await sales.call(leadsApi.get, { params: { id: amaContact } });
    await changeLead(sales, amaContact, { status: "contacted" });
    const note = await sales.call(leadsApi.addNote, {
      params: { id: amaContact },
      body: { text: "Called back, wants two terminals" },
    });
    expect(note.statusCode, note.body).toBe(201);
    return { admin, amaContact, amaDemo, kwameDemo };
  }

  it("answers 409 with the people a number matches, and exports nothing of either", async () => {
    const { admin } = await twoPeopleOneNumber();
    for (const format of ["json", "html"]) {
      const res = await admin.call(peopleApi.export, { query: { phone: "0559211848", format } });
      expect(res.headers["content-disposition"]).toBeUndefined();
      expect(answered(peopleApi.export, res, 409)).toEqual({
        error: SEVERAL_PEOPLE,
        people: [
          { name: "Ama Mensah", email: AMA, records: 2 },
          { name: "Kwame Asante", email: KWAME, records: 1 },
        ],
      });
      for (const record of ["POS terminals", "Mensah Provisions", "Asante Hardware", "Called"]) {
        expect(res.body).not.toContain(record);
      }
    }
    expect(await auditOf(api, admin.account.id, "person.exported")).toEqual([]);
    const looked = await auditOf(api, admin.account.id, "person.lookup-ambiguous");
    expect(looked).toHaveLength(2);
    expect(JSON.parse(looked[0]!.detail)).toEqual({ by: "phone", people: 2, records: 3 });
    for (const trace of ["1848", "mensah", "asante"]) {
      expect(looked[0]!.detail.toLowerCase()).not.toContain(trace);
    }
  });

  it("exports with phone and address the leads of that person only", async () => {
    const { admin, kwameDemo } = await twoPeopleOneNumber();
    const res = await admin.call(peopleApi.export, {
      query: { phone: "+233 55 921 1848", email: "Kwame.Asante@Example.com" },
    });
    const found = answered(peopleApi.export, res, 200) as PersonExport;
    expect(found.query).toEqual({
      by: "phone",
      value: "+233 55 921 1848",
      email: "Kwame.Asante@example.com",
    });
    expect(found.leads.map((lead) => lead.id)).toEqual([kwameDemo]);
    expect(found.notes).toEqual([]);
    for (const trace of ["Ama", "Mensah", "POS", "Called"]) {
      expect(JSON.stringify(found)).not.toContain(trace);
    }
    const [entry] = await auditOf(api, admin.account.id, "person.exported");
    expect(JSON.parse(entry!.detail)).toMatchObject({ by: "phone", narrowed: true });
  });

  it("writes the page in words, naming staff by name and role, never by address", async () => {
    const { admin } = await twoPeopleOneNumber();
    const json = await admin.call(peopleApi.export, {
      query: { phone: "0559211848", email: AMA },
    });
    const found = answered(peopleApi.export, json, 200) as PersonExport;
    expect(found.leads).toHaveLength(2);
    expect(found.notes).toEqual([
      expect.objectContaining({
        text: "Called back, wants two terminals",
        by: { name: "Ama Owusu", role: "sales" },
      }),
    ]);
    expect(json.body).not.toContain(STAFF_EMAIL);

    const res = await admin.call(peopleApi.export, {
      query: { phone: "0559211848", email: AMA, format: "html" },
    });
    expect(res.statusCode).toBe(200);
    const page = res.body;
    expect(page).toContain(`phone number 0559211848 and the e-mail address ${AMA}`);
    expect(page).toContain("Your contact message was marked as Contacted (it was New).");
    expect(page).toContain("Looked at your message to us");
    expect(page).toContain("Moved your message to us to another stage");
    expect(page).toContain("Wrote a note about your message");
    expect(page).toContain("Called back, wants two terminals");
    expect(page).toContain("Ama Owusu, sales");
    expect(page).toContain('<th scope="row">Stage</th><td>Contacted</td>');
    for (const code of ["lead.", "→", STAFF_EMAIL, "Kwame", ">contacted<"]) {
      expect(page).not.toContain(code);
    }
  });
});
