import type { ColumnType, Generated } from "kysely";
import type { ConsentForm } from "../../leads/consent";
import type { LeadStatus, LeadType } from "../../leads/workflow";
import type { OutboxKind, OutboxStatus } from "../../staff-api/admin";
import type { LeadEventKind } from "../../staff-api/lead-timeline";
import type { ServiceHoursTables } from "./schema-service-hours";
import type { SuppressionReason } from "../../staff-api/mail";
import type { CampaignStatus } from "../../staff-api/newsletter";
import type { StaffRole } from "../../staff-api/roles";
import type { LeftHow, SubscriptionStatus } from "../../staff-api/subscribers";
import type { LeadRoutingTables, StaffAwayColumn } from "./schema-routing";
import type { LeadDuplicateTables } from "./schema-duplicates";
import type { SalesDeskTables } from "./schema-desk";
import type { MediaTables } from "./schema-media";
import type { PublishingTables } from "./schema-publishing";
import type { StaffPasskeyChallengeTable, StaffPasskeyTable } from "./schema-passkeys";

/**
 * The values a column holds, each list declared once where the console and the API read it too
 * (staff-api/, leads/) and stored as its text; the tables below name these types.
 */
export type {
  CampaignStatus,
  ConsentForm,
  LeadEventKind,
  LeadStatus,
  LeadType,
  LeftHow,
  OutboxKind,
  OutboxStatus,
  StaffRole,
  SubscriptionStatus,
  SuppressionReason,
};

/**
 * Tables of the lead store. Timestamps are ISO-8601 UTC strings and ids are UUIDs in both
 * SQLite and PostgreSQL, so every query is the same on both and sorts correctly as text.
 */
export interface Database
  extends
    ServiceHoursTables,
    LeadRoutingTables,
    LeadDuplicateTables,
    SalesDeskTables,
    MediaTables,
    PublishingTables {
  newsletter_subscriptions: NewsletterSubscriptionTable;
  contact_messages: ContactMessageTable;
  demo_requests: DemoRequestTable;
  outbox: OutboxTable;
  staff_accounts: StaffAccountTable;
  staff_sign_in_tokens: StaffSignInTokenTable;
  staff_sessions: StaffSessionTable;
  staff_rate_limits: StaffRateLimitTable;
  audit_log: AuditLogTable;
  lead_states: LeadStateTable;
  lead_events: LeadEventTable;
  staff_passkeys: StaffPasskeyTable;
  staff_passkey_challenges: StaffPasskeyChallengeTable;
  newsletter_settings: NewsletterSettingTable;
  newsletter_campaigns: NewsletterCampaignTable;
  mail_events: MailEventTable;
  mail_suppressions: MailSuppressionTable;
  consent_wordings: ConsentWordingTable;
}

/** Added by migration 0017: null until written. */
type Later<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** The exact words a form showed beside its consent or policy box, once per version (0017). */
export interface ConsentWordingTable {
  id: string;
  form: ConsentForm;
  version: string;
  text: string;
  created_at: string;
}

/** The consent a lead row was sent with, and when retention removed its person (0017). */
interface LeadRetentionColumns {
  consent_wording_id: Later<string>;
  anonymised_at: Later<string>;
}

/** A newsletter campaign (server/newsletter/campaigns/campaigns.ts); its copies are outbox rows. */
export interface NewsletterCampaignTable {
  id: string;
  subject: string;
  markdown: string;
  status: CampaignStatus;
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** How many copies were made when it started: the confirmed subscribers of that moment. */
  recipients: number | null;
  created_at: string;
  created_by_account_id: string | null;
  updated_at: string;
  updated_by_account_id: string | null;
  /** Why the brake paused it (server/mail/), null if it did not (migration 0016). */
  auto_paused: ColumnType<string | null, string | null | undefined, string | null>;
  /** The brake counts the copies sent since this moment: the start, or the last resume. */
  brake_from: ColumnType<string | null, string | null | undefined, string | null>;
}

/** What a returned message was: a bounce (hard or soft), a complaint, or unreadable. */
export type MailEventType = "hard-bounce" | "soft-bounce" | "complaint" | "unclassified";
/** Where it came from: the inbound listener, a provider's webhook, or the refusal of a send. */
export type MailEventSource = "smtp" | "ses" | "postmark" | "send";

