import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type Transaction, sql } from "kysely";
import type { Contact } from "../../leads/contact";
import type { DemoRequest } from "../../leads/demo";
import { emailKey, mailboxKey } from "../../leads/email";
import type { AlertEntry, SubscriberChange } from "../alerts/alerts";
import { enqueue, enqueueMail } from "../mail/outbox";
import type { MailMessage } from "../mail/message";
import { type DB, lockKeyForTransaction } from "./database";
import type { LeadSource } from "../../leads/source";
import type { AttributionColumns, Database } from "./schema";
import { contactSearchText, demoSearchText } from "./search-text";

/** A lead's attribution as stored: one column each, null for what the visit did not say. */
export function attributionColumns(source: LeadSource | undefined): AttributionColumns {
  return {
    landing_page: source?.landingPage ?? null,
    referrer: source?.referrer ?? null,
    utm_source: source?.utmSource ?? null,
    utm_medium: source?.utmMedium ?? null,
    utm_campaign: source?.utmCampaign ?? null,
    utm_term: source?.utmTerm ?? null,
    utm_content: source?.utmContent ?? null,
  };
}

/** URL-safe random token for confirmation and unsubscribe links. */
const token = () => randomBytes(24).toString("base64url");

/**
 * A browser's Idempotency-Key came back with a different submission. A retry repeats the same
 * one, so this is another lead (or a forged key): it is refused with a clear error rather than
 * answered "thank you" and dropped.
 */
export class RequestKeyReusedError extends Error {
  constructor() {
    super("This Idempotency-Key was used for a different submission");
  }
}

/** What identifies a submission's content: the validated values, in the schema's order. */
const fingerprint = (values: unknown) =>
  createHash("sha256").update(JSON.stringify(values)).digest("base64url");

const isUniqueViolation = (error: unknown, column: string) => {
  const text = String(error);
  return /unique|duplicate/i.test(text) && text.includes(column);
};

/** The alerts of a new lead (server/alerts/), given its time of arrival and id. */
export type LeadAlerts = (receivedAt: string, id: string) => AlertEntry[];
const noAlerts: LeadAlerts = () => [];

/** Stores alerts in the caller's transaction, as deliveries about `leadId`. */
async function enqueueAlerts(
  trx: Transaction<Database>,
  leadId: string,
  entries: AlertEntry[],
  now: string,
) {
  for (const { kind, payload } of entries) await enqueue(trx, { kind, leadId, payload, now });
}

/**
 * Stores a lead row, its notification and its alerts in one transaction. A repeated submission (the same
 * requestKey with the same content, e.g. a retry after a timeout) is neither stored nor notified
 * twice; the same key with other content throws RequestKeyReusedError.
 */
async function saveLead(
  db: DB,
  table: "contact_messages" | "demo_requests",
  row: (
    receivedAt: string,
  ) => Omit<
    Database["contact_messages"] | Database["demo_requests"],
    "id" | "created_at" | "request_key" | "request_hash"
  >,
  lead: { kind: "contact" | "demo"; content: unknown; requestKey: string | null },
  notify: (receivedAt: string, id: string) => MailMessage,
  alerts: LeadAlerts,
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const requestHash = lead.requestKey ? fingerprint(lead.content) : null;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto(table)
        .values({
          ...row(now),
          id,
          request_key: lead.requestKey,
          request_hash: requestHash,
          created_at: now,
        } as never) // the row fits `table`; Kysely cannot type values for a union of tables
        .execute();
      await enqueueMail(trx, { kind: lead.kind, leadId: id, message: notify(now, id), now });
      await enqueueAlerts(trx, id, alerts(now, id), now);
    });
    return id;
  } catch (error) {
    if (!lead.requestKey || !isUniqueViolation(error, "request_key")) throw error;
    const stored = await db
      .selectFrom(table)
      .select(["id", "request_hash"])
      .where("request_key", "=", lead.requestKey)
      .executeTakeFirst();
    if (!stored) throw error;
    // A lead stored before fingerprints existed (null) is taken to be this one, as it was then.
    if (stored.request_hash !== null && stored.request_hash !== requestHash) {
      throw new RequestKeyReusedError();
    }
    return stored.id;
  }
}

