import { describe, expect, it } from "vitest";
import { type PersonExport, peopleApi } from "../../staff-api/people";
import { testDialects } from "../testing/lead-api";
import { answered, auditOf, refusedWith } from "../testing/checks";
import { addContact, addDemo, at } from "../testing/records";
import { signedInStaff, useStaffApi } from "../testing/staff-api";
import { changeLead } from "../leads/inbox/inbox.testing";

// An access request by phone finds the person's leads by their number as leads/phone.ts reads
// it (the stored phone_e164), however the person wrote it and however the admin types it.

/** One Ghanaian number as people write it: with the country code, the trunk 0, both, or neither. */
const SPELLINGS = ["+233 (0) 55 921 1848", "0559211848", "233559211848", "+233 55 921 1848"];
const PERSON = "ama.mensah@example.com";

describe.each(testDialects)("an access request by phone on $name", ({ url }) => {
  const api = useStaffApi(url);
  const admin = () => signedInStaff(api, `admin-${crypto.randomUUID()}@example.com`, "admin");
  const leadsOf = async (staff: Awaited<ReturnType<typeof admin>>, phone: string) => {
    const res = await staff.call(peopleApi.export, { query: { phone } });
    const found = answered(peopleApi.export, res, 200) as PersonExport;
    return found.leads.map((lead) => lead.id).sort();
  };

  it("finds the leads of each spelling of the number by any other, and no other number", async () => {
    const staff = await admin();
    const theirs = [
      await addContact(api, at(1), { email: PERSON, phone: SPELLINGS[0] }),
      await addDemo(api, at(2), { email: PERSON, phone: SPELLINGS[1] }),
      await addContact(api, at(3), { email: PERSON, phone: SPELLINGS[2] }),
      await addDemo(api, at(4), { email: PERSON, phone: SPELLINGS[3] }),
    ].sort();
    // Another's numbers: one digit more, one digit other.
    await addDemo(api, at(5), { email: "kofi@example.com", phone: "055 921 18481" });
    await addContact(api, at(6), { email: "yaw@example.com", phone: "+233 55 921 1849" });
    for (const phone of SPELLINGS) expect(await leadsOf(staff, phone), phone).toEqual(theirs);
    const exported = await auditOf(api, staff.account.id, "person.exported");
    expect(exported).toHaveLength(SPELLINGS.length);
    expect(JSON.parse(exported[0]!.detail)).toMatchObject({ by: "phone" });
  });

  it("finds a lead by its corrected number, and no longer by the old one", async () => {
    const staff = await admin();
    const lead = await addContact(api, at(1), { email: PERSON, phone: "024 111 2222" });
    await changeLead(staff, lead, { phone: "+233 55 921 1848" });
    expect(await leadsOf(staff, "0559211848")).toEqual([lead]);
    expect(await leadsOf(staff, "0241112222")).toEqual([]);
  });

  it("refuses a phone key in which no number can be read, and says how to give one", async () => {
    const staff = await admin();
    for (const phone of ["call me", "055 921", "055 921 18481"]) {
      const res = await staff.call(peopleApi.export, { query: { phone } });
      refusedWith(400, res);
      expect(res.json<{ error: string }>().error, phone).toBe(
        "phone: This is not a phone number we can read. Give all its digits, with the country " +
          "code for a number outside Ghana (+44 20 7946 0958).",
      );
    }
    expect(await auditOf(api, staff.account.id, "person.exported")).toEqual([]);
  });
});