/** A bounce, complaint or unreadable message received about mail we sent (migration 0016). */
export interface MailEventTable {
  id: string;
  received_at: string;
  source: MailEventSource;
  /** The provider's id of the event or the returned message's Message-ID: recorded once. */
  source_ref: string | null;
  type: MailEventType;
  /** The recipient it is about, when known (an unclassified message may name nobody). */
  email: string | null;
  email_key: string | null;
  subscription_id: string | null;
  outbox_id: string | null;
  campaign_id: string | null;
  /** The enhanced status code (RFC 3463), e.g. "5.1.1", when the report gives one. */
  status: string | null;
  /** What the report says, in a line (the diagnostic, or the complaint's feedback type). */
  detail: string;
  /** The whole message, kept only when it could not be classified, for review. */
  raw: string | null;
}

/** A mailbox subscriber mail must not go to (migration 0016); one row per email_key. */
export interface MailSuppressionTable {
  id: string;
  email: string;
  email_key: string;
  reason: SuppressionReason;
  at: string;
  detail: string;
  /** The mail event that caused it; null for a manual entry. */
  event_id: string | null;
}

/** A newsletter setting marketing edits (server/newsletter/welcome.ts): a JSON value. */
export interface NewsletterSettingTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by_account_id: string | null;
}

/** Where the lead's visit came from (leads/source.ts, migration 0008); null when unknown. */
export interface AttributionColumns {
  landing_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
}

export interface NewsletterSubscriptionTable extends AttributionColumns {
  id: string;
  email: string;
  /** emailKey() of the address (leads/email.ts): one row per person, however they type it. */
  email_key: string;
  status: SubscriptionStatus;
  confirm_token: string;
  unsubscribe_token: string;
  /** When the visitor asked to subscribe (their consent). */
  consent_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** Where they signed up: the Referer path of the sign-up ("/help-center"), or "unknown". */
  source: string;
  created_at: string;
  updated_at: string;
  /** The wording they agreed to (consent_wordings), null for sign-ups before migration 0017. */
  consent_wording_id: Later<string>;
  left_how: Later<LeftHow>;
  /** A staff correction of the address: the subscription this one replaces once confirmed. */
  replaces_subscription_id: Later<string>;
}

export interface ContactMessageTable extends AttributionColumns, LeadRetentionColumns {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** `phone` in E.164 (leads/phone.ts), null when it holds no number; indexed (0018). */
  phone_e164: string | null;
  message: string;
  /** When the visitor ticked the privacy policy box. */
  policy_agreed_at: string;
  /** emailKey() of the address: how erasure finds the row, whatever its capitalisation. */
  email_key: string;
  /** The browser's idempotency key for this submission, if it sent one… */
  request_key: string | null;
  /** …and a fingerprint of what was submitted under it (see server/leads/store.ts). */
  request_hash: string | null;
  created_at: string;
  /** What the staff inbox searches (search-text.ts), indexed for substring search (0007). */
  search_text: string;
}

/**
 * What the exports show of the person behind each form, in this order: the CLI's export, the
 * inbox's CSV and an access request's export alike.
 */
export const PERSON_COLUMNS = {
  newsletter: ["email", "status", "consent_at", "confirmed_at", "unsubscribed_at", "source"],
  contact: ["first_name", "last_name", "email", "phone", "message", "policy_agreed_at"],
  demo: ["name", "email", "phone", "company", "job_title", "industry"],
} as const satisfies {
  newsletter: readonly (keyof NewsletterSubscriptionTable)[];
  contact: readonly (keyof ContactMessageTable)[];
  demo: readonly (keyof DemoRequestTable)[];
};

export interface DemoRequestTable extends AttributionColumns, LeadRetentionColumns {
  id: string;
  /** Which product's demo form the request came from (all five post to /api/demo). */
  product: string;
  page: string;
  name: string;
  email: string;
  phone: string;
  phone_e164: string | null;
  company: string;
  job_title: string;
  industry: string;
  email_key: string;
  request_key: string | null;
  request_hash: string | null;
  created_at: string;
  /** What the staff inbox searches (search-text.ts), indexed for substring search (0007). */
  search_text: string;
}