/** Stores a contact message and its notification in one transaction. */
export function saveContact(
  db: DB,
  contact: Contact,
  /** The sales team's e-mail, given the time of arrival and the new row's id. */
  notify: (receivedAt: string, id: string) => MailMessage,
  requestKey: string | null = null,
  alerts: LeadAlerts = noAlerts,
): Promise<string> {
  return saveLead(
    db,
    "contact_messages",
    (receivedAt) => ({
      first_name: contact.firstName,
      last_name: contact.lastName,
      email: contact.email,
      email_key: emailKey(contact.email),
      phone: contact.phone,
      message: contact.message,
      policy_agreed_at: receivedAt,
      ...attributionColumns(contact.source),
      search_text: contactSearchText({
        first_name: contact.firstName,
        last_name: contact.lastName,
        email: contact.email,
        message: contact.message,
      }),
    }),
    { kind: "contact", content: { ...contact, website: undefined }, requestKey },
    notify,
    alerts,
  );
}

/** Stores a demo request, with the product and page it came from, and its notification. */
export function saveDemoRequest(
  db: DB,
  demo: DemoRequest,
  page: string,
  notify: (receivedAt: string, id: string) => MailMessage,
  requestKey: string | null = null,
  alerts: LeadAlerts = noAlerts,
): Promise<string> {
  const f = demo.formData;
  return saveLead(
    db,
    "demo_requests",
    () => ({
      product: demo.product,
      page,
      name: f.name,
      email: f.email,
      email_key: emailKey(f.email),
      phone: f.phone,
      company: f.company,
      job_title: f.jobTitle,
      industry: f.industry,
      ...attributionColumns(demo.source),
      search_text: demoSearchText({ name: f.name, email: f.email, company: f.company }),
    }),
    { kind: "demo", content: { ...demo, website: undefined }, requestKey },
    notify,
    alerts,
  );
}

/** A pending subscriber who asks again gets a fresh confirmation e-mail at most this often. */
export const CONFIRMATION_RESEND_MS = 60 * 60_000;

/**
 * Confirmation e-mails to one mailbox in any 24 hours, whoever asks, from wherever: the sign-up
 * form must not become a way to flood someone's inbox. Sign-ups beyond it are stored and
 * answered as usual; the e-mail simply waits for a later sign-up.
 */
export const CONFIRMATIONS_PER_MAILBOX_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

type ConfirmationMail = (tokens: { confirmToken: string; unsubscribeToken: string }) => MailMessage;

/**
 * Newsletter sign-up with double opt-in. One row per address whatever happens: a new
 * address is stored as pending with a confirmation e-mail; a pending one gets the e-mail again
 * (at most hourly); a confirmed one is left alone; an unsubscribed one starts over as pending.
 */
