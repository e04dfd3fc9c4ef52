import type { Generated } from "kysely";

/**
 * Tables of the lead store. Timestamps are ISO-8601 UTC strings and ids are UUIDs in both
 * SQLite and PostgreSQL, so every query is the same on both and sorts correctly as text.
 */
export interface Database {
  newsletter_subscriptions: NewsletterSubscriptionTable;
  contact_messages: ContactMessageTable;
  demo_requests: DemoRequestTable;
  outbox: OutboxTable;
}

export type SubscriptionStatus = "pending" | "confirmed" | "unsubscribed";

export interface NewsletterSubscriptionTable {
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
  /** Where they signed up: "dialog" or "home". */
  source: string;
  created_at: string;
  updated_at: string;
}

export interface ContactMessageTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  /** When the visitor ticked the privacy policy box. */
  policy_agreed_at: string;
  /** emailKey() of the address: how erasure finds the row, whatever its capitalisation. */
  email_key: string;
  /** The browser's idempotency key for this submission, if it sent one… */
  request_key: string | null;
  /** …and a fingerprint of what was submitted under it (see db/leads.ts). */
  request_hash: string | null;
  created_at: string;
}

export interface DemoRequestTable {
  id: string;
  /** Which product's demo form the request came from (all five post to /api/demo). */
  product: string;
  page: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  job_title: string;
  industry: string;
  email_key: string;
  request_key: string | null;
  request_hash: string | null;
  created_at: string;
}

export type OutboxStatus = "pending" | "sent" | "failed";

export interface OutboxTable {
  id: string;
  /** What the message is about: "contact", "demo" or "newsletter-confirmation". */
  kind: string;
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
}
