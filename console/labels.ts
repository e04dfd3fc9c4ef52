import { LEAD_TYPE_LABELS, STATUS_LABELS, leadName } from "../staff-api/lead-labels";
import { type DeliveryChannel } from "../staff-api/lead-timeline";
import {
  MAIL_TEMPLATES,
  type MailTemplateKind,
  SUPPRESSION_REASONS,
  SUPPRESSION_REASON_WORDS,
  type SuppressionReason,
} from "../staff-api/mail";
import { type CampaignStatus, RECIPIENT_STATE_LABELS } from "../staff-api/newsletter";
import type { OutboxKind } from "../staff-api/admin";
import { ROLE_LABELS, type StaffRole } from "../staff-api/roles";

/**
 * The words the console uses for the values the API sends. A lead's statuses live with the
 * leads' API: an access request's page uses them too.
 */
export { STATUS_LABELS };

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
  cancelled: "Cancelled",
};

/** Why an address is on the suppression list, in words. */
export const SUPPRESSION_REASON_LABELS = Object.fromEntries(
  SUPPRESSION_REASONS.map((reason) => [reason, SUPPRESSION_REASON_WORDS[reason].staff]),
) as Record<SuppressionReason, string>;

/** A recipient's state in words lives with the campaigns' API: the recipients' Excel uses it. */
export { RECIPIENT_STATE_LABELS };

/**
 * What each kind of outbox message is, in words: a kind without words fails the typecheck. A
 * campaign's copies stay off the outbox page (its report shows them) but have their words too.
 */
export const OUTBOX_KIND_LABELS: Record<OutboxKind, string> = {
  // The e-mails by the names the E-mails page gives them (staff-api/mail.ts).
  ...(Object.fromEntries(MAIL_TEMPLATES.map(({ kind, name }) => [kind, name])) as Record<
    MailTemplateKind,
    string
  >),
  slack: "Slack alert",
  webhook: "CRM webhook",
};

/** How a lead's notification went out, as its timeline names it. */
export const CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  email: "Notification e-mail to sales",
  "owner-email": "E-mail to its owner",
  slack: "Slack message",
  webhook: "Webhook to the CRM",
};

/** The lead types' words live with the leads' API: an access request's page uses them too. */
export const TYPE_LABELS = LEAD_TYPE_LABELS;

/** A demo's product by name lives with the demo form: the inbox's Excel export uses it too. */
export { productLabel } from "@leads/demo";

/** The role names live with the roles: the server's invitation e-mail uses them too. */
export { ROLE_LABELS };

/** `values` with their words, as a select offers them: `choices(ROLES, ROLE_LABELS)`. */
export function choices<V extends string>(
  values: readonly V[],
  words: Record<V, string>,
): [V, string][] {
  return values.map((value) => [value, words[value]]);
}

/** The roles, in the order the console offers them. */
export const ROLES = Object.keys(ROLE_LABELS) as StaffRole[];

/** A lead as a person lives with the leads' API: the inbox's Excel export names leads so too. */
export { leadName };
