/**
 * What marketing writes to subscribers (server/newsletter/newsletter-routes.ts and
 * campaigns/campaign-routes.ts): the welcome e-mail, the preview of any draft, and campaigns from
 * their draft to their report. For marketing and admins.
 */
import * as z from "zod/mini";
import { MAX_EMAIL, isEmailAddress, normalizeEmail } from "../leads/email";
import { requiredText } from "../leads/fields";
import { Failed, RECORD_REFUSALS, REFUSALS, Said } from "./answers";
import { endpoint } from "./endpoint";
import { isoDate } from "./query";
import { MARKETING_ROLES } from "./roles";

export const MAX_SUBJECT = 150;
export const MAX_MARKDOWN = 20_000;

/**
 * The subject and Markdown of a draft, with the rules the browser can check too. The server
 * adds one more (server/newsletter/markdown/content.ts `NewsletterContentSchema`): the Markdown
 * must render, nested no deeper than it allows and within a time limit. That check runs the
 * renderer against the clock, which belongs on the server and would only mislead in a browser, so
 * it is not here; the server validates bodies with its schema, this one's fields plus that check.
 */
export const NewsletterContentShape = {
  // As a one-line field of the public forms (leads/fields.ts): no control characters, which
  // PostgreSQL refuses (NUL) or a mail header must not carry, and the subject is one line.
  subject: requiredText("Write a subject", { max: MAX_SUBJECT }),
  // As the contact form's message: tabs and line breaks allowed, other controls refused.
  markdown: requiredText("Write the e-mail", { max: MAX_MARKDOWN, multiLine: true }),
};
export const NewsletterContent = z.object(NewsletterContentShape);

const RenderedShape = {
  subject: z.string(),
  /** The body as HTML, without the e-mail's frame and footer. */
  html: z.string(),
  /** The Markdown, as the plain-text part. */
  text: z.string(),
};
/** A draft as subscribers will read it. */
export const NewsletterPreview = z.strictObject(RenderedShape);
export type NewsletterPreview = z.output<typeof NewsletterPreview>;

export const Welcome = z.strictObject({
  ...RenderedShape,
  markdown: z.string(),
  /** When and by whom it was last changed; null while the site's default is used. */
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
});
export type Welcome = z.output<typeof Welcome>;

export const CAMPAIGN_STATUSES = [
  "draft",
  "scheduled",
  "sending",
  "paused",
  "sent",
  "cancelled",
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
const Status = z.enum(CAMPAIGN_STATUSES);

/**
 * What became of one recipient of a campaign, exactly one of these: waiting to go (queued), tried
 * and to be tried again (deferred), sent, bounced, complained about, not sent because the address
 * was suppressed or the subscriber had left, failed for good, or dropped with its campaign.
 */
export const RECIPIENT_STATES = [
  "queued",
  "deferred",
  "sent",
  "hard-bounced",
  "soft-bounced",
  "complained",
  "suppressed",
  "unsubscribed",
  "failed",
  "cancelled",
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/**
 * What became of one recipient, in words: the campaign's report in the console and the
 * recipients' Excel export.
 */
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

const SummaryShape = {
  id: z.string(),
  subject: z.string(),
  status: Status,
  scheduledAt: z.nullable(z.string()),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who last changed it; null once their account is gone. */
  updatedBy: z.nullable(z.string()),
  /** The copies made when it started; 0 before. */
  recipients: z.number(),
  sent: z.number(),
  failed: z.number(),
};
export const CampaignSummary = z.strictObject(SummaryShape);
export type CampaignSummary = z.output<typeof CampaignSummary>;

const CampaignShape = {
  ...SummaryShape,
  markdown: z.string(),
  /** Copies not sent yet (pending or held). */
  waiting: z.number(),
  /** Recipients who unsubscribed after it started. */
  unsubscribedSince: z.number(),
  /** Who would get it if it were sent now: the confirmed subscribers. */
  audience: z.number(),
  /** Recipients whose copy bounced (hard or soft), complained about it, were on the suppression
   * list when it was queued or sent, or left before or after it went out. */
  bounced: z.number(),
  complained: z.number(),
  suppressed: z.number(),
  unsubscribed: z.number(),
  /** Why the brake paused it, in a sentence; null if it did not. */
  autoPaused: z.nullable(z.string()),
  /** Every recipient in exactly one state: the counts add up to `recipients`. */
  states: z.record(z.enum(RECIPIENT_STATES), z.number()),
};
/** A campaign as the server's queries read it (server/newsletter/campaigns/campaign-reports.ts). */
export const Campaign = z.strictObject(CampaignShape);
export type Campaign = z.output<typeof Campaign>;
/** A campaign as the API answers it: with its HTML and text, rendered. */
export const CampaignDetail = z.strictObject({
  ...CampaignShape,
  html: z.string(),
  text: z.string(),
  /** Copies the server sends a minute (NEWSLETTER_SEND_PER_MINUTE), to tell how long it takes. */
  sendPerMinute: z.number(),
});
export type CampaignDetail = z.output<typeof CampaignDetail>;

export const NO_CAMPAIGN = "There is no such campaign.";
const CampaignId = z.object({
  id: z
    .string()
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, NO_CAMPAIGN)),
});
/** The most addresses one test send may go to. */
export const MAX_TEST_ADDRESSES = 5;

