import type { OutboxState } from "../../server/staff/outbox-admin";
import type { StaffRole } from "../../staff-api/roles";

/** A member of staff a lead can be given to (GET /api/staff/team). */
export interface TeamMember {
  email: string;
  name: string;
  role: StaffRole;
}

// The admin API's items, as its modules declare them (type-only: no server code reaches the
// browser). The lists of values the pages offer are written here and checked against them.
export type { AccountSummary as StaffAccountItem } from "../../server/staff/accounts-admin";
export type { AuditItem } from "../../server/staff/audit-log";
export type { OutboxItem, OutboxState } from "../../server/staff/outbox-admin";

export const OUTBOX_STATES = [
  "pending",
  "failed",
  "sent",
] as const satisfies readonly OutboxState[];
/** Deliveries that may be sent again once sent: the alerts (server/alerts/). */
export const RESENDABLE_KINDS: readonly string[] = ["slack", "webhook"];
