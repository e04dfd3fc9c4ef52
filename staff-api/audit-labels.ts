/**
 * Every audit action's name in a few words ("Viewed a lead"), for whoever reads the log: the
 * console's audit page and its filter (console/audit-words.tsx, which adds what each entry says)
 * and an access request's page to the person (server/people/export-words.ts). Typed by the
 * contract's AuditAction: an action without words fails the build.
 */
import type { AuditAction } from "./audit";

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "staff.sign-in": "Signed in",
  "staff.sign-in-failed": "Sign-in refused",
  "staff.sign-out": "Signed out",
  "staff.sign-out-everywhere": "Signed out everywhere",
  "staff.account-added": "Account added",
  "staff.invitation-resent": "Invitation sent again",
  "staff.role-changed": "Role changed",
  "staff.renamed": "Account renamed",
  "staff.disabled": "Account disabled",
  "staff.enabled": "Account enabled",
  "staff.away-changed": "Marked away or back",
  "account.list": "Viewed the accounts",
  "account.view": "Viewed an account",
  "lead.list": "Viewed the lead list",
  "lead.stats": "Viewed lead counts",
  "lead.export": "Exported leads",
  "lead.view": "Viewed a lead",
  "lead.status-changed": "Lead status changed",
  "lead.owner-changed": "Lead owner changed",
  "lead.note-added": "Note added to a lead",
  "lead.corrected": "Lead's details corrected",
  "lead.replied": "Reply e-mailed to a lead",
  "lead.merged": "Lead merged into another",
  "lead.marked-distinct": "Leads marked as different customers",
  "passkey.added": "Passkey added",
  "passkey.renamed": "Passkey renamed",
  "passkey.removed": "Passkey removed",
  "subscriber.list": "Viewed the subscribers",
  "subscriber.export": "Exported subscribers",
  "subscriber.count": "Viewed subscriber counts",
  "subscriber.confirmation-resent": "Confirmation e-mail sent again",
  "subscriber.unsubscribed": "Subscriber unsubscribed",
  "subscriber.consent-viewed": "Viewed a consent record",
  "subscriber.view": "Viewed a subscriber (a change refused as stale)",
  "subscriber.address-change-sent": "Subscriber's new address asked to confirm",
  "subscriber.address-changed": "Subscriber's address changed",
  "audit.viewed": "Viewed the audit log",
  "audit.export": "Exported the audit log",
  "person.erased": "Person erased",
  "retention.ran": "Expired personal data removed",
  "person.exported": "Access request answered",
  "person.lookup-ambiguous": "Access request matched several people",
  "outbox.viewed": "Viewed the outbox",
  "outbox.retried": "E-mail retried",
  "newsletter.welcome-changed": "Welcome e-mail changed",
  "lead.escalated": "Lead escalated as overdue",
  "service-hours.changed": "Service hours changed",
  "newsletter.welcome-test-sent": "Welcome e-mail test sent",
  "campaign.created": "Campaign created",
  "campaign.edited": "Campaign edited",
  "campaign.test-sent": "Campaign test sent",
  "campaign.scheduled": "Campaign scheduled",
  "campaign.sent": "Campaign sent",
  "campaign.paused": "Campaign paused",
  "campaign.resumed": "Campaign resumed",
  "campaign.cancelled": "Campaign cancelled",
  "campaign.retried": "Campaign copies retried",
  "suppression.list": "Viewed the suppression list",
  "suppression.added": "Suppressed by hand",
  "suppression.lifted": "Suppression lifted",
  "campaign.recipients-export": "Exported a campaign's recipients",
  "campaign.auto-paused": "Campaign paused by the brake",
  "routing.changed": "Lead routing changed",
  "content.published": "Published on the site",
  "content.scheduled": "Scheduled for the site",
  "content.unpublished": "Taken off the site",
  "content.restored": "Earlier version restored",
};

/**
 * The actions staff take on a person's own records, as that person reads them on the page an
 * access request sends them ("Looked at your message to us"): the same actions, told to whom
 * they were about instead of to the staff who did them. An action not listed here is shown to
 * them by its label above.
 */
export const AUDIT_ACTION_TO_PERSON: Partial<Record<AuditAction, string>> = {
  "lead.view": "Looked at your message to us",
  "lead.status-changed": "Moved your message to us to another stage",
  "lead.owner-changed": "Changed who at our company looks after your message",
  "lead.note-added": "Wrote a note about your message (the notes are shown above)",
  "lead.corrected": "Corrected your details",
  "lead.replied": "Sent you a reply by e-mail (the replies are shown above)",
  "lead.merged": "Joined your message to another we received, to answer them together",
  "subscriber.confirmation-resent": "Sent you the e-mail to confirm your subscription again",
  "subscriber.unsubscribed": "Unsubscribed you from our newsletter",
  "subscriber.consent-viewed": "Looked at the record of your agreement to our newsletter",
  "subscriber.view": "Looked at your subscription to our newsletter",
  "subscriber.address-change-sent": "Sent a confirmation e-mail to your new address",
  "subscriber.address-changed": "Moved your subscription to your new address, as you confirmed",
  "outbox.retried": "Sent one of our e-mails about you again",
  "suppression.added": "Stopped our mail to your address",
  "suppression.lifted": "Allowed our mail to your address again",
};

/** An action as the person it was about reads it: their words, else its label, else the code. */
export function actionToPerson(action: string): string {
  return (
    (AUDIT_ACTION_TO_PERSON as Record<string, string | undefined>)[action] ??
    (AUDIT_ACTION_LABELS as Record<string, string | undefined>)[action] ??
    action
  );
}
