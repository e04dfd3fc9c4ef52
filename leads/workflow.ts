/**
 * What the company's staff do with a contact or demo lead (the staff console and its API,
 * server/leads/inbox/lead-changes.ts). A lead is `new` until someone changes its status.
 */
export const LEAD_TYPES = ["contact", "demo"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * The status a new lead takes once someone has answered the person (a reply e-mailed from the
 * console, server/leads/replies/): they were contacted.
 */
export const ANSWERED_STATUS: LeadStatus = "contacted";

/**
 * The statuses after which sales are done with a lead; "new", "contacted" and "qualified" are
 * open. Retention never removes the person from an open lead however old (server/people/retention/).
 */
export const CLOSED_LEAD_STATUSES: readonly LeadStatus[] = ["won", "lost", "spam"];

/** The staff API's id of a lead: its type and its row's id, e.g. "demo_0b5f…". */
export function leadKey(type: LeadType, id: string): string {
  return `${type}_${id}`;
}

/** The type and row id of an API id, or null when it is not one. */
export function parseLeadKey(key: string): { type: LeadType; id: string } | null {
  const match = /^(contact|demo)_([A-Za-z0-9-]{1,64})$/.exec(key);
  if (!match) return null;
  return { type: match[1] as LeadType, id: match[2] as string };
}
