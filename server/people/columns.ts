/**
 * Which stored columns an access request's export (person-export.ts) gives the person, and why
 * each other column is left out. Every column of every table must be in one of the two lists:
 * the schema walk (schema-walk.ts, its test coverage.test.ts) fails on a column that is in
 * neither, so a migration that stores something new about people must decide whether the export
 * shows it.
 */
import { ATTRIBUTION_COLUMNS as ATTRIBUTION } from "../db/migrations/0008-lead-attribution";
import { PERSON_COLUMNS } from "../db/schema";

/** The lead forms' columns the export gives as the lead's `fields`, attribution included. */
export const CONTACT_FIELDS = [...PERSON_COLUMNS.contact, "created_at", ...ATTRIBUTION] as const;

export const DEMO_FIELDS = [
  "product",
  "page",
  ...PERSON_COLUMNS.demo,
  "created_at",
  ...ATTRIBUTION,
] as const;

/** A subscription's visit, given as its `fields`; the rest of it is its consent record. */
export const SUBSCRIPTION_FIELDS = ["created_at", "updated_at", ...ATTRIBUTION] as const;

/** Every column the export shows, table by table. */
export const EXPORTED_COLUMNS: Record<string, readonly string[]> = {
  contact_messages: ["id", ...CONTACT_FIELDS],
  demo_requests: ["id", ...DEMO_FIELDS],
  lead_states: ["lead_type", "lead_id", "status", "owner_account_id", "first_response_at"],
  lead_events: ["lead_type", "lead_id", "at", "actor_account_id", "kind", "from", "to", "text"],
  newsletter_subscriptions: [
    "id",
    ...PERSON_COLUMNS.newsletter,
    ...SUBSCRIPTION_FIELDS,
    "left_how",
  ],
  consent_wordings: ["form", "version", "text"],
  outbox: ["kind", "status", "outcome", "created_at", "sent_at", "campaign_id"],
  newsletter_campaigns: ["subject"],
  mail_suppressions: ["email", "reason", "at", "detail"],
  mail_events: ["type", "received_at", "status", "detail", "email"],
  audit_log: ["at", "action", "actor_email", "record_type", "record_id"],
};

const KEY = "the lower-cased copy of `email` that rows are found by; the address is exported";
const INDEX = "the inbox's search index of fields the export gives";
const RETRY_KEY =
  "the form's retry key and its hash: which submission it was, nothing of the person";
const STAFF = "about a member of staff, not about the people who write to the company";
const WORKER = "the outbox worker's own bookkeeping";
const CAMPAIGN = "the campaign as marketing wrote and ran it, the same for every recipient";
const PUBLISHED = "what marketing publishes on the site, saved by staff";
const WORDING = "which wording they agreed to: the wording itself is exported as their consent";
const ANONYMISED =
  "when retention removed the person's details: such a lead no longer names anyone";
const SQLITE_INDEX = "SQLite's search index (migration 0007): pieces of fields the export gives";

/** What both lead forms' rows keep beside the person's fields, none of it exported. */
const LEAD_ROW_LEFT_OUT = {
  email_key: KEY,
  phone_e164:
    "the international form of `phone` (leads/phone.ts) that rows are found by; the number is " +
    "exported as the person typed it",
  request_key: RETRY_KEY,
  request_hash: RETRY_KEY,
  search_text: INDEX,
  consent_wording_id: WORDING,
  anonymised_at: ANONYMISED,
};

