import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Contact } from "../../leads/contact";
import type { DemoRequest } from "../../leads/demo";
import { enqueueMail } from "../mail/outbox";
import type { MailMessage } from "../mail/message";
import type { DB } from "./database";

/** URL-safe random token for confirmation and unsubscribe links. */
const token = () => randomBytes(24).toString("base64url");

/** True when an insert failed only because this submission's key was stored before. */
function isRepeatedKey(error: unknown, requestKey: string | null): boolean {
  const text = String(error);
  return requestKey !== null && /unique|duplicate/i.test(text) && /request_key/i.test(text);
}

/**
 * Stores a contact message and its notification in one transaction (D9). A repeated submission
 * (the same requestKey, e.g. a retry after a timeout) is not stored or notified twice.
 */
export async function saveContact(
  db: DB,
  contact: Contact,
  notify: (receivedAt: string) => MailMessage,
  requestKey: string | null = null,
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("contact_messages")
        .values({
          id,
          first_name: contact.firstName,
          last_name: contact.lastName,
          email: contact.email,
          phone: contact.phone,
          message: contact.message,
          policy_agreed_at: now,
          request_key: requestKey,
          created_at: now,
        })
        .execute();
      await enqueueMail(trx, { kind: "contact", leadId: id, message: notify(now), now });
    })
    .catch((error: unknown) => {
      if (!isRepeatedKey(error, requestKey)) throw error;
    });
  return id;
}

/** Stores a demo request, with the product and page it came from, and its notification. */
export async function saveDemoRequest(
  db: DB,
  demo: DemoRequest,
  page: string,
  notify: (receivedAt: string) => MailMessage,
  requestKey: string | null = null,
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const f = demo.formData;
  await db
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("demo_requests")
        .values({
          id,
          product: demo.product,
          page,
          name: f.name,
          email: f.email,
          phone: f.phone,
          company: f.company,
          job_title: f.jobTitle,
          industry: f.industry,
          request_key: requestKey,
          created_at: now,
        })
        .execute();
      await enqueueMail(trx, { kind: "demo", leadId: id, message: notify(now), now });
    })
    .catch((error: unknown) => {
      if (!isRepeatedKey(error, requestKey)) throw error;
    });
  return id;
}

/** A pending subscriber who asks again gets a fresh confirmation e-mail at most this often. */
export const CONFIRMATION_RESEND_MS = 60 * 60_000;

type ConfirmationMail = (tokens: { confirmToken: string; unsubscribeToken: string }) => MailMessage;

/**
 * Newsletter sign-up with double opt-in (D10). One row per address whatever happens: a new
 * address is stored as pending with a confirmation e-mail; a pending one gets the e-mail again
 * (at most hourly); a confirmed one is left alone; an unsubscribed one starts over as pending.
 */
export async function subscribe(
  db: DB,
  email: string,
  source: string,
  confirmation: ConfirmationMail,
): Promise<void> {
  const emailKey = email.toLowerCase();
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const now = new Date();
      const at = now.toISOString();
      const existing = await trx
        .selectFrom("newsletter_subscriptions")
        .selectAll()
        .where("email_key", "=", emailKey)
        .executeTakeFirst();

      if (!existing) {
        const row = {
          id: randomUUID(),
          email,
          email_key: emailKey,
          status: "pending" as const,
          confirm_token: token(),
          unsubscribe_token: token(),
          consent_at: at,
          confirmed_at: null,
          unsubscribed_at: null,
          source,
          created_at: at,
          updated_at: at,
        };
        await trx.insertInto("newsletter_subscriptions").values(row).execute();
        await enqueueMail(trx, {
          kind: "newsletter-confirmation",
          leadId: row.id,
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
      await enqueueMail(trx, {
        kind: "newsletter-confirmation",
        leadId: existing.id,
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

/** Confirms a pending subscription by its token; confirming twice is fine. */
export async function confirmSubscription(db: DB, confirmToken: string): Promise<ConfirmResult> {
  const at = new Date().toISOString();
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "status"])
    .where("confirm_token", "=", confirmToken)
    .executeTakeFirst();
  if (!row || row.status === "unsubscribed") return "invalid";
  if (row.status === "pending") {
    await db
      .updateTable("newsletter_subscriptions")
      .set({ status: "confirmed", confirmed_at: at, updated_at: at })
      .where("id", "=", row.id)
      .execute();
  }
  return "confirmed";
}

/** Unsubscribes by token. Tokens never expire, so an old e-mail's link keeps working. */
export async function unsubscribe(db: DB, unsubscribeToken: string): Promise<boolean> {
  const at = new Date().toISOString();
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "status"])
    .where("unsubscribe_token", "=", unsubscribeToken)
    .executeTakeFirst();
  if (!row) return false;
  if (row.status !== "unsubscribed") {
    await db
      .updateTable("newsletter_subscriptions")
      .set({ status: "unsubscribed", unsubscribed_at: at, updated_at: at })
      .where("id", "=", row.id)
      .execute();
  }
  return true;
}

/**
 * Erases everything stored about one e-mail address (a data subject's request under Ghana's Data
 * Protection Act, 2012): newsletter subscription, contact messages, demo requests and every
 * outbox message about them. Returns how many rows went from each table.
 */
export async function forgetPerson(db: DB, email: string): Promise<Record<string, number>> {
  const key = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const leadIds = [
      ...(await trx
        .selectFrom("newsletter_subscriptions")
        .select("id")
        .where("email_key", "=", key)
        .execute()),
      ...(await trx
        .selectFrom("contact_messages")
        .select("id")
        .where(sql<string>`lower(email)`, "=", key)
        .execute()),
      ...(await trx
        .selectFrom("demo_requests")
        .select("id")
        .where(sql<string>`lower(email)`, "=", key)
        .execute()),
    ].map((row) => row.id);
    const removed = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) =>
      Number((await query.executeTakeFirst()).numDeletedRows);
    return {
      outbox: leadIds.length
        ? await removed(trx.deleteFrom("outbox").where("lead_id", "in", leadIds))
        : 0,
      newsletter_subscriptions: await removed(
        trx.deleteFrom("newsletter_subscriptions").where("email_key", "=", key),
      ),
      contact_messages: await removed(
        trx.deleteFrom("contact_messages").where(sql<string>`lower(email)`, "=", key),
      ),
      demo_requests: await removed(
        trx.deleteFrom("demo_requests").where(sql<string>`lower(email)`, "=", key),
      ),
    };
  });
}
