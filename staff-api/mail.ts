/**
 * What comes back from subscriber mail, for the console (server/newsletter/returns/): the
 * suppression list (addresses subscriber mail no longer goes to) for marketing and admins; and for
 * admins the check of the sending domain's DNS records (server/mail/domain/,
 * docs/mail-deliverability.md) and the preview of every kind of e-mail (server/mail/emails/).
 */
import * as z from "zod/mini";
import { email } from "../leads/email";
import { filterText, optionalText } from "../leads/fields";
import { Failed, RECORD_REFUSALS, REFUSALS } from "./answers";
import { endpoint } from "./endpoint";
import { keysetPage, pagedList, recordId, sessionRead } from "./query";
import { ADMIN_ROLES, MARKETING_ROLES } from "./roles";

/** Why an address is suppressed; the database stores it as this text (server/db/schema.ts). */
export const SUPPRESSION_REASONS = ["hard-bounce", "soft-bounce", "complaint", "manual"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * Each reason in words, once for both readers, so that a new reason cannot be added for one and
 * forgotten for the other: `staff` for the console (the list, the audit log), `person` for the
 * page an access request sends them (server/people/export-html.ts), which says what
 * happened without the trade's words.
 */
export const SUPPRESSION_REASON_WORDS: Record<
  SuppressionReason,
  { staff: string; person: string }
> = {
  "hard-bounce": {
    staff: "Hard bounce: the mailbox does not exist",
    person: "mail to the address could not be delivered",
  },
  "soft-bounce": {
    staff: "Soft bounces: refused three times in 14 days",
    person: "mail to the address could not be delivered several times",
  },
  complaint: {
    staff: "Complaint: they marked the newsletter as spam",
    person: "our mail was marked as unwanted",
  },
  manual: { staff: "Added by hand", person: "added by our staff" },
};

/**
 * The reasons marketing may lift: a soft bounce (the mailbox was full, the server was down) or an
 * entry someone made. A hard bounce (no such mailbox) or a complaint (the person marked the
 * newsletter as spam) stays: mailing them again is what gets a sender's mail refused.
 */
export const LIFTABLE_REASONS: readonly SuppressionReason[] = ["soft-bounce", "manual"];

// Strict, like every answer of the contract: the API tests parse each answer with these.
export const Suppression = z.strictObject({
  id: z.string(),
  /** Empty once the person was erased: the entry is then kept under a hash of the address. */
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  /** When it was suppressed (or its reason last raised). */
  at: z.string(),
  /** What the mail server or the provider said, or why it was added by hand. */
  detail: z.string(),
});
export type Suppression = z.output<typeof Suppression>;

export const SuppressionPage = keysetPage(Suppression);
export type SuppressionPage = z.output<typeof SuppressionPage>;

export const SuppressionFilterShape = {
  /** A substring of the address, any case. */
  q: filterText(200),
};

export const NO_SUPPRESSION = "No such entry on the suppression list";

/** The records the sending-domain check reads, in the order the page shows them. */
export const DOMAIN_CHECKS = ["spf", "dkim", "dmarc", "inbound-mx"] as const;
export type DomainCheckName = (typeof DOMAIN_CHECKS)[number];

export const DomainCheck = z.strictObject({
  name: z.enum(DOMAIN_CHECKS),
  ok: z.boolean(),
  /** The DNS name read; null when the check is not configured. */
  host: z.nullable(z.string()),
  /** The records found there that the check reads (none: an empty list). */
  found: z.array(z.string()),
  /** The record to publish at `host`, when one can be given; null when it is not needed. */
  expected: z.nullable(z.string()),
  /** What to do, or why nothing needs doing, in plain words. */
  advice: z.string(),
});
export type DomainCheck = z.output<typeof DomainCheck>;
export const DomainChecks = z.strictObject({ checks: z.array(DomainCheck) });
export type DomainChecks = z.output<typeof DomainChecks>;

export const suppressionsApi = {
  /** A page of the list, newest first by (at, id). */
  list: pagedList({
    path: "/api/staff/suppressions",
    roles: MARKETING_ROLES,
    filters: SuppressionFilterShape,
    page: SuppressionPage,
  }),
  /**
   * Adds an address by hand (someone asked by phone to get nothing more), with a note; 409 when it
   * is on the list already.
   */
  add: endpoint({
    method: "POST",
    path: "/api/staff/suppressions",
    roles: MARKETING_ROLES,
    body: z.object({ email: email(), note: optionalText({ max: 200 }) }),
    answers: { 201: Suppression, ...REFUSALS, 409: Failed },
  }),
  /** Lifts a soft-bounce or manual entry (204); 409 with the reason for any other. */
  lift: endpoint({
    method: "DELETE",
    path: "/api/staff/suppressions/:id",
    roles: MARKETING_ROLES,
    params: recordId(NO_SUPPRESSION),
    notFound: NO_SUPPRESSION,
    answers: { ...RECORD_REFUSALS, 409: Failed },
  }),
};

/**
 * Every kind of e-mail the system sends, by its outbox kind, with its name: the admins' preview
 * lists these, and the server renders a sample of each (server/mail/emails/samples.ts).
 */
export const MAIL_TEMPLATES = [
  { kind: "contact", name: "Contact message, to sales" },
  { kind: "demo", name: "Demo request, to sales" },
  { kind: "newsletter-confirmation", name: "Newsletter confirmation" },
  { kind: "newsletter-welcome", name: "Newsletter welcome" },
  { kind: "campaign", name: "Campaign copy" },
  { kind: "campaign-test", name: "Campaign test copy" },
  { kind: "staff-sign-in", name: "Staff sign-in link" },
  { kind: "staff-invitation", name: "Staff invitation" },
  { kind: "brake-alert", name: "Campaign paused by the brake, to the team" },
  { kind: "lead-escalated", name: "Lead overdue, to its owner and the admins" },
  { kind: "lead-assigned", name: "Lead assigned, to its owner" },
  { kind: "lead-reply", name: "Reply to a lead, from the console" },
] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATES)[number]["kind"];
export const MAIL_TEMPLATE_KINDS = MAIL_TEMPLATES.map((template) => template.kind) as [
  MailTemplateKind,
  ...MailTemplateKind[],
];