export interface OutboxTable {
  id: string;
  kind: OutboxKind;
  /** The lead, subscription, staff account or campaign the message is about. */
  lead_id: string;
  /** mailboxKey() of the recipient of a newsletter confirmation, for the daily limit per mailbox. */
  recipient_key: string | null;
  /** The message to send, as JSON (see mail/message.ts). */
  payload: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  /** Lease: the worker instance that is sending it, and until when. */
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  sent_at: string | null;
  /** The campaign a newsletter copy belongs to (then lead_id is the subscription's id). */
  campaign_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What became of it beyond its status (migration 0016), null if nothing more to say. */
  outcome: ColumnType<OutboxOutcome | null, OutboxOutcome | null | undefined, OutboxOutcome | null>;
  /** When retention removed the message's body from payload (migration 0017). */
  body_removed_at: Later<string>;
}

/**
 * A copy's fate beyond its delivery status: not sent because the address was suppressed or the
 * subscriber had left ("cancelled"), or sent and then bounced or complained about ("sent").
 */
export type OutboxOutcome =
  "suppressed" | "unsubscribed" | "hard-bounce" | "soft-bounce" | "complaint";

/** A member of staff who may sign in to the console (server/staff/). */
export interface StaffAccountTable extends StaffAwayColumn {
  id: string;
  email: string;
  /** emailKey() of the address: one account per person, however they type it. */
  email_key: string;
  name: string;
  role: StaffRole;
  created_at: string;
  updated_at: string;
  /** Set when an admin disabled the account: it can no longer sign in or use a session. */
  disabled_at: string | null;
  /** When its latest invitation was sent from the console; null if never (migration 0015). */
  invited_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The admin who sent that invitation; null if none, or that account was deleted. */
  invited_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The one-time token of an e-mailed sign-in link; only its SHA-256 hash is stored. */
export interface StaffSignInTokenTable {
  id: string;
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
  /** Set, once, by the verify that consumed it. */
  used_at: string | null;
  /** Set, once, when a newer link or a disable voided it unused (migration 0011). */
  voided_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A signed-in browser; the cookie holds the secret, this table only its SHA-256 hash. */
export interface StaffSessionTable {
  id: string;
  token_hash: string;
  account_id: string;
  created_at: string;
  /** The time of its latest request (never moved back); the idle timeout counts from it. */
  last_seen_at: string;
  revoked_at: string | null;
  /** The passkey that opened it (migration 0011); null for a link's sign-in. */
  passkey_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A fixed-window counter shared by every server instance (server/staff/sign-in/rate-limit.ts). */
export interface StaffRateLimitTable {
  key: string;
  window_start: string;
  count: number;
}

/** Who did what, when: append-only (triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  /** e.g. "staff.sign-in", "staff.role-changed". */
  action: string;
  record_type: string | null;
  record_id: string | null;
  /** JSON; never a token or other secret. */
  detail: string;
}

/** A lead's place in the inbox; a lead without a row is "new" and unowned (migration 0005). */
export interface LeadStateTable {
  lead_type: LeadType;
  /** The id of the row in contact_messages or demo_requests. */
  lead_id: string;
  status: LeadStatus;
  /** The staff account that owns the lead, or null. */
  owner_account_id: string | null;
  /** When staff first acted on the lead: a status other than "new", or a note. Set once. */
  first_response_at: string | null;
  updated_at: string;
  /** Goes up by one with each change of status or owner: the lead's ETag (migration 0013). */
  version: Generated<number>;
  /** The API id of the lead this one was merged into (migration 0022); null on its own. */
  merged_into: Later<string>;
}

/**
 * One entry of a lead's timeline: a status or owner change (from → to), a note (text), or a
 * correction of its contact details (from → to: JSON objects of the fields' old and new values,
 * kept here rather than in the audit log so that erasing the person erases them too), a reply
 * e-mailed from the console (text, by its actor), or the customer's answer (no actor; from: the
 * address it came from, to: its subject, text: its new text).
 */
export interface LeadEventTable {
  id: string;
  lead_type: LeadType;
  lead_id: string;
  at: string;
  actor_account_id: string | null;
  kind: LeadEventKind;
  /** Status, or owner account id, before and after; null for a note or a reply. */
  from: string | null;
  to: string | null;
  text: string | null;
}
