/**
 * What the company's staff do with a contact or demo lead (the staff console and its API,
 * server/staff/inbox.ts). A lead is `new` until someone changes its status.
 */
export const LEAD_TYPES = ["contact", "demo"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
