import { describe, expect } from "vitest";
import type { StaffRole } from "../../../staff-api/roles";
import { ANY_VERSION, type Query, type StaffClient } from "../../testing/staff-client";
import type { ListPage } from "../../testing/checks";
import { type StaffApi, signedInStaff, useStaffApi } from "../../testing/staff-api";
import { testDialects } from "../../testing/lead-api";
import { leadsApi } from "../../../staff-api/leads";

// What the inbox's API tests share: a lead's addresses, and the two steps nearly every one of
// them starts with (a member of staff signed in, the list as they see it).

/** Changes lead `id` as the console does, naming its current version, and expects a 200. */
export async function changeLead(staff: StaffClient, id: string, change: Record<string, unknown>) {
  const res = await staff.call(leadsApi.update, {
    params: { id },
    body: change,
    headers: ANY_VERSION,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Adds the note `text` to lead `id` and expects a 201. */
export async function addNote(staff: StaffClient, id: string, text: string) {
  const res = await staff.call(leadsApi.addNote, { params: { id }, body: { text } });
  expect(res.statusCode, res.body).toBe(201);
  return res;
}

/** Characters no staff input may hold: NUL, ESC, BEL, DEL, NEL, a bidi override, a separator. */
export const HIDDEN = ["\u0000", "\u001b[2J", "\u0007", "\u007f", "\u0085", "\u202e", "\u2028"];

export function inboxClients(api: StaffApi) {
  return {
    signedIn: (email: string, role: StaffRole) => signedInStaff(api, email, role),
    list: (staff: StaffClient, query: Query = {}) => staff.read<ListPage>(leadsApi.list, { query }),
  };
}

/**
 * A describe block of inbox API tests on both databases: `tests` gets the staff API and its
 * inboxClients, and registers its tests. The block is named `<name> on '<dialect>'`, as
 * describeLeadApi's are.
 */
export function describeInboxApi(
  name: string,
  tests: (api: StaffApi, clients: ReturnType<typeof inboxClients>) => void,
): void {
  describe.each(testDialects)(`${name} on $name`, ({ url }) => {
    const api = useStaffApi(url);
    tests(api, inboxClients(api));
  });
}