/** Columns the export leaves out, with why; a whole table only when none of it is a person's. */
export const NOT_PERSONAL: Record<string, Record<string, string>> = {
  contact_messages: LEAD_ROW_LEFT_OUT,
  demo_requests: LEAD_ROW_LEFT_OUT,
  lead_states: {
    updated_at: "when the inbox row last changed: each change is in the exported history",
    version: "a counter that keeps two staff edits from overwriting each other",
    merged_into:
      "the id of the lead this one was merged into: the merge is in the exported history",
  },
  lead_distinct_pairs: sameReason(
    "lead_a,lead_b,marked_at,marked_by",
    "two leads' ids that staff said are different customers': nothing of either person",
  ),
  lead_events: { id: "the entry's own id" },
  newsletter_subscriptions: {
    email_key: KEY,
    confirm_token: "a secret link's token: handing it out would let anyone act for them",
    unsubscribe_token: "a secret link's token: handing it out would let anyone act for them",
    consent_wording_id: WORDING,
    replaces_subscription_id: "the subscription a corrected address replaces: both are exported",
  },
  consent_wordings: {
    id: "the wording's own id",
    created_at: "when the company first showed this version, the same for everyone",
  },
  outbox: {
    id: "the message's own id",
    lead_id: "the id of the lead or subscription it is about, by which the export finds it",
    payload:
      "the message as sent: the person's own fields, exported from their records, or a team notification",
    recipient_key: "a folded copy of the address, for the daily limit per mailbox",
    attempts: WORKER,
    next_attempt_at: WORKER,
    last_error: "the mail server's answer to a try; the outcome is exported",
    claimed_by: WORKER,
    claimed_until: WORKER,
    body_removed_at: "when retention removed the message's body; what is exported stays",
  },
  newsletter_campaigns: sameReason(
    "id,markdown,status,scheduled_at,started_at,finished_at,recipients,created_at," +
      "created_by_account_id,updated_at,updated_by_account_id,auto_paused,brake_from",
    CAMPAIGN,
  ),
  newsletter_settings: sameReason("key,value,updated_at,updated_by_account_id", CAMPAIGN),
  service_hours: sameReason(
    "id,value,version,updated_at,updated_by_account_id",
    "the sales team's working hours and targets, the same for every lead",
  ),
  public_holidays: sameReason("date,name", "the country's public holidays"),
  // Published content (server/publishing/): what marketing writes for the site; who saved it is
  // a member of staff, by address.
  content_items: sameReason(
    "id,kind,status,slug,revision,published_revision,published_slug,closes_at,publish_at," +
      "published_at,revision_published_at,unpublished_at,created_at,created_by,updated_at,updated_by",
    PUBLISHED,
  ),
  content_revisions: sameReason("item_id,revision,fields,saved_at,saved_by", PUBLISHED),
  content_slugs: sameReason("kind,slug,item_id,first_published_at", PUBLISHED),
  // The media library (server/media/): pictures marketing uploads for pages and e-mails; who
  // uploaded one is a member of staff, by address.
  media: sameReason("id,name,width,height,sha256,uploaded_by,uploaded_at", PUBLISHED),
  media_variants: sameReason("media_id,width,format,height,bytes", PUBLISHED),
  lead_escalations: sameReason(
    "lead_type,lead_id,escalated_at",
    "when the team reminded itself of an unanswered lead; the lead's own history is exported",
  ),
  mail_suppressions: {
    id: "the entry's own id",
    email_key: KEY,
    event_id: "which exported mail event caused it",
  },
  mail_events: {
    id: "the event's own id",
    source: "which way the report came in (the listener, a provider)",
    source_ref: "the provider's id of its report",
    email_key: KEY,
    subscription_id: "which subscription's mail came back, by which the export finds it",
    outbox_id: "which message came back; the messages are exported",
    campaign_id: "which campaign's copy came back; the messages are exported",
    raw: "the receiving server's whole report, headers of the company's own mail included",
  },
  audit_log: {
    id: "the entry's own id",
    actor_id: "the acting account's id; its address is exported",
    detail: "what staff did, in the staff's terms: counts and filters, never the person's data",
  },
  ...Object.fromEntries(
    [
      [
        "staff_accounts",
        "id,email,email_key,name,role,created_at,updated_at,disabled_at,invited_at,invited_by,away_since",
      ],
      ["lead_routing", "id,version,updated_at,updated_by"],
      [
        "lead_routing_rules",
        "id,position,lead_type,product,owner_account_id,next_turn,reassign_overdue",
      ],
      ["lead_routing_members", "rule_id,position,account_id"],
      ["staff_sign_in_tokens", "id,token_hash,account_id,created_at,expires_at,used_at,voided_at"],
      ["staff_sessions", "id,token_hash,account_id,created_at,last_seen_at,revoked_at,passkey_id"],
      ["staff_rate_limits", "key,window_start,count"],
      [
        "staff_passkeys",
        "id,account_id,credential_id,public_key,counter,transports,device_type,backed_up,name,created_at,last_used_at",
      ],
      ["staff_passkey_challenges", "challenge_hash,purpose,session_id,created_at,expires_at"],
      ["staff_inbox_visits", "account_id,seen_at,since"],
      ["staff_saved_filters", "id,account_id,name,query,created_at"],
    ].map(([table, columns]) => [table!, sameReason(columns!, STAFF)]),
  ),
  ...Object.fromEntries(
    ["contact_messages_search", "demo_requests_search"].flatMap((index) => [
      [index, { search_text: SQLITE_INDEX }],
      [`${index}_config`, sameReason("k,v", SQLITE_INDEX)],
      [`${index}_data`, sameReason("id,block", SQLITE_INDEX)],
      [`${index}_docsize`, sameReason("id,sz", SQLITE_INDEX)],
      [`${index}_idx`, sameReason("segid,term,pgno", SQLITE_INDEX)],
    ]),
  ),
};

/** Each of the comma-separated columns, with the one reason. */
function sameReason(columns: string, reason: string): Record<string, string> {
  return Object.fromEntries(columns.split(",").map((column) => [column, reason]));
}
