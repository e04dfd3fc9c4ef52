import { DEMO_PRODUCT_NAMES, type DemoProduct } from "@leads/demo";
import {
  type DeliveryChannel,
  LEAD_TYPE_LABELS,
  type Lead,
  STATUS_LABELS,
} from "../staff-api/leads";
import {
  MAIL_TEMPLATES,
  type MailTemplateKind,
  SUPPRESSION_REASONS,
  SUPPRESSION_REASON_WORDS,
  type SuppressionReason,
} from "../staff-api/mail";
import type { CampaignStatus, RecipientState } from "../staff-api/newsletter";
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

/** What became of one recipient of a campaign, in words (each recipient is in one state). */
export const RECIPIENT_STATE_LABELS: Record<RecipientState, string> = {
  queued: "Waiting to go",
  deferred: "Waiting to be tried again",
  sent: "Sent",
  "hard-bounced": "Bounced: no such mailbox",
  "soft-bounced": "Bounced for now (mailbox full or server down)",
  complained: "Marked it as spam",
  suppressed: "Not sent: on the suppression list",
  unsubscribed: "Not sent: unsubscribed",
  failed: "Failed after every retry",
  cancelled: "Not sent: campaign cancelled",
};

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

/** A demo's product by name; a value the console does not know is shown as it is. */
export function productLabel(product: string | undefined): string {
  if (!product) return "";
  return DEMO_PRODUCT_NAMES[product as DemoProduct] ?? product;
}

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

/**
 * A lead as a person: a demo's name, a contact's first and last name, else the address; a lead
 * whose details retention removed says so, as it names no one any more.
 */
export function leadName(lead: Lead): string {
  if (lead.anonymisedAt) return "Details removed (kept past the retention period)";
  return lead.name || [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email;
}