/**
 * Where a test copy goes: up to MAX_TEST_ADDRESSES addresses, each checked by the server
 * (`testAddressProblem`, a 400 naming the first bad one); without it, the sender's own address.
 */
export const TestRecipients = { to: z.optional(z.array(z.string())) };

/** The addresses typed in one field, separated by commas, semicolons, spaces or new lines. */
export function testAddressesOf(typed: string): string[] {
  return typed.split(/[\s,;]+/).filter((address) => address !== "");
}

/**
 * What is wrong with the addresses of a test send, in words to show, or null: none, more than
 * MAX_TEST_ADDRESSES, or one that is no e-mail address (named, cut short if very long).
 */
export function testAddressProblem(addresses: readonly string[]): string | null {
  if (addresses.length === 0) return "Give at least one address to send the test to.";
  if (addresses.length > MAX_TEST_ADDRESSES) {
    return `A test goes to ${MAX_TEST_ADDRESSES} addresses at most; you gave ${addresses.length}.`;
  }
  const bad = addresses.find((address) => !isEmailAddress(normalizeEmail(address)));
  if (bad === undefined) return null;
  const shown = bad.length > MAX_EMAIL ? `${bad.slice(0, 40)}…` : bad;
  return `“${shown}” is not an e-mail address. Correct it or leave it out.`;
}

/** What a test send answers: where the copies went. */

/** The actions that send no body (an empty object or none at all). */
const NoBody = z.optional(z.object({}));
/** A refusal of a change its campaign's status does not allow. */
const CHANGE_REFUSALS = { ...RECORD_REFUSALS, 409: Failed };
const StatusAnswer = z.strictObject({ status: Status });
/** A change of the version read: refused as the others, or 412 with the campaign as it now is. */
const STALE_REFUSALS = { ...CHANGE_REFUSALS, 412: CampaignDetail, 428: Failed };

/** One campaign action: its address under /api/staff/campaigns/:id. */
const action = <const P extends string, const A extends Record<number, z.ZodMiniType>>(
  path: P,
  answers: A,
) =>
  endpoint({
    method: "POST",
    path,
    roles: MARKETING_ROLES,
    params: CampaignId,
    notFound: NO_CAMPAIGN,
    body: NoBody,
    answers,
  });

/** A campaign's recipients as a file (CSV or Excel, as `path` says); only refusals are JSON. */
const recipientsFile = <const P extends string>(path: P) =>
  endpoint({
    method: "GET",
    path,
    roles: MARKETING_ROLES,
    params: CampaignId,
    notFound: NO_CAMPAIGN,
    answers: RECORD_REFUSALS,
  });

export const welcomeApi = {
  /** The welcome e-mail, with its HTML as subscribers will see it, and its version (ETag). */
  get: endpoint({
    method: "GET",
    path: "/api/staff/newsletter/welcome",
    roles: MARKETING_ROLES,
    versioned: true,
    answers: { 200: Welcome, ...REFUSALS },
  }),
  /**
   * Saves it (audited), of the version read (If-Match: its subject and Markdown); answers it as
   * it now is: 412 with it when a colleague saved since, 428 without a version.
   */
  save: endpoint({
    method: "PUT",
    path: "/api/staff/newsletter/welcome",
    roles: MARKETING_ROLES,
    versioned: true,
    body: NewsletterContent,
    answers: { 200: Welcome, ...REFUSALS, 412: Welcome, 428: Failed },
  }),
  /**
   * A copy of the draft as typed (saved or not) to `to` or the sender, a few sends an hour;
   * audited with how many addresses, not which.
   */
  test: endpoint({
    method: "POST",
    path: "/api/staff/newsletter/welcome/test",
    roles: MARKETING_ROLES,
    body: z.object({ ...NewsletterContentShape, ...TestRecipients }),
    answers: { 202: Said, ...REFUSALS, 429: Failed },
  }),
  /** Any draft, the welcome e-mail's or a campaign's, as subscribers would get it. */
  preview: endpoint({
    method: "POST",
    path: "/api/staff/newsletter/preview",
    roles: MARKETING_ROLES,
    body: NewsletterContent,
    answers: { 200: NewsletterPreview, ...REFUSALS },
  }),
};

