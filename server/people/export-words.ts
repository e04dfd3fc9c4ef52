/**
 * The words of an access request's page (export-html.ts): stored names of fields, kinds of
 * message and states as a person reads them, and times on Accra's clock, labelled.
 */
import type { LeadStatus } from "../../leads/workflow";
import { CORRECTABLE_LABELS, LEAD_TYPE_LABELS, STATUS_LABELS } from "../../staff-api/lead-labels";
import { type CorrectableField } from "../../staff-api/lead-timeline";
import { SUPPRESSION_REASONS, SUPPRESSION_REASON_WORDS } from "../../staff-api/mail";
import type { ExportedLead, StaffMember } from "../../staff-api/people";
import type { LeftHow } from "../../staff-api/subscribers";
import { ROLE_LABELS } from "../../staff-api/roles";
import type { OutboxKind } from "../db/schema";
import { CAMPAIGN_KIND } from "../newsletter/campaigns/campaigns";

/** Columns that hold a time: shown on Accra's clock. */
export const TIME_FIELDS: ReadonlySet<string> = new Set([
  "created_at",
  "updated_at",
  "policy_agreed_at",
]);

export const FIELD_WORDS: Record<string, string> = {
  first_name: "First name",
  last_name: "Last name",
  name: "Name",
  email: "E-mail address",
  phone: "Phone number",
  message: "Message",
  company: "Company",
  job_title: "Job title",
  industry: "Industry",
  product: "Product",
  page: "Form's page",
  policy_agreed_at: "Privacy policy accepted",
  created_at: "Received",
  updated_at: "Last changed",
  landing_page: "First page of the visit",
  referrer: "Site the visit came from",
  utm_source: "Campaign source (utm_source)",
  utm_medium: "Campaign medium (utm_medium)",
  utm_campaign: "Campaign name (utm_campaign)",
  utm_term: "Campaign term (utm_term)",
  utm_content: "Campaign content (utm_content)",
};

/**
 * The kinds of message that can be about a person, as they read them; the others go to staff
 * (a sign-in link, an invitation, a test copy, the brake's alert) and are named by their code.
 */
const PERSON_MESSAGE_WORDS: Partial<Record<OutboxKind, string>> = {
  contact: "Notification of your message to our sales desk",
  demo: "Notification of your demo request to our sales desk",
  "lead-assigned": "Notice to the member of our staff who looks after your request",
  slack: "Alert to our team's chat",
  webhook: "Alert to our team's systems",
  "newsletter-confirmation": "E-mail asking you to confirm your subscription",
  "newsletter-welcome": "Newsletter welcome e-mail",
  "lead-reply": "Our reply to you by e-mail",
};

/** What a message was, by its kind; `campaign` is a newsletter issue's subject. */
export function messageWords(kind: OutboxKind, campaign: string | null): string {
  if (kind === CAMPAIGN_KIND) return `Newsletter issue “${campaign ?? "untitled"}”`;
  return PERSON_MESSAGE_WORDS[kind] ?? `Message (${kind})`;
}

/** How a subscriber left, as the person reads it: a way without words fails the typecheck. */
export const LEFT_HOW_WORDS: Record<LeftHow, string> = {
  "unsubscribe-link": "You unsubscribed, with the link in our e-mails",
  complaint: "You marked our mail as unwanted",
  staff: "Our staff unsubscribed you, as you asked",
  "address-changed": "Replaced by the subscription of your corrected address",
};

/** What a lead's consent record says of the words the form showed. */
export function agreedWords(consent: { text: string | null; version: string | null }): string {
  return consent.text === null
    ? "Not recorded: sent before we kept the form's wording"
    : `${consent.text} (version ${consent.version})`;
}

export const MAIL_EVENT_WORDS: Record<string, string> = {
  "hard-bounce": "Could not be delivered (permanent)",
  "soft-bounce": "Could not be delivered (temporary)",
  complaint: "Marked as unwanted",
  unclassified: "Returned, reason unclear",
};

