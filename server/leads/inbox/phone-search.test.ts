import { describe, expect, it } from "vitest";
import { testDialects } from "../../testing/lead-api";
import type { ListPage } from "../../testing/checks";
import { addContact, addDemo, at } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { leadsApi } from "../../../staff-api/leads";

// A phone number is read one way (leads/phone.ts) on both sides of a search: whatever spelling
// the visitor typed and whatever spelling sales search with, the number finds its leads.

/** One Ghanaian number as people write it: with the country code, the trunk 0, both, or neither. */
const SPELLINGS = ["+233 (0) 55 921 1848", "0559211848", "233559211848", "+233 55 921 1848"];

describe.each(testDialects)("the inbox's search by phone number on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("finds a lead stored in any spelling of its number by a search in any other", async () => {
    const staff = await signedInStaff(api, "sales@example.com", "sales");
    const stored = [
      await addContact(api, at(1), { phone: SPELLINGS[0] }),
      await addDemo(api, at(2), { phone: SPELLINGS[1] }),
      await addContact(api, at(3), { phone: SPELLINGS[2] }),
      await addDemo(api, at(4), { phone: SPELLINGS[3] }),
    ];
    const longer = await addContact(api, at(5), { phone: "055 921 18481" });
    const abroad = await addDemo(api, at(6), { phone: "+44 20 7946 0958" });
    const nextDoor = await addContact(api, at(7), { phone: "+233 55 921 1849" });
    const ids = async (q: string) =>
      (await staff.read<ListPage>(leadsApi.list, { query: { q } })).items.map((i) => i.id).sort();
    const theFour = [...stored].sort();

    for (const q of [...SPELLINGS, "055-921-1848", "559 211 848"]) {
      expect(await ids(q), q).toEqual(theFour);
    }
    // A part of a number is looked for as digits, in the international form or the one dialled
    // at home: a longer number that holds those digits is found too.
    expect(await ids("921 1848")).toEqual([...theFour, longer].sort());
    expect(await ids("055 921")).toEqual([...theFour, longer, nextDoor].sort());
    expect(await ids("+233 55 921")).toEqual([...theFour, nextDoor].sort());
    // Another country's number is found by its code, or as it is dialled in its country.
    expect(await ids("+44 20 7946 0958")).toEqual([abroad]);
    expect(await ids("020 7946 0958")).toEqual([abroad]);
  });
});
