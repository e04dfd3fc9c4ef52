/**
 * The words of an access request's page (export-html.ts): stored names of fields, kinds of
 * message and states as a person reads them, and times on Accra's clock, labelled.
 */
import { CAMPAIGN_KIND } from "../../newsletter/campaigns";
import { SUPPRESSION_REASONS, SUPPRESSION_REASON_WORDS } from "../../../staff-api/mail";

const ACCRA = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Accra",
});

/** "27 Nov 2026, 10:00 Accra time"; "—" for none (the company works on Accra's clock). */
export function accraTime(iso: string | null): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${ACCRA.format(date)} Accra time`;
}

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

/** What a message was, by its kind; `campaign` is a newsletter issue's subject. */
export function messageWords(kind: string, campaign: string | null): string {
  if (kind === CAMPAIGN_KIND) return `Newsletter issue “${campaign ?? "untitled"}”`;
  return (
    {
      contact: "Notification of your message to our sales desk",
      demo: "Notification of your demo request to our sales desk",
      slack: "Alert to our team's chat",
      webhook: "Alert to our team's systems",
      "newsletter-confirmation": "E-mail asking you to confirm your subscription",
      "newsletter-welcome": "Newsletter welcome e-mail",
    }[kind] ?? `Message (${kind})`
  );
}

/** How a subscriber left (staff-api/subscribers.ts LEFT_HOWS), as the person reads it. */
export const LEFT_HOW_WORDS: Record<string, string> = {
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

/** Why the person's address is on the suppression list, as they read it. */
export const SUPPRESSION_WORDS: Record<string, string> = Object.fromEntries(
  SUPPRESSION_REASONS.map((reason) => [reason, SUPPRESSION_REASON_WORDS[reason].person]),
);
