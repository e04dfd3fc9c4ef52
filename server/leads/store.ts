/**
 * Storing a lead: a contact message or a demo request, with its owner (the routing rules,
 * routing/), its notification e-mails and alerts (the outbox) in one transaction, once per
 * submission (the browser's Idempotency-Key).
 */
import { createHash, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Contact } from "../../leads/contact";
import type { DemoRequest } from "../../leads/demo";
import { emailKey } from "../../leads/email";
import { phoneE164 } from "../../leads/phone";
import type { LeadType } from "../../leads/workflow";
import type { AlertEntry } from "../alerts/alerts";
import { enqueue, enqueueMail } from "../mail/outbox";
import type { MailMessage } from "../mail/message";
import { LEAD_ASSIGNED_KIND, leadAssignedMail } from "../mail/emails/lead-assigned";
import type { RenderedEmail } from "../mail/emails/parts";
import { type Owner, recordAssignment, routeLead } from "./routing/assign";
import { hasRoutingRules } from "./routing/rules";
import { attributionColumns } from "./attribution";
import { consentWordingId } from "../people/consent-wordings";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import { contactSearchText, demoSearchText } from "../db/search-text";

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

/**
 * The alerts of a new lead (server/alerts/), given its time of arrival, id, and the owner routing
 * gave it (null: nobody was available; undefined: no rule matched).
 */
export type LeadAlerts = (
  receivedAt: string,
  id: string,
  owner: Owner | null | undefined,
) => AlertEntry[];
const noAlerts: LeadAlerts = () => [];

/** What goes with a lead as it is stored. */
export interface LeadDelivery {
  /**
   * The sales team's e-mail, given the time of arrival and the new row's id. Rendered before the
   * transaction opens: on SQLite a transaction holds every other write while it is open.
   */
  notify: (receivedAt: string, id: string) => Promise<MailMessage>;
  /** The browser's Idempotency-Key, if it sent one. */
  requestKey?: string | null;
  alerts?: LeadAlerts;
  /**
   * The e-mail telling the lead's owner it is theirs (mail/emails/lead-assigned.tsx), given the
   * time of arrival and id: rendered before the transaction too, when there are routing rules,
   * and addressed in it to the owner they pick.
   */
  ownerNotice?: (receivedAt: string, id: string) => Promise<RenderedEmail>;
}

/** Stores alerts in the caller's transaction, as deliveries about `leadId`. */
export async function enqueueAlerts(
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
    "id" | "created_at" | "request_key" | "request_hash" | "consent_wording_id" | "anonymised_at"
  >,
  /**
   * The form, its submitted values, the version of the consent wording it showed, and the
   * product a demo request is for (which routing reads).
   */
  lead: {
    kind: LeadType;
    content: unknown;
    consentVersion: string | undefined;
    product: string | null;
  },
  { notify, requestKey = null, alerts = noAlerts, ownerNotice }: LeadDelivery,
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const requestHash = requestKey ? fingerprint(lead.content) : null;
  const message = await notify(now, id);
  const ownerMail = ownerNotice && (await hasRoutingRules(db)) ? await ownerNotice(now, id) : null;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto(table)
        .values({
          ...row(now),
          id,
          consent_wording_id: await consentWordingId(trx, lead.kind, lead.consentVersion, now),
          request_key: requestKey,
          request_hash: requestHash,
          created_at: now,
        } as never) // the row fits `table`; Kysely cannot type values for a union of tables
        .execute();
      await enqueueMail(trx, { kind: lead.kind, leadId: id, message, now });
      // Its owner, in this transaction: a lead is never stored without the rules applied to it.
      const routed = await routeLead(trx, lead.kind, lead.product);
      if (routed) await recordAssignment(trx, { type: lead.kind, id }, routed.owner, now);
      if (routed?.owner && ownerMail) {
        const toOwner = leadAssignedMail(ownerMail, routed.owner);
        await enqueueMail(trx, { kind: LEAD_ASSIGNED_KIND, leadId: id, message: toOwner, now });
      }
      await enqueueAlerts(trx, id, alerts(now, id, routed ? routed.owner : undefined), now);
    });
    return id;
  } catch (error) {
    if (!requestKey || !isUniqueViolation(error, "request_key")) throw error;
    const stored = await db
      .selectFrom(table)
      .select(["id", "request_hash"])
      .where("request_key", "=", requestKey)
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
export function saveContact(db: DB, contact: Contact, delivery: LeadDelivery): Promise<string> {
  return saveLead(
    db,
    "contact_messages",
    (receivedAt) => ({
      first_name: contact.firstName,
      last_name: contact.lastName,
      email: contact.email,
      email_key: emailKey(contact.email),
      phone: contact.phone,
      phone_e164: phoneE164(contact.phone),
      message: contact.message,
      policy_agreed_at: receivedAt,
      ...attributionColumns(contact.source),
      search_text: contactSearchText({
        first_name: contact.firstName,
        last_name: contact.lastName,
        email: contact.email,
        phone: contact.phone,
        message: contact.message,
      }),
    }),
    {
      kind: "contact",
      content: { ...contact, website: undefined },
      consentVersion: contact.consentVersion,
      product: null,
    },
    delivery,
  );
}

/** Stores a demo request, with the product and page it came from, and its notification. */
export function saveDemoRequest(
  db: DB,
  demo: DemoRequest,
  page: string,
  delivery: LeadDelivery,
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
      phone_e164: phoneE164(f.phone),
      company: f.company,
      job_title: f.jobTitle,
      industry: f.industry,
      ...attributionColumns(demo.source),
      search_text: demoSearchText(f),
    }),
    {
      kind: "demo",
      content: { ...demo, website: undefined },
      consentVersion: demo.consentVersion,
      product: demo.product,
    },
    delivery,
  );
}
