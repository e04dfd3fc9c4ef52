/**
 * Rows the staff API tests store directly, at a time they choose: leads, subscribers and outbox
 * messages as the forms and the worker leave them. (server/testing/lead-api.ts's storeLeadOfEachKind()
 * stores them through the forms' own code instead, at the real time.)
 */
import { randomUUID } from "node:crypto";
import { emailKey } from "../../leads/email";
import { phoneE164 } from "../../leads/phone";
import type { DB } from "../db/database";
import type {
  AttributionColumns,
  OutboxKind,
  OutboxStatus,
  SubscriptionStatus,
} from "../db/schema";
import { contactSearchText, demoSearchText } from "../db/search-text";
import { sampleContact, sampleDemo, subscriptionRow } from "./lead-api";

/** A minute in milliseconds, for the tests' clock (`api.advance(MINUTE)`) and their limits. */
export const MINUTE = 60_000;

/** A time on the tests' day, 1 November 2026, `minute` minutes after 09:00 UTC. */
export const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();

/** A minute before the tests' clock: a row that is there before the test's requests. */
export const aMinuteAgo = (api: { clock: { now: Date } }) =>
  new Date(api.clock.now.getTime() - 60_000).toISOString();

type Store = { db: DB };

export interface ContactFields {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  message?: string;
}

/** A contact message's row, with its search text, sent at `createdAt`. */
export function contactRow(createdAt: string, fields: ContactFields = {}) {
  const email = fields.email ?? sampleContact.email;
  const row = {
    id: randomUUID(),
    first_name: sampleContact.firstName,
    last_name: sampleContact.lastName,
    phone: sampleContact.phone,
    message: sampleContact.message,
    ...fields,
    email,
    email_key: emailKey(email),
    policy_agreed_at: createdAt,
    request_key: null,
    request_hash: null,
    created_at: createdAt,
  };
  return { ...row, phone_e164: phoneE164(row.phone), search_text: contactSearchText(row) };
}

/** Stores a contact message (server/testing/lead-api.ts's sampleContact unless told otherwise) sent at `createdAt`; its lead id (`contact_<uuid>`). */
export async function addContact(store: Store, createdAt: string, fields: ContactFields = {}) {
  const row = contactRow(createdAt, fields);
  await store.db.insertInto("contact_messages").values(row).execute();
  return `contact_${row.id}`;
}

export interface DemoFields extends Partial<AttributionColumns> {
  product?: string;
  page?: string;
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  job_title?: string;
  industry?: string;
}

/** Stores a demo request (sampleDemo unless told otherwise) sent at `createdAt`; its lead id (`demo_<uuid>`). */
export async function addDemo(store: Store, createdAt: string, fields: DemoFields = {}) {
  const id = randomUUID();
  const { formData } = sampleDemo;
  const email = fields.email ?? formData.email;
  const row = {
    id,
    product: sampleDemo.product,
    page: "/schedule-aslan-demo",
    name: formData.name,
    phone: formData.phone,
    company: formData.company,
    job_title: formData.jobTitle,
    industry: formData.industry,
    ...fields,
    email,
    email_key: emailKey(email),
    request_key: null,
    request_hash: null,
    created_at: createdAt,
  };
  await store.db
    .insertInto("demo_requests")
    .values({ ...row, phone_e164: phoneE164(row.phone), search_text: demoSearchText(row) })
    .execute();
  return `demo_${id}`;
}

/**
 * Stores a newsletter subscription made at `createdAt`, confirmed then if its status is
 * `confirmed` (an unsubscribed one never was); its id.
 */
export async function addSubscriber(
  store: Store,
  createdAt: string,
  {
    email = "esi@example.com",
    status = "pending",
    source = "/help-center",
  }: { email?: string; status?: SubscriptionStatus; source?: string } = {},
) {
  const row = {
    ...subscriptionRow(email, status, createdAt),
    confirmed_at: status === "confirmed" ? createdAt : null,
    source,
  };
  await store.db.insertInto("newsletter_subscriptions").values(row).execute();
  return row.id;
}

/** The stored subscription of an address, however it is capitalised; throws when there is none. */
export function storedSubscription(store: Store, email: string) {
  return store.db
    .selectFrom("newsletter_subscriptions")
    .selectAll()
    .where("email_key", "=", emailKey(email))
    .executeTakeFirstOrThrow();
}

/** The mail an outbox message holds unless told otherwise: a confirmation with a secret link. */
export const OUTBOX_MAIL = {
  to: "esi@example.com",
  subject: "Please confirm",
  text: "secret body https://x/confirm?token=abc",
  html: "<p>secret body</p>",
  params: {},
};

/**
 * Stores an outbox message as the worker leaves it, created and due at `createdAt`: failed after
 * 3 attempts unless told otherwise. `payload` is stored as given when it is text (a dropped
 * sign-in e-mail's is no message any more, an alert's is the Slack line or the webhook's event).
 */
export async function addOutboxMessage(
  store: Store,
  createdAt: string,
  {
    kind = "newsletter-confirmation",
    status = "failed",
    attempts = 3,
    leadId = randomUUID(),
    payload = OUTBOX_MAIL,
    lastError = status === "failed" ? "550 mailbox unavailable" : null,
    sentAt = status === "sent" ? createdAt : null,
  }: {
    kind?: OutboxKind;
    status?: OutboxStatus;
    attempts?: number;
    leadId?: string;
    payload?: unknown;
    lastError?: string | null;
    sentAt?: string | null;
  } = {},
) {
  const id = randomUUID();
  await store.db
    .insertInto("outbox")
    .values({
      id,
      kind,
      lead_id: leadId,
      recipient_key: null,
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      status,
      attempts,
      next_attempt_at: createdAt,
      last_error: lastError,
      claimed_by: null,
      claimed_until: null,
      created_at: createdAt,
      sent_at: sentAt,
    })
    .execute();
  return id;
}

/**
 * The payloads the outbox holds of `kind`, oldest first, each parsed; only those about lead row
 * `leadId` when given.
 */
export async function queuedPayloads<T>(db: DB, kind: OutboxKind, leadId?: string): Promise<T[]> {
  let query = db.selectFrom("outbox").select("payload").where("kind", "=", kind);
  if (leadId !== undefined) query = query.where("lead_id", "=", leadId);
  const rows = await query.orderBy("created_at").execute();
  return rows.map((row) => JSON.parse(row.payload) as T);
}

/** The addresses of the enabled admin accounts, by address: who can still manage the others. */
export async function enabledAdmins(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom("staff_accounts")
    .select("email")
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .orderBy("email_key")
    .execute();
  return rows.map((row) => row.email);
}