export async function subscribe(
  db: DB,
  email: string,
  /** The page of the sign-up form, and where the visit came from (kept from the first sign-up). */
  { formPage, source }: { formPage: string; source?: LeadSource },
  confirmation: ConfirmationMail,
): Promise<void> {
  const key = emailKey(email);
  const mailbox = mailboxKey(email);
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const now = new Date();
      const at = now.toISOString();
      // Sign-ups for one mailbox under several spellings must not race past the daily limit.
      await lockKeyForTransaction(trx, `confirmations:${mailbox}`);
      const mayMail = async () => {
        // Written as SQL: on every sign-up, and Kysely's builder took three times as long.
        const since = new Date(now.getTime() - DAY_MS).toISOString();
        const { rows } = await sql<{ sent: number | string }>`
          select count(*) as sent from outbox
          where recipient_key = ${mailbox} and created_at > ${since}`.execute(trx);
        return Number(rows[0]?.sent ?? 0) < CONFIRMATIONS_PER_MAILBOX_PER_DAY;
      };
      const existing = await trx
        .selectFrom("newsletter_subscriptions")
        .selectAll()
        .where("email_key", "=", key)
        .executeTakeFirst();

      if (!existing) {
        const row = {
          id: randomUUID(),
          email,
          email_key: key,
          status: "pending" as const,
          confirm_token: token(),
          unsubscribe_token: token(),
          consent_at: at,
          confirmed_at: null,
          unsubscribed_at: null,
          source: formPage,
          ...attributionColumns(source),
          created_at: at,
          updated_at: at,
        };
        await trx.insertInto("newsletter_subscriptions").values(row).execute();
        if (!(await mayMail())) return;
        await enqueueMail(trx, {
          kind: "newsletter-confirmation",
          leadId: row.id,
          recipientKey: mailbox,
          message: confirmation({
            confirmToken: row.confirm_token,
            unsubscribeToken: row.unsubscribe_token,
          }),
          now: at,
        });
        return;
      }
      if (existing.status === "confirmed") return;

      if (existing.status === "pending") {
        const last = await trx
          .selectFrom("outbox")
          .select("created_at")
          .where("lead_id", "=", existing.id)
          .where("kind", "=", "newsletter-confirmation")
          .orderBy("created_at", "desc")
          .executeTakeFirst();
        if (last && now.getTime() - Date.parse(last.created_at) < CONFIRMATION_RESEND_MS) return;
      }
      const confirmToken = existing.status === "unsubscribed" ? token() : existing.confirm_token;
      await trx
        .updateTable("newsletter_subscriptions")
        .set({
          status: "pending",
          confirm_token: confirmToken,
          consent_at: at,
          unsubscribed_at: null,
          updated_at: at,
        })
        .where("id", "=", existing.id)
        .execute();
      if (!(await mayMail())) return;
      await enqueueMail(trx, {
        kind: "newsletter-confirmation",
        leadId: existing.id,
        recipientKey: mailbox,
        message: confirmation({ confirmToken, unsubscribeToken: existing.unsubscribe_token }),
        now: at,
      });
    });
  try {
    await attempt();
  } catch (error) {
    // Two sign-ups for the same new address at the same moment: one insert wins the unique
    // key; the other simply runs again and finds the row.
    if (!/unique|duplicate/i.test(String(error))) throw error;
    await attempt();
  }
}

export type ConfirmResult = "confirmed" | "invalid";

/** The alerts of a subscription's change (server/alerts/); none by default. */
export type SubscriberAlerts = (change: SubscriberChange) => AlertEntry[];

/** The welcome e-mail of a subscriber who just confirmed (server/newsletter/welcome.ts). */
export type WelcomeMail = (
  trx: Transaction<Database>,
  subscriber: { email: string; unsubscribeToken: string },
) => Promise<MailMessage>;

/**
 * Confirms a pending subscription by its token; confirming twice is fine. The change, its alerts
 * and the welcome e-mail are stored together, once.
 */
export async function confirmSubscription(
  db: DB,
  confirmToken: string,
  { alerts = () => [], welcome }: { alerts?: SubscriberAlerts; welcome?: WelcomeMail } = {},
): Promise<ConfirmResult> {
  const found = await changeSubscription(
    db,
    "confirm_token",
    confirmToken,
    "confirmed",
    alerts,
    async (trx, row, at) => {
      if (!welcome) return;
      await enqueueMail(trx, {
        kind: "newsletter-welcome",
        leadId: row.id,
        message: await welcome(trx, { email: row.email, unsubscribeToken: row.unsubscribe_token }),
        now: at,
      });
    },
  );
  return found ? "confirmed" : "invalid";
}

/**
 * Unsubscribes by token. Tokens never expire, so an old e-mail's link keeps working. Returns
 * false for an unknown token.
 */
export async function unsubscribe(
  db: DB,
  unsubscribeToken: string,
  alerts: SubscriberAlerts = () => [],
): Promise<boolean> {
  return changeSubscription(db, "unsubscribe_token", unsubscribeToken, "unsubscribed", alerts);
}