/** An outbox message's state (OutboxStatus), as the person reads it. */
const MESSAGE_STATE_WORDS: Record<string, string> = {
  pending: "Waiting to be sent",
  sent: "Sent",
  failed: "Could not be sent",
  held: "Held back, not sent",
  cancelled: "Not sent",
};

/** What became of a message beyond its state (OutboxOutcome), as the person reads it. */
const MESSAGE_OUTCOME_WORDS: Record<string, string> = {
  suppressed: "we no longer send mail to your address",
  unsubscribed: "you had unsubscribed",
};

/** "Sent", "Sent: could not be delivered (permanent)", "Not sent: you had unsubscribed". */
export function messageStateWords(status: string, outcome: string | null): string {
  const state = MESSAGE_STATE_WORDS[status] ?? status;
  if (outcome === null) return state;
  const more =
    MESSAGE_OUTCOME_WORDS[outcome] ?? MAIL_EVENT_WORDS[outcome]?.toLowerCase() ?? outcome;
  return `${state}: ${more}`;
}

/** Why the person's address is on the suppression list, as they read it. */
export const SUPPRESSION_WORDS: Record<string, string> = Object.fromEntries(
  SUPPRESSION_REASONS.map((reason) => [reason, SUPPRESSION_REASON_WORDS[reason].person]),
);

/**
 * A member of staff as the person reads them: "Ama Owusu, sales"; by role alone when the account
 * has no name ("a member of our sales staff"); `none` when no one signed in acted.
 */
export function staffWords(member: StaffMember | null, none = "our systems"): string {
  if (member === null) return none;
  const role = member.role ? ROLE_LABELS[member.role].toLowerCase() : null;
  if (member.name) return role ? `${member.name}, ${role}` : member.name;
  return role ? `a member of our ${role} staff` : "a member of our staff (account since closed)";
}

/** A lead's status in the console's words ("Contacted"); an unknown one as it is. */
export function statusWords(status: string | null): string {
  return status === null ? "—" : (STATUS_LABELS[status as LeadStatus] ?? status);
}

/** The values of a correction as its event keeps them (JSON of field and value). */
function correctionValues(text: string | StaffMember | null): Record<string, unknown> {
  if (typeof text !== "string") return {};
  try {
    const values: unknown = JSON.parse(text);
    return typeof values === "object" && values !== null ? (values as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * One change to a lead, as a sentence to the person it is about: "Your contact message was
 * marked as Contacted (it was New).", "Ama Owusu, sales, took charge of your demo request.",
 * "Your details were corrected: Phone from “055…” to “024…”."
 */
export function historyWords(
  type: ExportedLead["type"],
  change: ExportedLead["history"][number],
): string {
  const what = `your ${LEAD_TYPE_LABELS[type].toLowerCase()}`;
  const { from, to } = change;
  if (change.kind === "assigned") {
    return typeof to === "object" && to !== null
      ? `${staffWords(to)} was put in charge of ${what} as it arrived.`
      : `No one at our company was free to take charge of ${what} as it arrived.`;
  }
  if (change.kind === "owner") {
    return typeof to === "object" && to !== null
      ? `${staffWords(to)} took charge of ${what}.`
      : `No one at our company is in charge of ${what} any more.`;
  }
  if (change.kind === "merged") {
    return `Our staff joined ${what} with another request we received, to answer them together.`;
  }
  if (change.kind === "corrected") {
    const before = correctionValues(from);
    const after = correctionValues(to);
    const fields = Object.keys(after).map((field) => {
      const label = CORRECTABLE_LABELS[field as CorrectableField] ?? field;
      return `${label} from “${String(before[field] ?? "")}” to “${String(after[field] ?? "")}”`;
    });
    return `Your details were corrected${fields.length ? `: ${fields.join("; ")}` : ""}.`;
  }
  const status = (value: typeof from) => statusWords(typeof value === "string" ? value : null);
  return `${what[0]!.toUpperCase()}${what.slice(1)} was marked as ${status(to)} (it was ${status(from)}).`;
}