export const NO_MAIL_TEMPLATE = "No such kind of e-mail";

export const MailTemplate = z.strictObject({
  kind: z.enum(MAIL_TEMPLATE_KINDS),
  name: z.string(),
});
export type MailTemplate = z.output<typeof MailTemplate>;
export const MailTemplates = z.strictObject({ items: z.array(MailTemplate) });

/** One kind of e-mail rendered with invented data: its subject and both of its bodies. */
export const MailPreview = z.strictObject({
  kind: z.enum(MAIL_TEMPLATE_KINDS),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MailPreview = z.output<typeof MailPreview>;

export const mailTemplatesApi = {
  /** Every kind of e-mail the system sends, in MAIL_TEMPLATES's order. */
  list: sessionRead("/api/staff/mail/templates", ADMIN_ROLES, MailTemplates),
  /** One kind rendered with invented data; nothing is sent or queued. */
  get: endpoint({
    method: "GET",
    path: "/api/staff/mail/templates/:kind",
    roles: ADMIN_ROLES,
    params: z.object({ kind: z.enum(MAIL_TEMPLATE_KINDS) }),
    notFound: NO_MAIL_TEMPLATE,
    answers: { 200: MailPreview, ...RECORD_REFUSALS },
  }),
};

export const mailDomainApi = {
  /** SPF, DKIM, DMARC and the inbound MX, read from the DNS now. */
  check: sessionRead("/api/staff/mail/domain", ADMIN_ROLES, DomainChecks),
};