/**
 * Moves the subscription a token names to `to`, once; a repeat changes and announces nothing.
 * False when no subscription can take the change (unknown token, or confirming one that ended).
 */
async function changeSubscription(
  db: DB,
  tokenColumn: "confirm_token" | "unsubscribe_token",
  tokenValue: string,
  to: "confirmed" | "unsubscribed",
  alerts: SubscriberAlerts,
  /** More to store with the change, in its transaction. */
  also?: (
    trx: Transaction<Database>,
    row: { id: string; email: string; unsubscribe_token: string },
    at: string,
  ) => Promise<void>,
): Promise<boolean> {
  const at = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("newsletter_subscriptions")
      .select(["id", "email", "status", "source", "unsubscribe_token"])
      .where(tokenColumn, "=", tokenValue)
      .executeTakeFirst();
    if (!row || (to === "confirmed" && row.status === "unsubscribed")) return false;
    const moves = to === "confirmed" ? row.status === "pending" : row.status !== "unsubscribed";
    if (!moves) return true;
    const changed = await trx
      .updateTable("newsletter_subscriptions")
      .set(
        to === "confirmed"
          ? { status: "confirmed", confirmed_at: at, updated_at: at }
          : { status: "unsubscribed", unsubscribed_at: at, updated_at: at },
      )
      .where("id", "=", row.id)
      .where("status", "=", row.status)
      .executeTakeFirst();
    // Another request moved it first (two clicks at once): that one announces it.
    if (Number(changed.numUpdatedRows) !== 1) return true;
    await enqueueAlerts(trx, row.id, alerts({ email: row.email, at, signUpPage: row.source }), at);
    await also?.(trx, row, at);
    return true;
  });
}

/**
 * Erases everything stored about one e-mail address (a data subject's request under Ghana's Data
 * Protection Act, 2012): subscription, contact messages, demo requests, the outbox messages about
 * them, and those leads' inbox status, notes and history. Returns the rows erased per table.
 * `within` runs in the transaction once they are gone, with the erased outbox rows' ids.
 */
type Erased = Record<string, number>;
export async function forgetPerson(
  db: DB,
  email: string,
  within?: (trx: Transaction<Database>, erased: Erased, outbox: { id: string }[]) => Promise<void>,
): Promise<Erased> {
  const key = emailKey(email);
  return db.transaction().execute(async (trx) => {
    const leadIds: string[] = [];
    const idsOf: Record<string, string[]> = {};
    for (const table of [
      "newsletter_subscriptions",
      "contact_messages",
      "demo_requests",
    ] as const) {
      const rows = await trx.selectFrom(table).select("id").where("email_key", "=", key).execute();
      idsOf[table] = rows.map((row) => row.id);
      leadIds.push(...rows.map((row) => row.id));
    }
    const removed = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) =>
      Number((await query.executeTakeFirst()).numDeletedRows);
    // The inbox's status, owner, notes and history of the person's contact and demo leads.
    const workflow = async (table: "lead_states" | "lead_events") => {
      let count = 0;
      for (const [type, ids] of [
        ["contact", idsOf.contact_messages ?? []],
        ["demo", idsOf.demo_requests ?? []],
      ] as const) {
        if (!ids.length) continue;
        count += await removed(
          trx.deleteFrom(table).where("lead_type", "=", type).where("lead_id", "in", ids),
        );
      }
      return count;
    };
    const byKey = (table: "newsletter_subscriptions" | "contact_messages" | "demo_requests") =>
      removed(trx.deleteFrom(table).where("email_key", "=", key));
    const outbox = leadIds.length
      ? await trx.deleteFrom("outbox").where("lead_id", "in", leadIds).returning("id").execute()
      : [];
    const erased = {
      outbox: outbox.length,
      lead_states: await workflow("lead_states"),
      lead_events: await workflow("lead_events"),
      newsletter_subscriptions: await byKey("newsletter_subscriptions"),
      contact_messages: await byKey("contact_messages"),
      demo_requests: await byKey("demo_requests"),
    };
    await within?.(trx, erased, outbox);
    return erased;
  });
}