export const campaignsApi = {
  /** Every campaign, newest first. */
  list: endpoint({
    method: "GET",
    path: "/api/staff/campaigns",
    roles: MARKETING_ROLES,
    answers: { 200: z.strictObject({ items: z.array(CampaignSummary) }), ...REFUSALS },
  }),
  /** A new draft. */
  create: endpoint({
    method: "POST",
    path: "/api/staff/campaigns",
    roles: MARKETING_ROLES,
    body: NewsletterContent,
    answers: { 201: z.strictObject({ id: z.string() }), ...REFUSALS },
  }),
  /**
   * One campaign with its counts, HTML and text, and its version (ETag: its subject, Markdown,
   * status and time to send; not its counts). No 400: its address is all it reads.
   */
  get: endpoint({
    method: "GET",
    path: "/api/staff/campaigns/:id",
    roles: MARKETING_ROLES,
    params: CampaignId,
    notFound: NO_CAMPAIGN,
    versioned: true,
    answers: { 200: CampaignDetail, 401: Failed, 403: Failed, 404: Failed, 503: Failed },
  }),
  /**
   * A draft's (or a scheduled one's) new subject and Markdown, of the version read (If-Match):
   * 412 with the campaign as it now is when a colleague changed it since, 428 without a version.
   */
  update: endpoint({
    method: "PATCH",
    path: "/api/staff/campaigns/:id",
    roles: MARKETING_ROLES,
    params: CampaignId,
    notFound: NO_CAMPAIGN,
    versioned: true,
    body: NewsletterContent,
    answers: { 200: CampaignDetail, ...STALE_REFUSALS },
  }),
  /**
   * A copy of the saved campaign to `to` or the member of staff asking, a few sends an hour;
   * audited with how many addresses, not which.
   */
  test: endpoint({
    method: "POST",
    path: "/api/staff/campaigns/:id/test",
    roles: MARKETING_ROLES,
    params: CampaignId,
    notFound: NO_CAMPAIGN,
    body: z.optional(z.object(TestRecipients)),
    answers: { 202: Said, ...RECORD_REFUSALS, 429: Failed },
  }),
  /**
   * Sends now, or at `at` (scheduled); answers the status it now has. An `at` that has passed is
   * refused (400): only a send without `at` sends now. Of the version read, as `update`: what
   * goes out is what the sender saw (412 with the campaign as it now is, 428 without If-Match).
   */
  send: endpoint({
    method: "POST",
    path: "/api/staff/campaigns/:id/send",
    roles: MARKETING_ROLES,
    params: CampaignId,
    notFound: NO_CAMPAIGN,
    versioned: true,
    body: z.optional(z.object({ at: z.optional(z.nullable(isoDate())) })),
    answers: { 202: StatusAnswer, ...STALE_REFUSALS },
  }),
  pause: action("/api/staff/campaigns/:id/pause", { 200: StatusAnswer, ...CHANGE_REFUSALS }),
  resume: action("/api/staff/campaigns/:id/resume", { 200: StatusAnswer, ...CHANGE_REFUSALS }),
  cancel: action("/api/staff/campaigns/:id/cancel", { 200: StatusAnswer, ...CHANGE_REFUSALS }),
  /**
   * Each recipient and its state as CSV (`email,state,at,detail`, RECIPIENT_STATES), the count
   * in `x-row-count`; audited as an export. Only refusals are JSON.
   */
  recipientsCsv: recipientsFile("/api/staff/campaigns/:id/recipients.csv"),
  /**
   * The same as an Excel file, for people: the state in words (RECIPIENT_STATE_LABELS), the time
   * on Accra's clock (server/newsletter/campaigns/recipients-route.ts).
   */
  recipientsXlsx: recipientsFile("/api/staff/campaigns/:id/recipients.xlsx"),
  /** Sends its failed copies again; answers how many. */
  retry: action("/api/staff/campaigns/:id/retry", {
    200: z.strictObject({ status: Status, retried: z.number() }),
    ...CHANGE_REFUSALS,
  }),
};
