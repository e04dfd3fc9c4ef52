import type { StaffRole } from "../../server/staff/roles";

/** A member of staff a lead can be given to (GET /api/staff/team). */
export interface TeamMember {
  email: string;
  name: string;
  role: StaffRole;
}

/** A newsletter subscriber (GET /api/staff/subscribers). */
export interface Subscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** The page of the site the subscription was made on, when known. */
  page: string | null;
}
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** A staff account as admins see it (GET /api/staff/accounts). */
export interface StaffAccountItem {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** One entry of the audit log (GET /api/staff/audit). */
export interface AuditItem {
  id: string;
  at: string;
  /** The e-mail address of the account that acted; null for the command line or a stranger. */
  actor: string | null;
  action: string;
  /** What was acted on, e.g. "contact_<uuid>" or an account's e-mail. */
  subject: string | null;
  detail: Record<string, unknown> | null;
}

/** A queued e-mail (GET /api/staff/outbox). */
export interface OutboxItem {
  id: string | number;
  kind: string;
  to: string;
  subject?: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  state: OutboxState;
}
export const OUTBOX_STATES = ["pending", "failed"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
