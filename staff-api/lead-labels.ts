/**
 * A lead in words, wherever people read it: the console, the inbox's Excel export, the e-mails
 * to staff and the page an access request's answer is sent as.
 */
import type { LeadStatus, LeadType } from "../leads/workflow";
import type { CorrectableField } from "./lead-timeline";
import type { Lead } from "./leads";

/** A lead's type in words: the console, and the page an access request's answer is sent as. */
export const LEAD_TYPE_LABELS: Record<LeadType, string> = {
  contact: "Contact message",
  demo: "Demo request",
};

/**
 * A lead as a person: a demo's name, a contact's first and last name, else the address; a lead
 * whose details retention removed says so, as it names no one any more. The console and the
 * inbox's Excel export.
 */
export function leadName(lead: Lead): string {
  if (lead.anonymisedAt) return "Details removed (kept past the retention period)";
  return lead.name || [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email;
}

/** A lead's status in words: the console, and the page an access request's answer is sent as. */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

/**
 * Where a lead came from, each part in words and in the order people read them: the lead's page
 * in the console and the inbox's Excel export.
 */
export const SOURCE_LABELS = {
  formPage: "Form's page",
  landingPage: "Landing page",
  referrer: "Referrer",
  utmCampaign: "Campaign (utm_campaign)",
  utmSource: "Source (utm_source)",
  utmMedium: "Medium (utm_medium)",
  utmTerm: "Term (utm_term)",
  utmContent: "Content (utm_content)",
} as const satisfies Record<keyof NonNullable<Lead["source"]>, string>;

/** How the console and the timeline name each correctable field. */
export const CORRECTABLE_LABELS: Record<CorrectableField, string> = {
  firstName: "First name",
  lastName: "Last name",
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  company: "Company",
  jobTitle: "Job title",
};
