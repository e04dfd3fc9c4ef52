/**
 * The audit log for admins (server/audit/audit-routes.ts): a page of it, its CSV export and
 * the list of the actions it holds; and every action the log records, with its kind.
 */
import * as z from "zod/mini";
import { email } from "../leads/email";
import { filterText } from "../leads/fields";
import { isoDate, keysetPage, listAndExport, sessionRead } from "./query";
import { ADMIN_ROLES } from "./roles";

/**
 * What kind of entry each action makes: a `change` (of a record, an account, a setting; sign-ins
 * and sign-outs count here too, as what someone did rather than what they looked at), a `read` of
 * personal data (a list, a record, an export: whose data who saw), or a `count` (totals, which
 * name no one). The console's "Show" filter and the API's `kind` filter read this one table
 * (decision 0028); the console words every action (console/audit-words.tsx, typed by it).
 */
export const AUDIT_ACTION_KINDS = {
  "staff.sign-in": "change",
  "staff.sign-in-failed": "change",
  "staff.sign-out": "change",
  "staff.sign-out-everywhere": "change",
  "staff.account-added": "change",
  "staff.invitation-resent": "change",
  "staff.role-changed": "change",
  "staff.renamed": "change",
  "staff.disabled": "change",
  "staff.enabled": "change",
  "staff.away-changed": "change",
  "account.list": "read",
  "account.view": "read",
  "lead.list": "read",
  "lead.stats": "count",
  "lead.export": "read",
  "lead.view": "read",
  "lead.status-changed": "change",
  "lead.owner-changed": "change",
  "lead.note-added": "change",
  "lead.corrected": "change",
  "lead.merged": "change",
  "lead.marked-distinct": "change",
  "lead.escalated": "change",
  "service-hours.changed": "change",
  "lead.replied": "change",
  "passkey.added": "change",
  "passkey.renamed": "change",
  "passkey.removed": "change",
  "subscriber.list": "read",
  "subscriber.export": "read",
  "subscriber.count": "count",
  "subscriber.confirmation-resent": "change",
  "subscriber.unsubscribed": "change",
  "subscriber.consent-viewed": "read",
  "subscriber.view": "read",
  "subscriber.address-change-sent": "change",
  "subscriber.address-changed": "change",
  "audit.viewed": "read",
  "audit.export": "read",
  "person.erased": "change",
  "retention.ran": "change",
  "person.exported": "read",
  "person.lookup-ambiguous": "read",
  "outbox.viewed": "read",
  "outbox.retried": "change",
  "newsletter.welcome-changed": "change",
  "newsletter.welcome-test-sent": "change",
  "campaign.created": "change",
  "campaign.edited": "change",
  "campaign.test-sent": "change",
  "campaign.scheduled": "change",
  "campaign.sent": "change",
  "campaign.paused": "change",
  "campaign.resumed": "change",
  "campaign.cancelled": "change",
  "campaign.retried": "change",
  "suppression.list": "read",
  "suppression.added": "change",
  "suppression.lifted": "change",
  "campaign.auto-paused": "change",
  "campaign.recipients-export": "read",
  "routing.changed": "change",
  "content.published": "change",
  "content.scheduled": "change",
  "content.unpublished": "change",
  "content.restored": "change",
} as const satisfies Record<string, "change" | "read" | "count">;

/** Every action the log records (server/audit/audit.ts recordAudit). */
export type AuditAction = keyof typeof AUDIT_ACTION_KINDS;
export type AuditKind = (typeof AUDIT_ACTION_KINDS)[AuditAction];

/** The actions of one kind. */
export function actionsOfKind(kind: AuditKind): AuditAction[] {
  return (Object.keys(AUDIT_ACTION_KINDS) as AuditAction[]).filter(
    (action) => AUDIT_ACTION_KINDS[action] === kind,
  );
}

/**
 * The `kind` filter: changes only, reads of personal data only, or every entry (also without
 * it: the API's default stays everything; the console asks for changes unless told otherwise).
 * An action the table does not name counts as a change, so that no entry is ever out of sight.
 */
export const AUDIT_SHOWN = ["change", "read", "all"] as const;
export type AuditShown = (typeof AUDIT_SHOWN)[number];

/** The filters of the list and the export, as the console's address names them too. */
export const AuditFilterShape = {
  /** An account's address, any case; one that is no account's matches nothing. */
  actor: z.optional(email()),
  /** An action exactly (audit/actions lists them). */
  action: filterText(100),
  since: z.optional(isoDate()),
  until: z.optional(isoDate()),
  kind: z.optional(z.enum(AUDIT_SHOWN)),
};

// Strict, like every answer of the contract: the API tests parse each answer with these.
export const AuditItem = z.strictObject({
  id: z.string(),
  at: z.string(),
  /** The acting account's address; null for the command line and anonymous attempts. */
  actor: z.nullable(z.string()),
  /** The acting account's name as it is now; null without an account (and in the CSV). */
  actorName: z.nullable(z.string()),
  action: z.string(),
  /** The record acted on. */
  subject: z.nullable(
    z.strictObject({
      type: z.string(),
      id: z.string(),
      /**
       * Whether the record is still stored, for leads, subscribers and campaigns (false: erased,
       * the only way those leave); null for other records, and in the CSV.
       */
      stored: z.nullable(z.boolean()),
      /** A subscriber's address as it is now, for the console's link to them; else null. */
      email: z.nullable(z.string()),
    }),
  ),
  /** What the entry says besides; null when it says nothing more. */
  detail: z.nullable(z.record(z.string(), z.unknown())),
  /**
   * A lead correction's (`lead.corrected`) old and new value of each field, looked up in the
   * lead's history, which the log names; a subscriber's confirmed new address
   * (`subscriber.address-changed`), as `email`, looked up in the old and new subscription. The
   * log itself keeps no value, as erasure could not reach it there. Absent once the lead or
   * either subscription is erased, for other entries and in the CSV.
   */
  correction: z.optional(
    z.record(z.string(), z.strictObject({ from: z.string(), to: z.string() })),
  ),
});
export type AuditItem = z.output<typeof AuditItem>;

export const AuditPage = keysetPage(AuditItem);
export type AuditPage = z.output<typeof AuditPage>;

export const auditApi = {
  /** A page of entries, newest first by (at, id); and the matching ones before it as CSV. */
  ...listAndExport("/api/staff/audit", ADMIN_ROLES, AuditFilterShape, AuditPage),
  /** The distinct actions the log holds, sorted, for the console's filter. */
  actions: sessionRead(
    "/api/staff/audit/actions",
    ADMIN_ROLES,
    z.strictObject({ items: z.array(z.string()) }),
  ),
};
