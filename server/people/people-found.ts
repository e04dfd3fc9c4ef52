/**
 * Whose leads a phone number found. People are told apart by e-mail address (as `emailKey`
 * compares them): the address is where the answer to an access request goes, so the records under
 * one address are one person's for the request, a mailbox shared by a desk included (decision
 * 0040). Two addresses beside one number are two people until the admin picks one.
 */
import { emailKey } from "../../leads/email";
import type { ExportedLead, SeveralPeople } from "../../staff-api/people";

export type PersonFound = SeveralPeople["people"][number];

/** A lead's name as its form took it: a demo's name, a contact's first and last name. */
function nameOf(fields: ExportedLead["fields"]): string {
  return (fields.name ?? [fields.first_name, fields.last_name].filter(Boolean).join(" ")).trim();
}

/**
 * One entry per address among `leads`, with the name and address as the latest of its leads
 * wrote them and how many leads it has; ordered by address, so that the list reads the same each
 * time it is asked.
 */
export function peopleAmong(leads: ExportedLead[]): PersonFound[] {
  const latestFirst = leads.toSorted((a, b) =>
    (b.fields.created_at ?? "").localeCompare(a.fields.created_at ?? ""),
  );
  const byKey = new Map<string, PersonFound>();
  for (const lead of latestFirst) {
    const email = lead.fields.email ?? "";
    const key = emailKey(email);
    const known = byKey.get(key);
    if (known) {
      known.records += 1;
      if (!known.name) known.name = nameOf(lead.fields);
    } else {
      byKey.set(key, { name: nameOf(lead.fields), email, records: 1 });
    }
  }
  return [...byKey.entries()]
    .toSorted(([a], [b]) => a.localeCompare(b))
    .map(([, person]) => person);
}
